import { addDays } from './dates';
import { carryKey, pickUp, type Carry } from './keyboard-move';

// October 2026's grid: Monday 28 September to Sunday 1 November, five weeks.
const DAYS = Array.from({ length: 35 }, (_, i) => addDays('2026-09-28', i));

function held(to: string, from = '2026-10-07'): Carry {
  return { designId: 'd1', name: 'Harvest flyer', from, to };
}

describe('moving a design with the keyboard', () => {
  it('picks up a design on its day and says how to move it', () => {
    const { carry, announce } = pickUp('d1', 'Harvest flyer', '2026-10-07');
    expect(carry).toEqual({ designId: 'd1', name: 'Harvest flyer', from: '2026-10-07', to: '2026-10-07' });
    expect(announce).toMatch(/^Picked up Harvest flyer from Wednesday 7 October 2026\. .*Enter.*Escape/);
  });

  it.each([
    ['ArrowRight', '2026-10-08'],
    ['ArrowLeft', '2026-10-06'],
    ['ArrowDown', '2026-10-14'],
    ['ArrowUp', '2026-09-30'],
    ['Home', '2026-10-05'],
    ['End', '2026-10-11'],
  ])('%s moves the target to %s and announces the day', (key, day) => {
    const step = carryKey(held('2026-10-07'), key, DAYS);
    expect(step.kind).toBe('carry');
    if (step.kind !== 'carry') return;
    expect(step.carry.to).toBe(day);
    expect(step.carry.from).toBe('2026-10-07');
    expect(step.announce).toMatch(new RegExp(`${Number(day.slice(8))} (September|October) 2026$`));
  });

  it('stops at the edges of the grid and says so', () => {
    for (const [day, key] of [
      ['2026-09-28', 'ArrowLeft'],
      ['2026-09-30', 'ArrowUp'],
      ['2026-11-01', 'ArrowRight'],
      ['2026-10-29', 'ArrowDown'],
    ] as const) {
      const step = carryKey(held(day), key, DAYS);
      expect(step).toEqual({ kind: 'carry', carry: held(day), announce: expect.stringMatching(/the calendar ends here/) });
    }
  });

  it('drops on the chosen day with Enter or Space', () => {
    for (const key of ['Enter', ' ']) {
      expect(carryKey(held('2026-10-20'), key, DAYS)).toEqual({
        kind: 'drop',
        designId: 'd1',
        day: '2026-10-20',
        announce: 'Harvest flyer moved to Tuesday 20 October 2026.',
      });
    }
  });

  it('dropping where it started, or Escape, puts it back', () => {
    expect(carryKey(held('2026-10-07'), 'Enter', DAYS).kind).toBe('cancel');
    expect(carryKey(held('2026-10-20'), 'Escape', DAYS)).toEqual({
      kind: 'cancel',
      announce: 'Move cancelled. Harvest flyer stays on Wednesday 7 October 2026.',
    });
  });

  it('ignores other keys', () => {
    expect(carryKey(held('2026-10-20'), 'a', DAYS)).toEqual({ kind: 'ignore' });
    expect(carryKey(held('2026-10-20'), 'Tab', DAYS)).toEqual({ kind: 'ignore' });
  });
});
