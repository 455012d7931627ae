/**
 * The editor's state and its history, as pure functions. A step changes the document and is
 * recorded (undo/redo keep up to {@link HISTORY_LIMIT} steps); selection and the current page
 * are view state, restored with the document they belong to. Steps with the same `merge` key in
 * a row (typing into one field, dragging one slider) become one undo step.
 */
import {
  addElements,
  addPage,
  CommandRefused,
  deleteElements,
  deletePage,
  duplicateElements,
  duplicatePage,
  groupElements,
  movePage,
  prepareForPaste,
  reorderElement,
  resizeDocument,
  setPageBackground,
  ungroupElement,
  updateEach,
  updateElements,
  type IdMaker,
  type Reorder,
} from './commands';
import { findElement, walk, type DesignDocument, type DesignElement } from './document';

export const HISTORY_LIMIT = 200;

type Snapshot = { doc: DesignDocument; pageIndex: number; selection: string[] };

export type EditorState = {
  doc: DesignDocument;
  /** The page being edited. */
  pageIndex: number;
  /** Ids of the selected elements (all on the current page). */
  selection: string[];
  past: Snapshot[];
  future: Snapshot[];
  /** The merge key of the last recorded step. */
  lastMerge: string | null;
  /** Counts document changes, so savers know something changed. */
  revision: number;
};

export function createEditorState(doc: DesignDocument): EditorState {
  return { doc, pageIndex: 0, selection: [], past: [], future: [], lastMerge: null, revision: 0 };
}

/** The state after a document change, recorded in the history. */
function record(
  state: EditorState,
  doc: DesignDocument,
  view: Partial<Pick<EditorState, 'pageIndex' | 'selection'>> = {},
  merge: string | null = null,
): EditorState {
  if (doc === state.doc) return { ...state, ...view };
  const merging = merge !== null && merge === state.lastMerge && state.past.length > 0;
  const past = merging
    ? state.past
    : [...state.past, { doc: state.doc, pageIndex: state.pageIndex, selection: state.selection }].slice(-HISTORY_LIMIT);
  const next = { ...state, ...view, doc, past, future: [], lastMerge: merge, revision: state.revision + 1 };
  next.pageIndex = Math.max(0, Math.min(doc.pages.length - 1, next.pageIndex));
  return next;
}

export function canUndo(state: EditorState): boolean {
  return state.past.length > 0;
}

export function canRedo(state: EditorState): boolean {
  return state.future.length > 0;
}

export function undo(state: EditorState): EditorState {
  const previous = state.past[state.past.length - 1];
  if (!previous) return state;
  return {
    ...state,
    ...previous,
    past: state.past.slice(0, -1),
    future: [{ doc: state.doc, pageIndex: state.pageIndex, selection: state.selection }, ...state.future],
    lastMerge: null,
    revision: state.revision + 1,
  };
}

export function redo(state: EditorState): EditorState {
  const next = state.future[0];
  if (!next) return state;
  return {
    ...state,
    ...next,
    past: [...state.past, { doc: state.doc, pageIndex: state.pageIndex, selection: state.selection }],
    future: state.future.slice(1),
    lastMerge: null,
    revision: state.revision + 1,
  };
}

/** Everything the user can do to a design. */
export type EditorAction =
  | { type: 'select'; ids: string[] }
  | { type: 'toggle-select'; id: string }
  | { type: 'set-page'; index: number }
  | { type: 'add'; elements: DesignElement[] }
  | { type: 'update'; ids: string[]; patch: Partial<DesignElement>; merge?: string }
  | { type: 'update-each'; patches: Record<string, Partial<DesignElement>>; merge?: string }
  | { type: 'delete'; ids?: string[] }
  | { type: 'duplicate'; ids?: string[] }
  | { type: 'reorder'; id: string; to: Reorder | number }
  | { type: 'group'; ids?: string[] }
  | { type: 'ungroup'; id?: string }
  | { type: 'add-page' }
  | { type: 'duplicate-page'; index?: number }
  | { type: 'move-page'; from: number; to: number }
  | { type: 'delete-page'; index?: number }
  | { type: 'page-background'; background: string; merge?: string }
  | { type: 'resize'; width: number; height: number }
  | { type: 'paste'; elements: DesignElement[] }
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'replace-document'; doc: DesignDocument }
  /** Facts of the document the editor writes back (re-fitted text heights): saved, not an undo step. */
  | { type: 'normalize'; patches: Record<string, Partial<DesignElement>> }
  | { type: 'undo' }
  | { type: 'redo' };

/** The ids of the selection, skipping ones no longer in the document. */
function liveSelection(state: EditorState, ids?: string[]): string[] {
  return (ids ?? state.selection).filter((id) => findElement(state.doc, id) !== null);
}

/**
 * Applies one action. Throws {@link CommandRefused} when the document's rules forbid it (the
 * page is full); the state is then unchanged.
 */
export function applyAction(state: EditorState, action: EditorAction, makeId: IdMaker): EditorState {
  const { doc, pageIndex } = state;
  switch (action.type) {
    case 'select':
      return { ...state, selection: liveSelection(state, action.ids), lastMerge: null };
    case 'toggle-select': {
      const selection = state.selection.includes(action.id)
        ? state.selection.filter((id) => id !== action.id)
        : [...state.selection, action.id];
      return { ...state, selection, lastMerge: null };
    }
    case 'set-page':
      if (!doc.pages[action.index]) return state;
      return { ...state, pageIndex: action.index, selection: [], lastMerge: null };
    case 'add':
      return record(state, addElements(doc, pageIndex, action.elements), { selection: action.elements.map((e) => e.id) });
    case 'update':
      return record(state, updateElements(doc, action.ids, action.patch), {}, action.merge ?? null);
    case 'update-each':
      return record(state, updateEach(doc, action.patches), {}, action.merge ?? null);
    case 'delete': {
      const ids = liveSelection(state, action.ids);
      const next = deleteElements(doc, ids);
      const selection = state.selection.filter((id) => findElement(next, id) !== null);
      return record(state, next, { selection });
    }
    case 'duplicate': {
      const result = duplicateElements(doc, liveSelection(state, action.ids), makeId);
      return record(state, result.doc, { selection: result.ids });
    }
    case 'reorder':
      return record(state, reorderElement(doc, action.id, action.to));
    case 'group': {
      const ids = liveSelection(state, action.ids);
      const groupId = makeId();
      const next = groupElements(doc, ids, groupId);
      return record(state, next, next === doc ? {} : { selection: [groupId] });
    }
    case 'ungroup': {
      const id = action.id ?? state.selection[0];
      const found = id ? findElement(doc, id) : null;
      if (!id || !found || found.element.type !== 'group') return state;
      const childIds = (found.element.children ?? []).map((c) => c.id);
      return record(state, ungroupElement(doc, id), { selection: childIds });
    }
    case 'add-page':
      return record(state, addPage(doc, pageIndex, makeId()), { pageIndex: pageIndex + 1, selection: [] });
    case 'duplicate-page': {
      const index = action.index ?? pageIndex;
      return record(state, duplicatePage(doc, index, makeId), { pageIndex: index + 1, selection: [] });
    }
    case 'move-page': {
      // The page on screen stays on screen wherever the move puts it.
      const next = movePage(doc, action.from, action.to);
      const shown = doc.pages[pageIndex]?.id;
      const at = next.pages.findIndex((p) => p.id === shown);
      return record(state, next, at >= 0 ? { pageIndex: at } : {});
    }
    case 'delete-page': {
      const index = action.index ?? pageIndex;
      const next = deletePage(doc, index);
      return record(state, next, { pageIndex: Math.min(pageIndex, next.pages.length - 1), selection: [] });
    }
    case 'page-background':
      return record(state, setPageBackground(doc, pageIndex, action.background), {}, action.merge ?? null);
    case 'resize':
      return record(state, resizeDocument(doc, action.width, action.height));
    case 'paste': {
      const page = doc.pages[pageIndex];
      const existing = new Set(page ? [...walk(page.children)].map((e) => e.id) : []);
      // Pasting into the design they came from offsets the copies so they are visible.
      const offset = action.elements.some((e) => existing.has(e.id)) ? 20 : 0;
      const copies = prepareForPaste(action.elements, makeId, offset);
      return record(state, addElements(doc, pageIndex, copies), { selection: copies.map((e) => e.id) });
    }
    case 'nudge': {
      const patches: Record<string, Partial<DesignElement>> = {};
      for (const id of liveSelection(state)) {
        const found = findElement(doc, id);
        if (!found || found.element.draggable === false || found.element.locked) continue;
        patches[id] = { x: found.element.x + action.dx, y: found.element.y + action.dy };
      }
      return record(state, updateEach(doc, patches), {}, 'nudge');
    }
    case 'normalize': {
      const next = updateEach(doc, action.patches);
      if (next === doc) return state;
      return { ...state, doc: next, revision: state.revision + 1 };
    }
    case 'replace-document':
      return { ...createEditorState(action.doc), revision: state.revision + 1 };
    case 'undo':
      return undo(state);
    case 'redo':
      return redo(state);
  }
}

export { CommandRefused };

/** The selected elements, in selection order. */
export function selectedElements(state: EditorState): DesignElement[] {
  return state.selection.flatMap((id) => {
    const found = findElement(state.doc, id);
    return found ? [found.element] : [];
  });
}
