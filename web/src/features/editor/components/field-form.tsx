import { useId } from 'react';

import type { EditorAction, EditorState } from '../model/editor-state';
import { fillField, formFields, type FieldRequirement } from '../model/fields';
import styles from './editor.module.css';

type Props = {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  requirements: readonly FieldRequirement[];
};

/** The template's fields beside the canvas; typing fills the matching text elements. */
export function FieldForm({ state, dispatch, requirements }: Props) {
  const baseId = useId();
  const fields = formFields(state.doc, requirements).filter((f) => f.kind === 'text');
  if (fields.length === 0) return null;
  return (
    <section className={styles.panelSection} aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className={styles.panelTitle}>
        Your details
      </h2>
      {fields.map((field) => {
        const id = `${baseId}-${field.key}`;
        const multiline = field.value.includes('\n') || (field.max_length ?? 0) > 60;
        const common = {
          id,
          value: field.value,
          maxLength: field.max_length ?? undefined,
          required: field.required,
          className: styles.input,
          onChange: (e: { currentTarget: { value: string } }) =>
            dispatch({ type: 'update', ids: [field.element_id], patch: fillField(field, e.currentTarget.value), merge: `field:${field.key}` }),
          onFocus: () => {
            const page = state.doc.pages.findIndex((p) => JSON.stringify(p.children).includes(`"id":"${field.element_id}"`));
            if (page >= 0 && page !== state.pageIndex) dispatch({ type: 'set-page', index: page });
          },
        };
        return (
          <div key={field.key} className={styles.field}>
            <label htmlFor={id} className={styles.label}>
              {field.label}
              {field.required ? <span aria-hidden="true"> *</span> : null}
            </label>
            {multiline ? <textarea rows={2} {...common} /> : <input type="text" {...common} />}
          </div>
        );
      })}
    </section>
  );
}
