/**
 * The editor's toolbar: the design's name (renamed on blur or Enter), undo and redo, duplicate
 * and delete while something is selected, the zoom, the save status, the shortcuts and Download.
 */
import { Button } from '@/components/ui/button';

import { SAVE_STATUS_TEXT, type SaveStatus } from '../lib/design-saver';
import type { EditorAction } from '../model/editor-state';
import type { Zoom } from '../hooks/use-zoom';

import { DuplicateIcon, RedoIcon, TrashIcon, UndoIcon } from './editor-icons';
import styles from './editor.module.css';

type Props = {
  name: string;
  onNameChange: (name: string) => void;
  /** Called with the name when the field is left; empty or unchanged names are the caller's to ignore. */
  onRename: (name: string) => void;
  canUndo: boolean;
  canRedo: boolean;
  hasSelection: boolean;
  dispatch: (action: EditorAction) => void;
  zoom: Pick<Zoom, 'zoom' | 'fitZoom' | 'zoomIn' | 'zoomOut' | 'fit'>;
  status: SaveStatus;
  onShowShortcuts: () => void;
  onDownload: () => void;
};

export function EditorToolbar({ name, onNameChange, onRename, canUndo, canRedo, hasSelection, dispatch, zoom, status, onShowShortcuts, onDownload }: Props) {
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Editor">
      <input
        className={styles.nameInput}
        aria-label="Design name"
        value={name}
        onChange={(e) => onNameChange(e.currentTarget.value)}
        onBlur={(e) => onRename(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
      />
      <div className={styles.toolGroup}>
        <button type="button" className={styles.toggle} aria-label="Undo" disabled={!canUndo} onClick={() => dispatch({ type: 'undo' })}>
          <UndoIcon />
        </button>
        <button type="button" className={styles.toggle} aria-label="Redo" disabled={!canRedo} onClick={() => dispatch({ type: 'redo' })}>
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
        <button type="button" className={styles.toggle} aria-label="Zoom out" onClick={zoom.zoomOut}>
          −
        </button>
        <span className={styles.zoomValue} aria-live="polite">
          {Math.round(zoom.zoom * 100)}%
        </span>
        <button type="button" className={styles.toggle} aria-label="Zoom in" onClick={zoom.zoomIn}>
          +
        </button>
        <button type="button" className={styles.toggle} aria-label="Zoom to fit" aria-pressed={zoom.zoom === zoom.fitZoom} onClick={zoom.fit}>
          Fit
        </button>
      </div>
      <span className={styles.status} role="status" data-status={status}>
        {SAVE_STATUS_TEXT[status]}
      </span>
      <button type="button" className={styles.toggle} aria-label="Keyboard shortcuts" onClick={onShowShortcuts}>
        ?
      </button>
      <Button size="sm" onClick={onDownload}>
        Download
      </Button>
    </div>
  );
}
