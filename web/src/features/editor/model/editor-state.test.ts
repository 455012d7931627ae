import { MAX_ELEMENTS_PER_PAGE, blankDocument, findElement, type DesignDocument, type DesignElement, type DesignPage } from './document';
import { boundingBox } from './geometry';
import { applyAction, canRedo, canUndo, CommandRefused, createEditorState, HISTORY_LIMIT, selectedElements, type EditorAction, type EditorState } from './editor-state';

let counter = 0;
const makeId = () => `new-${++counter}`;
beforeEach(() => {
  counter = 0;
});

const rect = (id: string, x = 0, y = 0, more: Partial<DesignElement> = {}): DesignElement => ({
  id,
  type: 'figure',
  subType: 'rect',
  x,
  y,
  width: 100,
  height: 50,
  ...more,
});

function docWith(...elements: DesignElement[]): DesignDocument {
  const doc = blankDocument(1080, 1080);
  pageAt(doc, 0).children = elements;
  return doc;
}

function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce((s, a) => applyAction(s, a, makeId), state);
}

const pageIds = (state: EditorState, page = 0) => pageAt(state.doc, page).children.map((e) => e.id);

function pageAt(doc: DesignDocument, index: number): DesignPage {
  const page = doc.pages[index];
  if (!page) throw new Error(`no page ${index}`);
  return page;
}

function el(doc: DesignDocument, id: string): DesignElement {
  const found = findElement(doc, id);
  if (!found) throw new Error(`no element ${id}`);
  return found.element;
}

describe('editor state', () => {
  test('adding an element selects it, and undo/redo take it away and back', () => {
    const start = createEditorState(docWith());
    const added = run(start, { type: 'add', elements: [rect('a')] });
    expect(pageIds(added)).toEqual(['a']);
    expect(added.selection).toEqual(['a']);
    const undone = run(added, { type: 'undo' });
    expect(pageIds(undone)).toEqual([]);
    expect(undone.selection).toEqual([]);
    expect(canRedo(undone)).toBe(true);
    const redone = run(undone, { type: 'redo' });
    expect(pageIds(redone)).toEqual(['a']);
    expect(canRedo(redone)).toBe(false);
  });

  test('the document given is never changed', () => {
    const doc = docWith(rect('a'));
    const frozen = JSON.stringify(doc);
    run(createEditorState(doc), { type: 'update', ids: ['a'], patch: { x: 99 } }, { type: 'delete', ids: ['a'] }, { type: 'add-page' });
    expect(JSON.stringify(doc)).toBe(frozen);
  });

  test('undo keeps at least 100 steps, up to the limit', () => {
    let state = createEditorState(docWith(rect('a')));
    for (let i = 1; i <= HISTORY_LIMIT + 20; i += 1) state = run(state, { type: 'update', ids: ['a'], patch: { x: i } });
    for (let i = 0; i < HISTORY_LIMIT; i += 1) state = run(state, { type: 'undo' });
    expect(canUndo(state)).toBe(false);
    expect(el(state.doc, 'a').x).toBe(20);
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(100);
  });

  test('steps with the same merge key in a row are one undo step', () => {
    const state = run(
      createEditorState(docWith(rect('t', 0, 0, { type: 'text', text: '' }))),
      { type: 'update', ids: ['t'], patch: { text: 'H' }, merge: 'field:t' },
      { type: 'update', ids: ['t'], patch: { text: 'Hi' }, merge: 'field:t' },
      { type: 'update', ids: ['t'], patch: { fill: 'red' } },
    );
    const once = run(state, { type: 'undo' });
    expect(el(once.doc, 't').text).toBe('Hi');
    const twice = run(once, { type: 'undo' });
    expect(el(twice.doc, 't').text).toBe('');
  });

  test('a new change after undo drops the redo steps', () => {
    const state = run(createEditorState(docWith(rect('a'))), { type: 'update', ids: ['a'], patch: { x: 1 } }, { type: 'undo' }, { type: 'update', ids: ['a'], patch: { x: 2 } });
    expect(canRedo(state)).toBe(false);
  });

  test('update reaches elements inside groups', () => {
    const group = rect('g', 0, 0, { type: 'group', children: [rect('c')] });
    const state = run(createEditorState(docWith(group)), { type: 'update', ids: ['c'], patch: { fill: 'red' } });
    expect(el(state.doc, 'c').fill).toBe('red');
  });

  test('delete removes the selection but keeps elements that are not removable', () => {
    const state = run(
      createEditorState(docWith(rect('a'), rect('b', 0, 0, { removable: false }), rect('c'))),
      { type: 'select', ids: ['a', 'b'] },
      { type: 'delete' },
    );
    expect(pageIds(state)).toEqual(['b', 'c']);
    expect(state.selection).toEqual(['b']);
    expect(pageIds(run(state, { type: 'undo' }))).toEqual(['a', 'b', 'c']);
  });

  test('duplicate puts an offset copy with a fresh id above each original and selects the copies', () => {
    const state = run(createEditorState(docWith(rect('a', 10, 10), rect('b'))), { type: 'select', ids: ['a'] }, { type: 'duplicate' });
    expect(pageIds(state)).toEqual(['a', 'new-1', 'b']);
    expect(el(state.doc, 'new-1')).toMatchObject({ x: 30, y: 30 });
    expect(state.selection).toEqual(['new-1']);
  });

  test('duplicating a group gives its children fresh ids too', () => {
    const state = run(createEditorState(docWith(rect('g', 0, 0, { type: 'group', children: [rect('c')] }))), { type: 'duplicate', ids: ['g'] });
    const copy = el(state.doc, 'new-1');
    expect((copy.children ?? []).map((c) => c.id)).toEqual(['new-2']);
    expect(copy.id).toBe('new-1');
  });

  test.each([
    ['up', ['b', 'a', 'c']],
    ['down', ['a', 'b', 'c']],
    ['top', ['b', 'c', 'a']],
    ['bottom', ['a', 'b', 'c']],
  ] as const)('reorder %s moves the element within its list', (to, expected) => {
    const state = run(createEditorState(docWith(rect('a'), rect('b'), rect('c'))), { type: 'reorder', id: 'a', to });
    expect(pageIds(state)).toEqual(expected);
  });

  test('reorder to an index (the layers panel drag)', () => {
    const state = run(createEditorState(docWith(rect('a'), rect('b'), rect('c'))), { type: 'reorder', id: 'c', to: 0 });
    expect(pageIds(state)).toEqual(['c', 'a', 'b']);
  });

  test('group puts the elements in a group at their common corner; ungroup puts them back where they were', () => {
    const start = createEditorState(docWith(rect('a', 100, 200), rect('x'), rect('b', 300, 250)));
    const grouped = run(start, { type: 'group', ids: ['a', 'b'] });
    expect(pageIds(grouped)).toEqual(['x', 'new-1']);
    const group = el(grouped.doc, 'new-1');
    expect(group).toMatchObject({ type: 'group', x: 100, y: 200, width: 300, height: 100 });
    expect((group.children ?? []).map((c) => [c.id, c.x, c.y])).toEqual([
      ['a', 0, 0],
      ['b', 200, 50],
    ]);
    expect(grouped.selection).toEqual(['new-1']);
    const ungrouped = run(grouped, { type: 'ungroup' });
    expect(pageIds(ungrouped)).toEqual(['x', 'a', 'b']);
    expect(el(ungrouped.doc, 'b')).toMatchObject({ x: 300, y: 250 });
    expect(ungrouped.selection).toEqual(['a', 'b']);
  });

  test('ungrouping a moved, rotated, faded group keeps its children where they were drawn', () => {
    const group = rect('g', 100, 100, { type: 'group', rotation: 90, opacity: 0.5, children: [rect('c', 10, 0, { opacity: 0.8 })] });
    const state = run(createEditorState(docWith(group)), { type: 'ungroup', id: 'g' });
    const child = el(state.doc, 'c');
    expect(child.x).toBeCloseTo(100);
    expect(child.y).toBeCloseTo(110);
    expect(child.rotation).toBe(90);
    expect(child.opacity).toBeCloseTo(0.4);
  });

  test('pages: add after the current one, duplicate with fresh ids, reorder, delete (never the last)', () => {
    let state = run(createEditorState(docWith(rect('a'))), { type: 'add-page' });
    expect(state.doc.pages.map((p) => p.id)).toEqual(['page-1', 'new-1']);
    expect(state.pageIndex).toBe(1);
    state = run(state, { type: 'set-page', index: 0 }, { type: 'duplicate-page' });
    expect(state.doc.pages.map((p) => p.id)).toEqual(['page-1', 'new-2', 'new-1']);
    expect(pageAt(state.doc, 1).children.map((e) => e.id)).toEqual(['new-3']);
    expect(state.pageIndex).toBe(1);
    state = run(state, { type: 'move-page', from: 1, to: 2 });
    expect(state.doc.pages.map((p) => p.id)).toEqual(['page-1', 'new-1', 'new-2']);
    expect(state.pageIndex).toBe(2);
    state = run(state, { type: 'delete-page', index: 0 }, { type: 'delete-page', index: 0 });
    expect(state.doc.pages.map((p) => p.id)).toEqual(['new-2']);
    expect(run(state, { type: 'delete-page', index: 0 }).doc.pages).toHaveLength(1);
    expect(state.pageIndex).toBe(0);
  });

  test('moving a page across others (a drag in the pages list) keeps the page on screen shown', () => {
    let state = run(createEditorState(docWith(rect('a'))), { type: 'add-page' }, { type: 'add-page' });
    expect(state.doc.pages.map((p) => p.id)).toEqual(['page-1', 'new-1', 'new-2']);
    state = run(state, { type: 'set-page', index: 1 }, { type: 'move-page', from: 2, to: 0 });
    expect(state.doc.pages.map((p) => p.id)).toEqual(['new-2', 'page-1', 'new-1']);
    expect(state.doc.pages[state.pageIndex]?.id).toBe('new-1');
    state = run(state, { type: 'move-page', from: 2, to: 0 });
    expect(state.doc.pages.map((p) => p.id)).toEqual(['new-1', 'new-2', 'page-1']);
    expect(state.pageIndex).toBe(0);
    state = run(state, { type: 'undo' });
    expect(state.doc.pages.map((p) => p.id)).toEqual(['new-2', 'page-1', 'new-1']);
  });

  test('page background is a recorded step', () => {
    const state = run(createEditorState(docWith()), { type: 'page-background', background: 'linear-gradient(90deg, red, blue)' });
    expect(pageAt(state.doc, 0).background).toBe('linear-gradient(90deg, red, blue)');
    expect(pageAt(run(state, { type: 'undo' }).doc, 0).background).toBe('white');
  });

  test('resize to a story keeps elements unstretched, at the same relative place', () => {
    const title = rect('t', 440, 100, { type: 'text', width: 200, height: 80, fontSize: 40 });
    const state = run(createEditorState(docWith(title)), { type: 'resize', width: 1080, height: 1920 });
    expect(state.doc).toMatchObject({ width: 1080, height: 1920 });
    const moved = el(state.doc, 't');
    expect(moved).toMatchObject({ width: 200, height: 80, fontSize: 40, x: 440 });
    // Its centre was at 140/1080 of the height; it still is.
    expect((moved.y + 40) / 1920).toBeCloseTo(140 / 1080);
  });

  test('resize to a smaller format scales sizes and fonts by the smaller side ratio', () => {
    const state = run(createEditorState(docWith(rect('t', 0, 0, { width: 1080, height: 100, fontSize: 50 }))), { type: 'resize', width: 540, height: 1080 });
    const moved = el(state.doc, 't');
    expect(moved).toMatchObject({ width: 540, height: 50, fontSize: 25, x: 0 });
  });

  test('paste gives fresh ids, offsets copies of elements still on the page and selects them', () => {
    const state = run(createEditorState(docWith(rect('a', 10, 10))), { type: 'paste', elements: [rect('a', 10, 10)] });
    expect(pageIds(state)).toEqual(['a', 'new-1']);
    expect(el(state.doc, 'new-1')).toMatchObject({ x: 30, y: 30 });
    const fromElsewhere = run(createEditorState(docWith()), { type: 'paste', elements: [rect('zz', 10, 10)] });
    expect(el(fromElsewhere.doc, 'new-2')).toMatchObject({ x: 10, y: 10 });
  });

  test('a full page refuses more elements and the state is unchanged', () => {
    const full = docWith(...Array.from({ length: MAX_ELEMENTS_PER_PAGE }, (_, i) => rect(`e${i}`)));
    const state = createEditorState(full);
    expect(() => run(state, { type: 'add', elements: [rect('one-more')] })).toThrow(CommandRefused);
    expect(() => run(state, { type: 'duplicate', ids: ['e1'] })).toThrow(CommandRefused);
  });

  test('arrow nudges move the selection (not locked or fixed ones) and merge into one undo step', () => {
    const state = run(
      createEditorState(docWith(rect('a', 10, 10), rect('l', 0, 0, { locked: true }))),
      { type: 'select', ids: ['a', 'l'] },
      { type: 'nudge', dx: 1, dy: 0 },
      { type: 'nudge', dx: 0, dy: 10 },
    );
    expect(el(state.doc, 'a')).toMatchObject({ x: 11, y: 20 });
    expect(el(state.doc, 'l')).toMatchObject({ x: 0, y: 0 });
    expect(el(run(state, { type: 'undo' }).doc, 'a')).toMatchObject({ x: 10, y: 10 });
  });

  test('selection: toggle adds and removes; select skips unknown ids; changing page clears it', () => {
    let state = run(createEditorState(docWith(rect('a'), rect('b'))), { type: 'select', ids: ['a', 'ghost'] });
    expect(state.selection).toEqual(['a']);
    state = run(state, { type: 'toggle-select', id: 'b' });
    expect(selectedElements(state).map((e) => e.id)).toEqual(['a', 'b']);
    state = run(state, { type: 'toggle-select', id: 'a' });
    expect(state.selection).toEqual(['b']);
    state = run(state, { type: 'add-page' }, { type: 'set-page', index: 0 });
    expect(state.selection).toEqual([]);
  });

  test('every document change bumps the revision; selection does not', () => {
    const start = createEditorState(docWith(rect('a')));
    expect(run(start, { type: 'select', ids: ['a'] }).revision).toBe(0);
    expect(run(start, { type: 'update', ids: ['a'], patch: { x: 3 } }).revision).toBe(1);
    expect(run(start, { type: 'update', ids: ['a'], patch: { x: 3 } }, { type: 'undo' }).revision).toBe(2);
  });

  test('normalize writes facts back (re-fitted heights) without an undo step, and counts as a change', () => {
    const start = run(createEditorState(docWith(rect('t', 0, 0, { type: 'text', height: 0 }))), { type: 'update', ids: ['t'], patch: { x: 5 } });
    const state = run(start, { type: 'normalize', patches: { t: { height: 48 } } });
    expect(el(state.doc, 't').height).toBe(48);
    expect(state.past).toHaveLength(1);
    expect(state.revision).toBe(start.revision + 1);
  });

  test('bounding box of a rotated element', () => {
    const box = boundingBox({ x: 0, y: 0, width: 100, height: 50, rotation: 90 });
    expect(box.x).toBeCloseTo(-50);
    expect(box.width).toBeCloseTo(50);
    expect(box.height).toBeCloseTo(100);
  });
});
