/**
 * The editor: toolbar (name, undo/redo, zoom, save status, download), the template's field form,
 * pages, layers and tools on the left, the canvas in the middle, the selection's properties on
 * the right (a bottom sheet on phones). Changes are saved a second after the last one.
 */
import type Konva from 'konva';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';

import { createDesign, getDesign, patchDesign, saveDesign, uploadImage, type Design } from '../api/designs';
import { DesignSaver, SAVE_STATUS_TEXT, type SaveStatus } from '../lib/design-saver';
import { indexedDbStore, type OfflineStore } from '../lib/offline-store';
import { commandFor, isTyping, SHORTCUTS, type ShortcutCommand } from '../lib/shortcuts';
import { textBoxHeight } from '../lib/text-style';
import { copyElements, readClipboard } from '../model/clipboard';
import { pageSize, walk, type DesignDocument, type DesignElement } from '../model/document';
import { canRedo, canUndo, selectedElements, type EditorAction } from '../model/editor-state';
import { EditorStore, makeElementId } from '../model/editor-store';
import type { FieldRequirement } from '../model/fields';
import { DesignCanvas } from './design-canvas';
import { DuplicateIcon, RedoIcon, TrashIcon, UndoIcon } from './editor-icons';
import { DownloadDialog, type DownloadPlan } from './download-dialog';
import styles from './editor.module.css';
import { FieldForm } from './field-form';
import { LayersPanel } from './layers-panel';
import { PropertiesPanel } from './properties-panel';
import { useFonts } from './use-fonts';

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 4;

/** Formats the design can be resized to. */
export const FORMATS = [
  { key: 'square', label: 'Square post (1080 × 1080)', width: 1080, height: 1080 },
  { key: 'portrait', label: 'Portrait post 4:5 (1080 × 1350)', width: 1080, height: 1350 },
  { key: 'story', label: 'Story (1080 × 1920)', width: 1080, height: 1920 },
  { key: 'a4', label: 'A4 flyer (2480 × 3508)', width: 2480, height: 3508 },
];

type Props = {
  design: Design;
  requirements: readonly FieldRequirement[];
  userId: string;
  plan: DownloadPlan;
  onUpgrade: () => void;
  onCreditSpent?: () => void;
  /** Where unsent changes wait (IndexedDB in the browser). */
  offlineStore?: OfflineStore;
};

function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

function newElement(kind: 'text' | 'rect' | 'circle' | 'star' | 'line', page: { width: number; height: number }): DesignElement {
  const id = makeElementId();
  const side = Math.round(Math.min(page.width, page.height) / 4);
  const centre = (w: number, h: number) => ({ x: Math.round((page.width - w) / 2), y: Math.round((page.height - h) / 2) });
  if (kind === 'text') {
    const width = Math.round(page.width * 0.6);
    const fontSize = Math.max(16, Math.round(page.width / 18));
    return { id, type: 'text', name: '', ...centre(width, fontSize * 1.2), width, height: 0, text: 'Add your text', fontSize, fontFamily: 'Montserrat', fill: '#111111', align: 'center', lineHeight: 1.2, letterSpacing: 0 };
  }
  if (kind === 'line') return { id, type: 'line', name: '', ...centre(side * 2, 6), width: side * 2, height: 6, color: '#111111' };
  return { id, type: 'figure', subType: kind, name: '', ...centre(side, side), width: side, height: side, fill: '#7c3aed', strokeWidth: 0, cornerRadius: 0 };
}

export function EditorScreen({ design, requirements, userId, plan, onUpgrade, onCreditSpent, offlineStore }: Props) {
  const navigate = useNavigate();
  const store = useMemo(() => new EditorStore(design.document), [design.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const dispatch = store.dispatch;
  const localStore = useMemo(() => offlineStore ?? indexedDbStore(), [offlineStore]);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [conflict, setConflict] = useState(false);
  /** The page being dragged in the pages list to a new place (the arrows do the same). */
  const [draggingPage, setDraggingPage] = useState<number | null>(null);
  const [name, setName] = useState(design.name);
  const [zoom, setZoom] = useState(0.5);
  const [fitZoom, setFitZoom] = useState(0.5);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const [showDownload, setShowDownload] = useState(false);
  const [sheet, setSheet] = useState<'none' | 'properties' | 'fields' | 'layers'>('none');
  const scrollRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage | null>(null);
  const { families, version: fontsVersion, ready: fontsReady } = useFonts(state.doc);
  const page = state.doc.pages[state.pageIndex];
  const size = page ? pageSize(state.doc, page) : { width: 1, height: 1 };

  useEffect(() => {
    store.setRefusedHandler((message) => toast.error('That did not fit', message));
  }, [store]);

  // Text boxes are re-fitted to their lines (docs/text-layout.md section 7) once the fonts are
  // in, and the fitted heights written back so the saved document carries them.
  useEffect(() => {
    if (!fontsReady) return;
    const patches: Record<string, Partial<DesignElement>> = {};
    for (const p of state.doc.pages) {
      for (const element of walk(p.children)) {
        if (element.type !== 'text' || element.textOverflow === 'ellipsis') continue;
        const fitted = textBoxHeight(element, fontsVersion);
        if (Math.abs(fitted - element.height) > 0.01) patches[element.id] = { height: fitted };
      }
    }
    if (Object.keys(patches).length > 0) dispatch({ type: 'normalize', patches });
  }, [state.doc, fontsReady, fontsVersion, dispatch]);

  // ---------------------------------------------------------------- saving
  const saver = useMemo(
    () =>
      new DesignSaver({
        designId: design.id,
        version: design.version,
        store: localStore,
        save: async (document, version) => (await saveDesign(design.id, version, { document })).version,
        onStatus: setStatus,
        onConflict: () => setConflict(true),
      }),
    [design.id, design.version, localStore],
  );
  useEffect(() => () => saver.dispose(), [saver]);

  // Changes kept on this device from an earlier visit: continue from them.
  useEffect(() => {
    let active = true;
    void localStore.get(design.id).then((pending) => {
      if (!active || !pending) return;
      if (pending.baseVersion === design.version) {
        dispatch({ type: 'replace-document', doc: pending.document });
        saver.change(pending.document);
      } else if (pending.baseVersion < design.version) {
        dispatch({ type: 'replace-document', doc: pending.document });
        saver.change(pending.document);
        setConflict(true);
      }
    });
    return () => {
      active = false;
    };
  }, [design.id, design.version, dispatch, localStore, saver]);

  const lastRevision = useRef(state.revision);
  useEffect(() => {
    if (state.revision === lastRevision.current) return;
    lastRevision.current = state.revision;
    saver.change(state.doc);
  }, [state.revision, state.doc, saver]);

  useEffect(() => {
    const online = () => saver.online();
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.hasUnsavedChanges) return;
      void saver.flush();
      event.preventDefault();
      event.returnValue = '';
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') void saver.flush();
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('visibilitychange', hidden);
      void saver.flush();
    };
  }, [saver]);

  const reloadTheirs = async () => {
    const fresh = await getDesign(design.id);
    saver.rebase(fresh.version);
    dispatch({ type: 'replace-document', doc: fresh.document });
    lastRevision.current = store.getState().revision;
    setConflict(false);
  };

  const keepMineAsCopy = async () => {
    const mine = store.getState().doc;
    const copy = await createDesign({ blank: { width: mine.width, height: mine.height } });
    await saveDesign(copy.id, copy.version, { document: mine, name: `${name} (copy)` });
    saver.rebase(saver.baseVersion);
    setConflict(false);
    navigate(`/editor?designId=${encodeURIComponent(copy.id)}`, { replace: false });
  };

  // ---------------------------------------------------------------- zoom
  const fit = useCallback(() => {
    const area = scrollRef.current;
    if (!area) return;
    const next = Math.max(0.05, Math.min(MAX_ZOOM, (area.clientWidth - 48) / size.width, (area.clientHeight - 48) / size.height));
    setFitZoom(next);
    setZoom(next);
  }, [size.width, size.height]);
  useLayoutEffect(() => {
    fit();
  }, [fit]);
  useEffect(() => {
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [fit]);
  useEffect(() => {
    const area = scrollRef.current;
    if (!area) return;
    const wheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      setZoom((z) => clampZoom(z * (event.deltaY < 0 ? 1.1 : 1 / 1.1)));
    };
    area.addEventListener('wheel', wheel, { passive: false });
    return () => area.removeEventListener('wheel', wheel);
  }, []);

  // ---------------------------------------------------------------- commands
  const run = useCallback(
    (command: ShortcutCommand) => {
      const current = store.getState();
      switch (command.type) {
        case 'copy':
          copyElements(selectedElements(current));
          return;
        case 'cut':
          copyElements(selectedElements(current));
          dispatch({ type: 'delete' });
          return;
        case 'paste-clipboard': {
          const elements = readClipboard();
          if (elements.length > 0) dispatch({ type: 'paste', elements });
          return;
        }
        case 'select-all':
          dispatch({ type: 'select', ids: (current.doc.pages[current.pageIndex]?.children ?? []).filter((e) => !e.locked && e.visible !== false).map((e) => e.id) });
          return;
        case 'deselect':
          dispatch({ type: 'select', ids: [] });
          return;
        case 'zoom-in':
          setZoom((z) => clampZoom(z * 1.25));
          return;
        case 'zoom-out':
          setZoom((z) => clampZoom(z / 1.25));
          return;
        case 'zoom-fit':
          fit();
          return;
        case 'shortcuts':
          setShowShortcuts(true);
          return;
        case 'arrange': {
          const id = current.selection[0];
          if (id) dispatch({ type: 'reorder', id, to: command.to });
          return;
        }
        default:
          dispatch(command as EditorAction);
      }
    },
    [dispatch, fit, store],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || showDownload) return;
      const command = commandFor(event);
      if (!command) return;
      event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run, showDownload]);

  const add = (kind: Parameters<typeof newElement>[0]) => dispatch({ type: 'add', elements: [newElement(kind, size)] });
  const imageInput = useRef<HTMLInputElement>(null);
  const upload = useCallback(
    async (file: File) => {
      try {
        return await uploadImage(userId, file);
      } catch (error) {
        toast.error('Could not upload the image', error instanceof Error ? error.message : undefined);
        throw error;
      }
    },
    [userId],
  );
  const addImage = async (file: File) => {
    const src = await upload(file);
    const probe = new Image();
    probe.src = src;
    await probe.decode().catch(() => undefined);
    const ratio = probe.naturalWidth && probe.naturalHeight ? probe.naturalHeight / probe.naturalWidth : 1;
    const width = Math.round(size.width / 2);
    const height = Math.round(width * ratio);
    dispatch({ type: 'add', elements: [{ id: makeElementId(), type: 'image', name: '', src, x: Math.round((size.width - width) / 2), y: Math.round((size.height - height) / 2), width, height, keepRatio: true }] });
  };

  const rename = async (next: string) => {
    const trimmed = next.trim();
    if (!trimmed || trimmed === design.name) return;
    try {
      await patchDesign(design.id, { name: trimmed });
    } catch (error) {
      toast.error('Could not rename the design', error instanceof Error ? error.message : undefined);
    }
  };

  const hasSelection = state.selection.length > 0;

  const leftPanel = (
    <>
      <FieldForm state={state} dispatch={dispatch} requirements={requirements} />
      <section className={styles.panelSection} aria-label="Add">
        <h2 className={styles.panelTitle}>Add</h2>
        <div className={styles.buttonRow}>
          <Button size="sm" variant="secondary" onClick={() => add('text')}>
            Text
          </Button>
          <Button size="sm" variant="secondary" onClick={() => add('rect')}>
            Rectangle
          </Button>
          <Button size="sm" variant="secondary" onClick={() => add('circle')}>
            Circle
          </Button>
          <Button size="sm" variant="secondary" onClick={() => add('star')}>
            Star
          </Button>
          <Button size="sm" variant="secondary" onClick={() => add('line')}>
            Line
          </Button>
          <Button size="sm" variant="secondary" onClick={() => imageInput.current?.click()}>
            Image
          </Button>
          <input
            ref={imageInput}
            type="file"
            hidden
            accept="image/png,image/jpeg,image/webp,image/avif,image/svg+xml"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void addImage(file).catch(() => undefined);
            }}
          />
        </div>
      </section>
      <section className={styles.panelSection} aria-label="Pages">
        <h2 className={styles.panelTitle}>Pages</h2>
        <ol className={styles.pages}>
          {state.doc.pages.map((p, index) => (
            <li
              key={p.id}
              draggable
              className={draggingPage !== null && draggingPage !== index ? styles.pageDropTarget : undefined}
              onDragStart={(e) => {
                setDraggingPage(index);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', `page ${index + 1}`);
              }}
              onDragOver={(e) => {
                if (draggingPage !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (draggingPage !== null && draggingPage !== index) dispatch({ type: 'move-page', from: draggingPage, to: index });
                setDraggingPage(null);
              }}
              onDragEnd={() => setDraggingPage(null)}
            >
              <button type="button" className={styles.pageButton} aria-current={index === state.pageIndex ? 'page' : undefined} onClick={() => dispatch({ type: 'set-page', index })}>
                Page {index + 1}
              </button>
              <button type="button" className={styles.layerTool} aria-label={`Move page ${index + 1} up`} disabled={index === 0} onClick={() => dispatch({ type: 'move-page', from: index, to: index - 1 })}>
                ↑
              </button>
              <button type="button" className={styles.layerTool} aria-label={`Move page ${index + 1} down`} disabled={index === state.doc.pages.length - 1} onClick={() => dispatch({ type: 'move-page', from: index, to: index + 1 })}>
                ↓
              </button>
            </li>
          ))}
        </ol>
        <div className={styles.buttonRow}>
          <Button size="sm" variant="secondary" onClick={() => dispatch({ type: 'add-page' })}>
            Add page
          </Button>
          <Button size="sm" variant="secondary" onClick={() => dispatch({ type: 'duplicate-page' })}>
            Duplicate page
          </Button>
          <Button size="sm" variant="secondary" disabled={state.doc.pages.length <= 1} onClick={() => dispatch({ type: 'delete-page' })}>
            Delete page
          </Button>
        </div>
        <label className={styles.row}>
          <span className={styles.label}>Resize to</span>
          <select
            className={styles.select}
            value=""
            onChange={(e) => {
              const format = FORMATS.find((f) => f.key === e.currentTarget.value);
              if (format) dispatch({ type: 'resize', width: format.width, height: format.height });
            }}
          >
            <option value="" disabled>
              {Math.round(state.doc.width)} × {Math.round(state.doc.height)}
            </option>
            {FORMATS.map((f) => (
              <option key={f.key} value={f.key}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </section>
      <LayersPanel state={state} dispatch={dispatch} />
    </>
  );

  const properties = <PropertiesPanel state={state} dispatch={dispatch} families={families} onUpload={upload} />;

  return (
    <div className={styles.editor}>
      <title>{`${name} · Editor`}</title>
      <div className={styles.toolbar} role="toolbar" aria-label="Editor">
        <input
          className={styles.nameInput}
          aria-label="Design name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onBlur={(e) => void rename(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
        />
        <div className={styles.toolGroup}>
          <button type="button" className={styles.toggle} aria-label="Undo" disabled={!canUndo(state)} onClick={() => dispatch({ type: 'undo' })}>
            <UndoIcon />
          </button>
          <button type="button" className={styles.toggle} aria-label="Redo" disabled={!canRedo(state)} onClick={() => dispatch({ type: 'redo' })}>
            <RedoIcon />
          </button>
          {hasSelection ? (
            <>
              <button type="button" className={styles.toggle} aria-label="Duplicate" onClick={() => dispatch({ type: 'duplicate' })}>
                <DuplicateIcon />
              </button>
              <button type="button" className={styles.toggle} aria-label="Delete" onClick={() => dispatch({ type: 'delete' })}>
                <TrashIcon />
              </button>
            </>
          ) : null}
        </div>
        <div className={styles.toolGroup} role="group" aria-label="Zoom">
          <button type="button" className={styles.toggle} aria-label="Zoom out" onClick={() => setZoom((z) => clampZoom(z / 1.25))}>
            −
          </button>
          <span className={styles.zoomValue} aria-live="polite">
            {Math.round(zoom * 100)}%
          </span>
          <button type="button" className={styles.toggle} aria-label="Zoom in" onClick={() => setZoom((z) => clampZoom(z * 1.25))}>
            +
          </button>
          <button type="button" className={styles.toggle} aria-label="Zoom to fit" aria-pressed={zoom === fitZoom} onClick={fit}>
            Fit
          </button>
        </div>
        <span className={styles.status} role="status" data-status={status}>
          {SAVE_STATUS_TEXT[status]}
        </span>
        <button type="button" className={styles.toggle} aria-label="Keyboard shortcuts" onClick={() => setShowShortcuts(true)}>
          ?
        </button>
        <Button size="sm" onClick={() => setShowDownload(true)}>
          Download
        </Button>
      </div>
      <aside className={`${styles.left} ${sheet === 'fields' || sheet === 'layers' ? styles.sheetOpen : ''}`} aria-label="Design panels">
        {leftPanel}
      </aside>
      {/* Busy until the document's fonts are in and its texts measured with them. */}
      <div className={styles.canvasArea} ref={scrollRef} role="region" aria-label="Canvas" aria-busy={!fontsReady}>
        <div className={styles.canvasInner}>
          <DesignCanvas state={state} dispatch={dispatch} zoom={zoom} onZoom={(z) => setZoom(clampZoom(z))} fontsVersion={fontsVersion} stageRef={stageRef} />
        </div>
      </div>
      <aside className={`${styles.right} ${sheet === 'properties' ? styles.sheetOpen : ''}`} aria-label="Properties">
        {properties}
      </aside>
      <nav className={styles.mobileBar} aria-label="Editor panels">
        <button type="button" aria-pressed={sheet === 'fields'} onClick={() => setSheet(sheet === 'fields' ? 'none' : 'fields')}>
          Edit
        </button>
        <button type="button" aria-pressed={sheet === 'properties'} onClick={() => setSheet(sheet === 'properties' ? 'none' : 'properties')}>
          Properties
        </button>
      </nav>

      <Dialog open={showShortcuts} onClose={() => setShowShortcuts(false)} title="Keyboard shortcuts" size="sm">
        <dl className={styles.shortcuts}>
          {SHORTCUTS.map((s) => (
            <div key={s.keys} className={styles.shortcut}>
              <dt>
                <kbd>{s.keys.replace(/mod/g, navigator.platform.includes('Mac') ? '⌘' : 'Ctrl')}</kbd>
              </dt>
              <dd>{s.label}</dd>
            </div>
          ))}
        </dl>
      </Dialog>

      <Dialog open={conflict} onClose={() => undefined} title="This design was changed somewhere else" size="sm">
        <p>Another tab or device saved a newer version while you were editing. Your changes are kept on this device.</p>
        <div className={styles.buttonRow}>
          <Button variant="secondary" onClick={() => void reloadTheirs()}>
            Reload theirs
          </Button>
          <Button onClick={() => void keepMineAsCopy()}>Keep mine as a copy</Button>
        </div>
      </Dialog>

      <DownloadDialog
        open={showDownload}
        onClose={() => setShowDownload(false)}
        designId={design.id}
        designName={name}
        plan={plan}
        beforeExport={() => saver.flush()}
        onUpgrade={onUpgrade}
        {...(onCreditSpent ? { onCreditSpent } : {})}
      />
    </div>
  );
}

export type { DesignDocument };
