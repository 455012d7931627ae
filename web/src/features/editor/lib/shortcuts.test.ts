import { commandFor, isTyping, SHORTCUTS } from './shortcuts';

const press = (key: string, more: Partial<KeyboardEvent> = {}) => ({ key, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, ...more });

describe('shortcuts', () => {
  test.each([
    [press('z', { ctrlKey: true }), { type: 'undo' }],
    [press('Z', { metaKey: true, shiftKey: true }), { type: 'redo' }],
    [press('y', { ctrlKey: true }), { type: 'redo' }],
    [press('d', { ctrlKey: true }), { type: 'duplicate' }],
    [press('g', { ctrlKey: true, shiftKey: true }), { type: 'ungroup' }],
    [press('Delete'), { type: 'delete' }],
    [press('ArrowLeft'), { type: 'nudge', dx: -1, dy: 0 }],
    [press('ArrowDown', { shiftKey: true }), { type: 'nudge', dx: 0, dy: 10 }],
    [press('?', { shiftKey: true }), { type: 'shortcuts' }],
    [press(']', { ctrlKey: true }), { type: 'arrange', to: 'up' }],
  ])('%j means %j', (event, command) => {
    expect(commandFor(event)).toEqual(command);
  });

  test('plain letters mean nothing', () => {
    expect(commandFor(press('k'))).toBeNull();
  });

  test('every shortcut has a label for the sheet', () => {
    expect(SHORTCUTS.every((s) => s.label && s.keys)).toBe(true);
  });

  test('typing in a field is not a shortcut', () => {
    expect(isTyping(document.createElement('input'))).toBe(true);
    expect(isTyping(document.createElement('div'))).toBe(false);
  });
});
