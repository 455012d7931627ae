/**
 * Copy, cut and paste of the selected elements, also between designs and tabs (the elements are
 * kept by `model/clipboard.ts`).
 */
import { useMemo } from 'react';

import { copyElements, readClipboard } from '../model/clipboard';
import { selectedElements } from '../model/editor-state';
import type { EditorStore } from '../model/editor-store';

export type Clipboard = { copy: () => void; cut: () => void; paste: () => void };

export function useClipboard(store: EditorStore): Clipboard {
  return useMemo(
    () => ({
      copy: () => copyElements(selectedElements(store.getState())),
      cut: () => {
        copyElements(selectedElements(store.getState()));
        store.dispatch({ type: 'delete' });
      },
      paste: () => {
        const elements = readClipboard();
        if (elements.length > 0) store.dispatch({ type: 'paste', elements });
      },
    }),
    [store],
  );
}
