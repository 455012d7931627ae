/**
 * Keyboard shortcuts of the editor: one table, read by the key handler and by the sheet `?`
 * opens. `mod` is Ctrl, or ⌘ on a Mac.
 */
import type { EditorAction } from '../model/editor-state';

export type ShortcutCommand =
  | EditorAction
  | { type: 'copy' }
  | { type: 'cut' }
  | { type: 'paste-clipboard' }
  | { type: 'select-all' }
  | { type: 'zoom-in' }
  | { type: 'zoom-out' }
  | { type: 'zoom-fit' }
  | { type: 'shortcuts' }
  | { type: 'deselect' }
  | { type: 'arrange'; to: 'up' | 'down' };

export type Shortcut = { keys: string; label: string; match: (e: KeyLike) => boolean; command: (e: KeyLike) => ShortcutCommand };

export type KeyLike = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>;

const mod = (e: KeyLike) => e.ctrlKey || e.metaKey;
const key = (e: KeyLike) => e.key.toLowerCase();

export const SHORTCUTS: Shortcut[] = [
  { keys: 'mod+Z', label: 'Undo', match: (e) => mod(e) && !e.shiftKey && key(e) === 'z', command: () => ({ type: 'undo' }) },
  { keys: 'mod+Shift+Z or mod+Y', label: 'Redo', match: (e) => mod(e) && ((e.shiftKey && key(e) === 'z') || key(e) === 'y'), command: () => ({ type: 'redo' }) },
  { keys: 'mod+C', label: 'Copy', match: (e) => mod(e) && key(e) === 'c', command: () => ({ type: 'copy' }) },
  { keys: 'mod+X', label: 'Cut', match: (e) => mod(e) && key(e) === 'x', command: () => ({ type: 'cut' }) },
  { keys: 'mod+V', label: 'Paste (also from another design)', match: (e) => mod(e) && key(e) === 'v', command: () => ({ type: 'paste-clipboard' }) },
  { keys: 'mod+D', label: 'Duplicate', match: (e) => mod(e) && key(e) === 'd', command: () => ({ type: 'duplicate' }) },
  { keys: 'mod+A', label: 'Select all', match: (e) => mod(e) && key(e) === 'a', command: () => ({ type: 'select-all' }) },
  { keys: 'mod+G', label: 'Group', match: (e) => mod(e) && !e.shiftKey && key(e) === 'g', command: () => ({ type: 'group' }) },
  { keys: 'mod+Shift+G', label: 'Ungroup', match: (e) => mod(e) && e.shiftKey && key(e) === 'g', command: () => ({ type: 'ungroup' }) },
  { keys: 'Delete or Backspace', label: 'Delete', match: (e) => e.key === 'Delete' || e.key === 'Backspace', command: () => ({ type: 'delete' }) },
  {
    keys: 'Arrows (Shift: 10 px)',
    label: 'Move the selection',
    match: (e) => ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key),
    command: (e) => {
      const step = e.shiftKey ? 10 : 1;
      const dx = e.key === 'ArrowLeft' ? -step : e.key === 'ArrowRight' ? step : 0;
      const dy = e.key === 'ArrowUp' ? -step : e.key === 'ArrowDown' ? step : 0;
      return { type: 'nudge', dx, dy };
    },
  },
  { keys: 'mod+]', label: 'Bring forward', match: (e) => mod(e) && e.key === ']', command: () => ({ type: 'arrange', to: 'up' }) },
  { keys: 'mod+[', label: 'Send backward', match: (e) => mod(e) && e.key === '[', command: () => ({ type: 'arrange', to: 'down' }) },
  { keys: '+', label: 'Zoom in', match: (e) => !mod(e) && (e.key === '+' || e.key === '='), command: () => ({ type: 'zoom-in' }) },
  { keys: '−', label: 'Zoom out', match: (e) => !mod(e) && (e.key === '-' || e.key === '_'), command: () => ({ type: 'zoom-out' }) },
  { keys: '0', label: 'Zoom to fit', match: (e) => !mod(e) && e.key === '0', command: () => ({ type: 'zoom-fit' }) },
  { keys: 'Escape', label: 'Clear the selection', match: (e) => e.key === 'Escape', command: () => ({ type: 'deselect' }) },
  { keys: '?', label: 'Show these shortcuts', match: (e) => e.key === '?', command: () => ({ type: 'shortcuts' }) },
];

/** The command a key press means, or null. */
export function commandFor(e: KeyLike): ShortcutCommand | null {
  const shortcut = SHORTCUTS.find((s) => s.match(e));
  return shortcut ? shortcut.command(e) : null;
}

/** Whether the key press happens in a text field (where the editor's keys do not apply). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
