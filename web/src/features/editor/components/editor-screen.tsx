/**
 * The editor: toolbar (name, undo/redo, zoom, save status, download), the template's field form,
 * pages, layers and tools on the left, the canvas in the middle, the selection's properties on
 * the right (a bottom sheet on phones). Saving (`useAutosave`, a second after the last change),
 * zoom, shortcuts and the clipboard are hooks in `../hooks/`; the toolbar is `EditorToolbar`.
 */
import type Konva from 'konva';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';

import { patchDesign, uploadDesignImage, type Design } from '../api/designs';
import { useAutosave } from '../hooks/use-autosave';
import { useClipboard } from '../hooks/use-clipboard';
import { useShortcuts } from '../hooks/use-shortcuts';
import { useZoom } from '../hooks/use-zoom';
import type { OfflineStore } from '../lib/offline-store';
import { SHORTCUTS } from '../lib/shortcuts';
import { textBoxHeight } from '../lib/text-style';
import { pageSize, walk, type DesignDocument, type DesignElement } from '../model/document';
import { canRedo, canUndo } from '../model/editor-state';
import { EditorStore, makeElementId } from '../model/editor-store';
import type { FieldRequirement } from '../model/fields';
import { DesignCanvas } from './design-canvas';
import { DownloadDialog, type DownloadPlan } from './download-dialog';
import styles from './editor.module.css';
import { EditorToolbar } from './editor-toolbar';
import { FieldForm } from './field-form';
import { LayersPanel } from './layers-panel';
import { PropertiesPanel } from './properties-panel';
import { useFonts } from './use-fonts';

export { MAX_ZOOM, MIN_ZOOM } from '../hooks/use-zoom';

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
  /** Design prompting in the left panel (composed by the app: its choice opens a new design). */
  promptPanel?: ReactNode;
  /** Where unsent changes wait (IndexedDB in the browser). */
  offlineStore?: OfflineStore;
};

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

export function EditorScreen({ design, requirements, userId, plan, onUpgrade, onCreditSpent, offlineStore, promptPanel }: Props) {
  const store = useMemo(() => new EditorStore(design.document), [design.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const dispatch = store.dispatch;
  /** The page being dragged in the pages list to a new place (the arrows do the same). */
  const [draggingPage, setDraggingPage] = useState<number | null>(null);
  const [name, setName] = useState(design.name);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const [showDownload, setShowDownload] = useState(false);
  const [sheet, setSheet] = useState<'none' | 'properties' | 'fields' | 'layers'>('none');
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

  const autosave = useAutosave(design, store, offlineStore);
  const { areaRef: canvasArea, ...zoom } = useZoom(size.width, size.height);
  const clipboard = useClipboard(store);
  const showShortcutList = useCallback(() => setShowShortcuts(true), []);
  useShortcuts({ store, clipboard, zoom, showShortcuts: showShortcutList, enabled: !showDownload });

  const add = (kind: Parameters<typeof newElement>[0]) => dispatch({ type: 'add', elements: [newElement(kind, size)] });
  const imageInput = useRef<HTMLInputElement>(null);
  const upload = useCallback(
    async (file: File) => {
      try {
        return await uploadDesignImage(userId, file);
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

  const leftPanel = (
    <>
      <FieldForm state={state} dispatch={dispatch} requirements={requirements} />
      {promptPanel ? (
        <details className={`${styles.panelSection} ${styles.promptSection}`}>
          <summary className={styles.promptSummary}>
            <span className={styles.panelTitle}>Prompt</span>
            <span className={styles.promptLead}>Describe a new design</span>
          </summary>
          {promptPanel}
        </details>
      ) : null}
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
      <EditorToolbar
        name={name}
        onNameChange={setName}
        onRename={(next) => void rename(next)}
        canUndo={canUndo(state)}
        canRedo={canRedo(state)}
        hasSelection={state.selection.length > 0}
        dispatch={dispatch}
        zoom={zoom}
        status={autosave.status}
        onShowShortcuts={showShortcutList}
        onDownload={() => setShowDownload(true)}
      />
      <aside className={`${styles.left} ${sheet === 'fields' || sheet === 'layers' ? styles.sheetOpen : ''}`} aria-label="Design panels">
        {leftPanel}
      </aside>
      {/* Busy until the document's fonts are in and its texts measured with them. */}
      <div className={styles.canvasArea} ref={canvasArea} role="region" aria-label="Canvas" aria-busy={!fontsReady}>
        <div className={styles.canvasInner}>
          <DesignCanvas state={state} dispatch={dispatch} zoom={zoom.zoom} onZoom={zoom.setZoom} fontsVersion={fontsVersion} stageRef={stageRef} />
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

      <Dialog open={autosave.conflict} onClose={() => undefined} title="This design was changed somewhere else" size="sm">
        <p>Another tab or device saved a newer version while you were editing. Your changes are kept on this device.</p>
        <div className={styles.buttonRow}>
          <Button variant="secondary" onClick={() => void autosave.reloadTheirs()}>
            Reload theirs
          </Button>
          <Button onClick={() => void autosave.keepMineAsCopy(name)}>Keep mine as a copy</Button>
        </div>
      </Dialog>

      <DownloadDialog
        open={showDownload}
        onClose={() => setShowDownload(false)}
        designId={design.id}
        designName={name}
        plan={plan}
        beforeExport={autosave.flush}
        onUpgrade={onUpgrade}
        {...(onCreditSpent ? { onCreditSpent } : {})}
      />
    </div>
  );
}

export type { DesignDocument };
