import { addDays, fullDate } from './dates';

/**
 * Moving a scheduled design with the keyboard, in the calendar grid itself: on a design's Move
 * button, Enter or Space picks it up, the arrow keys choose a day (a week up and down; Home and
 * End the week's ends), Enter or Space drops it there and Escape puts it back. Every step has a
 * sentence for a live region. The days are the grid's (a move stops at its edges).
 */
export type Carry = { designId: string; name: string; from: string; to: string };

export type CarryStep =
  | { kind: 'ignore' }
  | { kind: 'carry'; carry: Carry; announce: string }
  | { kind: 'drop'; designId: string; day: string; announce: string }
  | { kind: 'cancel'; announce: string };

/** Picks up design `designId` (`name`) from `day`. */
export function pickUp(designId: string, name: string, day: string): { carry: Carry; announce: string } {
  return {
    carry: { designId, name, from: day, to: day },
    announce: `Picked up ${name} from ${fullDate(day)}. Arrow keys choose a day, Enter drops it, Escape cancels.`,
  };
}

const DROP_KEYS = new Set(['Enter', ' ']);

/** What `key` does while `carry` is held, over the grid's `days` (Monday first, whole weeks). */
export function carryKey(carry: Carry, key: string, days: readonly string[]): CarryStep {
  if (key === 'Escape') {
    return { kind: 'cancel', announce: `Move cancelled. ${carry.name} stays on ${fullDate(carry.from)}.` };
  }
  if (DROP_KEYS.has(key)) {
    if (carry.to === carry.from) {
      return { kind: 'cancel', announce: `${carry.name} stays on ${fullDate(carry.from)}.` };
    }
    return { kind: 'drop', designId: carry.designId, day: carry.to, announce: `${carry.name} moved to ${fullDate(carry.to)}.` };
  }
  const index = days.indexOf(carry.to);
  const column = index - (index % 7);
  const moves: Record<string, string | undefined> = {
    ArrowLeft: addDays(carry.to, -1),
    ArrowRight: addDays(carry.to, 1),
    ArrowUp: addDays(carry.to, -7),
    ArrowDown: addDays(carry.to, 7),
    Home: days[column],
    End: days[column + 6],
  };
  if (!(key in moves)) return { kind: 'ignore' };
  const next = moves[key];
  if (next === undefined || !days.includes(next)) {
    return { kind: 'carry', carry, announce: `${fullDate(carry.to)}: the calendar ends here. Change the month after dropping.` };
  }
  return { kind: 'carry', carry: { ...carry, to: next }, announce: fullDate(next) };
}
