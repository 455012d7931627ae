import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';

import { useClipboard } from '../hooks/use-clipboard';
import { useShortcuts } from '../hooks/use-shortcuts';
import { useZoom } from '../hooks/use-zoom';
import type { SaveStatus } from '../lib/design-saver';
import { blankDocument, type DesignElement } from '../model/document';
import { canRedo, canUndo } from '../model/editor-state';
import { EditorStore } from '../model/editor-store';

import { EditorToolbar } from './editor-toolbar';

const box = (id: string): DesignElement => ({ id, type: 'figure', subType: 'rect', name: '', x: 10, y: 10, width: 100, height: 50 });

/** The toolbar wired as the editor wires it: a real store, zoom, clipboard and shortcuts. */
function Harness({ store, status = 'saved', renamed }: { store: EditorStore; status?: SaveStatus; renamed: string[] }) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const [name, setName] = useState('Church flyer');
  const [shortcutsShown, setShortcutsShown] = useState(false);
  const { areaRef, ...zoom } = useZoom(state.doc.width, state.doc.height);
  const clipboard = useClipboard(store);
  const showShortcuts = useCallback(() => setShortcutsShown(true), []);
  useShortcuts({ store, clipboard, zoom, showShortcuts, enabled: true });
  const elements = useMemo(() => state.doc.pages[0]?.children.map((e) => e.id).join(',') ?? '', [state.doc]);
  return (
    <>
      <EditorToolbar
        name={name}
        onNameChange={setName}
        onRename={(next) => renamed.push(next)}
        canUndo={canUndo(state)}
        canRedo={canRedo(state)}
        hasSelection={state.selection.length > 0}
        dispatch={store.dispatch}
        zoom={zoom}
        status={status}
        onShowShortcuts={showShortcuts}
        onDownload={() => undefined}
      />
      <div ref={areaRef} />
      <output aria-label="Elements">{elements}</output>
      {shortcutsShown ? <p>Shortcuts shown</p> : null}
    </>
  );
}

function setup(options: { status?: SaveStatus } = {}) {
  const store = new EditorStore(blankDocument(1080, 1080));
  const renamed: string[] = [];
  const user = userEvent.setup();
  render(<Harness store={store} renamed={renamed} {...options} />);
  return { store, renamed, user };
}

const elements = () => screen.getByRole('status', { name: 'Elements' }).textContent;
const zoomText = () => screen.getByRole('group', { name: 'Zoom' }).textContent;

beforeEach(() => {
  // jsdom lays nothing out: give the canvas area the size of a 1080 px page at 100 % plus the margin.
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1128);
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(1128);
  localStorage.clear();
});

describe('EditorToolbar', () => {
  test('undo and redo are enabled only when there is something to undo or redo, and work', async () => {
    const { store, user } = setup();
    const toolbar = screen.getByRole('toolbar', { name: 'Editor' });
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
    expect(toolbar).toBeInTheDocument();

    act(() => store.dispatch({ type: 'add', elements: [box('a')] }));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    expect(elements()).toBe('');
    expect(screen.getByRole('button', { name: 'Redo' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(elements()).toBe('a');
  });

  test('duplicate and delete are offered only while something is selected', async () => {
    const { store, user } = setup();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    act(() => store.dispatch({ type: 'add', elements: [box('a')] }));
    act(() => store.dispatch({ type: 'select', ids: ['a'] }));
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    expect(elements()?.split(',')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(elements()).toBe('a');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  test('the zoom starts fitted, steps by 25 % and stays between 25 % and 400 %', async () => {
    const { user } = setup();
    const fit = screen.getByRole('button', { name: 'Zoom to fit' });
    expect(zoomText()).toContain('100%');
    expect(fit).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoomText()).toContain('125%');
    expect(fit).toHaveAttribute('aria-pressed', 'false');
    for (let i = 0; i < 10; i += 1) await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoomText()).toContain('400%');

    for (let i = 0; i < 20; i += 1) await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(zoomText()).toContain('25%');
    await user.click(fit);
    expect(zoomText()).toContain('100%');
    expect(fit).toHaveAttribute('aria-pressed', 'true');
  });

  test('the name is renamed when the field is left with Enter, and the save status is shown', async () => {
    const { renamed, user } = setup({ status: 'offline' });
    const field = screen.getByRole('textbox', { name: 'Design name' });
    await user.clear(field);
    await user.type(field, 'Harvest service{Enter}');

    expect(renamed).toEqual(['Harvest service']);
    expect(field).not.toHaveFocus();
    expect(within(screen.getByRole('toolbar', { name: 'Editor' })).getByRole('status')).toHaveTextContent('Offline — changes kept on this device');
  });

  test('keyboard shortcuts zoom, undo, copy and paste, but not while typing the name', async () => {
    const { store, user } = setup();
    act(() => store.dispatch({ type: 'add', elements: [box('a')] }));
    act(() => store.dispatch({ type: 'select', ids: ['a'] }));

    await user.click(screen.getByRole('textbox', { name: 'Design name' }));
    await user.keyboard('+');
    expect(zoomText()).toContain('100%');

    await user.click(document.body);
    await user.keyboard('+');
    expect(zoomText()).toContain('125%');
    await user.keyboard('{Control>}c{/Control}{Control>}v{/Control}');
    expect(elements()?.split(',')).toHaveLength(2);
    await user.keyboard('{Control>}z{/Control}');
    expect(elements()).toBe('a');
    await user.keyboard('?');
    expect(screen.getByText('Shortcuts shown')).toBeInTheDocument();
  });
});
