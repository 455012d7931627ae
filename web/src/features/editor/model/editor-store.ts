/**
 * The editor state in a tiny external store (for `useSyncExternalStore`): `dispatch` applies an
 * action with {@link applyAction}; listeners hear every new state.
 */
import { applyAction, CommandRefused, createEditorState, type EditorAction, type EditorState } from './editor-state';
import type { DesignDocument } from './document';

export function makeElementId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return random.replace(/-/g, '').slice(0, 12);
}

export class EditorStore {
  private state: EditorState;
  private readonly listeners = new Set<() => void>();
  private readonly makeId: () => string;
  private onRefused: (message: string) => void = () => undefined;

  constructor(doc: DesignDocument, makeId: () => string = makeElementId) {
    this.state = createEditorState(doc);
    this.makeId = makeId;
  }

  /** Who is told when a command is refused (the page is full …). */
  setRefusedHandler(handler: (message: string) => void): void {
    this.onRefused = handler;
  }

  getState = (): EditorState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispatch = (action: EditorAction): void => {
    let next: EditorState;
    try {
      next = applyAction(this.state, action, this.makeId);
    } catch (error) {
      if (error instanceof CommandRefused) {
        this.onRefused(error.message);
        return;
      }
      throw error;
    }
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  };
}
