/**
 * The editor's keyboard shortcuts: a key press anywhere but in a text field becomes the command
 * `lib/shortcuts.ts` gives it, run against the store, the clipboard and the zoom.
 */
import { useCallback, useEffect } from 'react';

import { commandFor, isTyping, type ShortcutCommand } from '../lib/shortcuts';
import type { EditorAction } from '../model/editor-state';
import type { EditorStore } from '../model/editor-store';

import type { Clipboard } from './use-clipboard';
import type { Zoom } from './use-zoom';

type Options = {
  store: EditorStore;
  clipboard: Clipboard;
  zoom: Pick<Zoom, 'zoomIn' | 'zoomOut' | 'fit'>;
  /** Opens the list of shortcuts. */
  showShortcuts: () => void;
  /** False while something else (a dialog) has the keyboard. */
  enabled: boolean;
};

/** Listens for shortcuts while `enabled`; returns the function that runs one command. */
export function useShortcuts({ store, clipboard, zoom, showShortcuts, enabled }: Options): (command: ShortcutCommand) => void {
  const { zoomIn, zoomOut, fit } = zoom;
  const run = useCallback(
    (command: ShortcutCommand) => {
      const current = store.getState();
      switch (command.type) {
        case 'copy':
          clipboard.copy();
          return;
        case 'cut':
          clipboard.cut();
          return;
        case 'paste-clipboard':
          clipboard.paste();
          return;
        case 'select-all':
          store.dispatch({
            type: 'select',
            ids: (current.doc.pages[current.pageIndex]?.children ?? []).filter((e) => !e.locked && e.visible !== false).map((e) => e.id),
          });
          return;
        case 'deselect':
          store.dispatch({ type: 'select', ids: [] });
          return;
        case 'zoom-in':
          zoomIn();
          return;
        case 'zoom-out':
          zoomOut();
          return;
        case 'zoom-fit':
          fit();
          return;
        case 'shortcuts':
          showShortcuts();
          return;
        case 'arrange': {
          const id = current.selection[0];
          if (id) store.dispatch({ type: 'reorder', id, to: command.to });
          return;
        }
        default:
          store.dispatch(command as EditorAction);
      }
    },
    [store, clipboard, zoomIn, zoomOut, fit, showShortcuts],
  );

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const command = commandFor(event);
      if (!command) return;
      event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run, enabled]);

  return run;
}
