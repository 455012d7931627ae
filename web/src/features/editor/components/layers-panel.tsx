import { useState } from 'react';

import type { DesignElement } from '../model/document';
import type { EditorAction, EditorState } from '../model/editor-state';
import { EyeIcon, EyeOffIcon, LockIcon, PencilIcon, UnlockIcon } from './editor-icons';
import styles from './editor.module.css';

type Props = { state: EditorState; dispatch: (action: EditorAction) => void };

export function layerLabel(element: DesignElement): string {
  if (element.name) return element.name;
  if (element.type === 'text') return (element.text ?? '').split('\n')[0]?.slice(0, 28) || 'Text';
  if (element.type === 'figure') return `Shape (${element.subType ?? 'rect'})`;
  return element.type.charAt(0).toUpperCase() + element.type.slice(1);
}

/** The page's elements, top first: select, drag to reorder, lock, hide, rename. */
export function LayersPanel({ state, dispatch }: Props) {
  const page = state.doc.pages[state.pageIndex];
  const [dragging, setDragging] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  if (!page) return null;
  const layers = [...page.children].reverse();
  const count = page.children.length;
  return (
    <section className={styles.panelSection} aria-label="Layers">
      <h2 className={styles.panelTitle}>Layers</h2>
      {layers.length === 0 ? <p className={styles.muted}>Nothing on this page yet.</p> : null}
      <ul className={styles.layers}>
        {layers.map((element, position) => {
          const selected = state.selection.includes(element.id);
          return (
            <li
              key={element.id}
              className={`${styles.layer} ${selected ? styles.layerSelected : ''}`}
              draggable={renaming !== element.id}
              onDragStart={(e) => {
                setDragging(element.id);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging && dragging !== element.id) dispatch({ type: 'reorder', id: dragging, to: count - 1 - position });
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
            >
              {renaming === element.id ? (
                <input
                  className={styles.layerRename}
                  aria-label="Layer name"
                  defaultValue={element.name ?? ''}
                  autoFocus
                  onKeyDown={(e) => {
                    e.stopPropagation();
                    if (e.key === 'Enter') e.currentTarget.blur();
                    if (e.key === 'Escape') setRenaming(null);
                  }}
                  onBlur={(e) => {
                    dispatch({ type: 'update', ids: [element.id], patch: { name: e.currentTarget.value.trim() } });
                    setRenaming(null);
                  }}
                />
              ) : (
                <button
                  type="button"
                  className={styles.layerName}
                  aria-pressed={selected}
                  onClick={(e) => dispatch(e.shiftKey ? { type: 'toggle-select', id: element.id } : { type: 'select', ids: [element.id] })}
                  onDoubleClick={() => setRenaming(element.id)}
                >
                  {layerLabel(element)}
                </button>
              )}
              <button type="button" className={styles.layerTool} aria-label={`Rename ${layerLabel(element)}`} onClick={() => setRenaming(element.id)}>
                <PencilIcon />
              </button>
              <button
                type="button"
                className={styles.layerTool}
                aria-label={element.visible === false ? `Show ${layerLabel(element)}` : `Hide ${layerLabel(element)}`}
                aria-pressed={element.visible === false}
                onClick={() => dispatch({ type: 'update', ids: [element.id], patch: { visible: element.visible === false } })}
              >
                {element.visible === false ? <EyeOffIcon /> : <EyeIcon />}
              </button>
              <button
                type="button"
                className={styles.layerTool}
                aria-label={element.locked ? `Unlock ${layerLabel(element)}` : `Lock ${layerLabel(element)}`}
                aria-pressed={element.locked === true}
                onClick={() => dispatch({ type: 'update', ids: [element.id], patch: { locked: !element.locked } })}
              >
                {element.locked ? <LockIcon /> : <UnlockIcon />}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
