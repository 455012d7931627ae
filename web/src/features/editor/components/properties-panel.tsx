/**
 * The selected elements' properties: text style (font picker with previews, size, weight, italic,
 * underline, colour, alignment, line height, letter spacing, uppercase), fills (solid or
 * gradient), opacity, shadow, stroke, image replace/upload, crop, flip and filters, arrange,
 * align and distribute. With nothing selected: the page background.
 */
import { useId, useRef, useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';

import type { DesignElement } from '../model/document';
import { selectedElements, type EditorAction, type EditorState } from '../model/editor-state';
import { boundingBox } from '../model/geometry';
import { contrastOf, contrastPatch } from '../model/filters';
import { gradientCss, parseLinearGradient } from '../model/gradient';
import { alignBoxes, distributeBoxes, type Alignment } from '../model/snapping';
import { pageSize } from '../model/document';
import { TextAlignIcon } from './editor-icons';
import styles from './editor.module.css';
import type { FontFamily } from './use-fonts';

type Props = {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  families: FontFamily[];
  /** Uploads an image into the user's folder; answers its URL. */
  onUpload: (file: File) => Promise<string>;
};

/** A labelled control (the label wraps it, so the control is named by it). */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className={styles.row}>
      <span className={styles.label}>{label}</span>
      <span className={styles.control}>{children}</span>
    </label>
  );
}

function NumberInput({
  value,
  onChange,
  min,
  max,
  step = 1,
  ...rest
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  id?: string;
  'aria-label'?: string;
}) {
  return (
    <input
      type="number"
      className={styles.input}
      value={Number.isFinite(value) ? Math.round(value * 100) / 100 : 0}
      min={min}
      max={max}
      step={step}
      onChange={(e) => {
        const next = Number(e.currentTarget.value);
        if (Number.isFinite(next)) onChange(max !== undefined ? Math.min(max, Math.max(min ?? next, next)) : next);
      }}
      {...rest}
    />
  );
}

function colourValue(colour: string | undefined): string {
  const value = (colour ?? '').trim();
  if (/^#[0-9a-f]{6}$/i.test(value)) return value;
  if (/^#[0-9a-f]{3}$/i.test(value)) return `#${[...value.slice(1)].map((c) => c + c).join('')}`;
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/i.exec(value);
  if (rgb) return `#${rgb.slice(1, 4).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
  const named: Record<string, string> = { white: '#ffffff', black: '#000000', red: '#ff0000', blue: '#0000ff', green: '#008000' };
  return named[value.toLowerCase()] ?? '#000000';
}

/** A solid colour or a two-colour gradient. */
function FillControl({ label, value, onChange }: { label: string; value: string | undefined; onChange: (fill: string, merge: boolean) => void }) {
  const gradient = parseLinearGradient(value);
  const id = useId();
  return (
    <div className={styles.row}>
      <span className={styles.label} id={id}>
        {label}
      </span>
      <div className={styles.control} role="group" aria-labelledby={id}>
        <select
          className={styles.select}
          aria-label={`${label} kind`}
          value={gradient ? 'gradient' : 'solid'}
          onChange={(e) =>
            onChange(
              e.currentTarget.value === 'gradient'
                ? gradientCss(90, colourValue(value), '#7c3aed')
                : (gradient?.stops[0]?.color ?? '#000000'),
              false,
            )
          }
        >
          <option value="solid">Solid</option>
          <option value="gradient">Gradient</option>
        </select>
        {gradient ? (
          <>
            <input
              type="color"
              aria-label={`${label} start colour`}
              value={colourValue(gradient.stops[0]?.color)}
              onChange={(e) => onChange(gradientCss(gradient.angle, e.currentTarget.value, colourValue(gradient.stops.at(-1)?.color)), true)}
            />
            <input
              type="color"
              aria-label={`${label} end colour`}
              value={colourValue(gradient.stops.at(-1)?.color)}
              onChange={(e) => onChange(gradientCss(gradient.angle, colourValue(gradient.stops[0]?.color), e.currentTarget.value), true)}
            />
            <NumberInput
              aria-label={`${label} angle`}
              value={gradient.angle}
              min={0}
              max={360}
              onChange={(angle) => onChange(gradientCss(angle, colourValue(gradient.stops[0]?.color), colourValue(gradient.stops.at(-1)?.color)), true)}
            />
          </>
        ) : (
          <input type="color" aria-label={`${label} colour`} value={colourValue(value)} onChange={(e) => onChange(e.currentTarget.value, true)} />
        )}
      </div>
    </div>
  );
}

function FontPicker({ value, families, onChange }: { value: string; families: FontFamily[]; onChange: (family: string) => void }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const listId = useId();
  const matches = families.filter((f) => f.family.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <div className={styles.fontPicker}>
      <button type="button" className={styles.select} aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)} style={{ fontFamily: `"${value}"` }}>
        {value}
      </button>
      {open ? (
        <div className={styles.fontMenu}>
          <input
            className={styles.input}
            type="search"
            placeholder="Search fonts"
            aria-label="Search fonts"
            value={query}
            autoFocus
            onChange={(e) => setQuery(e.currentTarget.value)}
            onKeyDown={(e) => {
              e.stopPropagation();
              if (e.key === 'Escape') setOpen(false);
            }}
          />
          <ul id={listId} role="listbox" aria-label="Fonts" className={styles.fontList}>
            {matches.map((family) => (
              <li key={family.family} role="option" aria-selected={family.family === value}>
                <button
                  type="button"
                  className={styles.fontOption}
                  style={{ fontFamily: `"${family.family}", "Noto Sans"` }}
                  onClick={() => {
                    onChange(family.family);
                    setOpen(false);
                  }}
                >
                  {family.family} <span className={styles.muted}>Ẹ ṣ ọ ₦</span>
                </button>
              </li>
            ))}
            {matches.length === 0 ? <li className={styles.muted}>No fonts match “{query}”</li> : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function Toggle({ label, pressed, onClick, children }: { label: string; pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={styles.toggle} aria-label={label} aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}

export function PropertiesPanel({ state, dispatch, families, onUpload }: Props) {
  const selected = selectedElements(state);
  const first = selected[0];
  const ids = selected.map((e) => e.id);
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const page = state.doc.pages[state.pageIndex];
  const size = page ? pageSize(state.doc, page) : { width: 0, height: 0 };
  const update = (patch: Partial<DesignElement>, merge?: string) => dispatch({ type: 'update', ids, patch, ...(merge ? { merge: `${merge}:${ids.join(',')}` } : {}) });
  const boxes = Object.fromEntries(selected.map((e) => [e.id, boundingBox(e)]));

  if (!first || !page) {
    return (
      <section className={styles.panelSection} aria-label="Page">
        <h2 className={styles.panelTitle}>Page</h2>
        <FillControl
          label="Background"
          value={page?.background ?? 'white'}
          onChange={(background, merge) => dispatch({ type: 'page-background', background, ...(merge ? { merge: 'background' } : {}) })}
        />
        <p className={styles.muted}>Select an element to change it. Double-click a text to type on the canvas.</p>
      </section>
    );
  }

  const align = (alignment: Alignment) => {
    const positions = alignBoxes(boxes, alignment, size);
    const patches = Object.fromEntries(
      selected.map((e) => {
        const box = boxes[e.id];
        const to = positions[e.id];
        return [e.id, box && to ? { x: e.x + to.x - box.x, y: e.y + to.y - box.y } : {}];
      }),
    );
    dispatch({ type: 'update-each', patches });
  };
  const distribute = (axis: 'horizontal' | 'vertical') => {
    const positions = distributeBoxes(boxes, axis);
    const patches = Object.fromEntries(
      selected.flatMap((e) => {
        const box = boxes[e.id];
        const to = positions[e.id];
        return box && to ? [[e.id, { x: e.x + to.x - box.x, y: e.y + to.y - box.y }]] : [];
      }),
    );
    dispatch({ type: 'update-each', patches });
  };

  const isText = first.type === 'text';
  const isImage = first.type === 'image' || first.type === 'svg';
  const isFigure = first.type === 'figure';
  const bold = first.fontWeight === 'bold' || Number(first.fontWeight) >= 600;
  const underline = (first.textDecoration ?? '').includes('underline');

  return (
    <div className={styles.properties}>
      <section className={styles.panelSection} aria-label="Arrange">
        <h2 className={styles.panelTitle}>{selected.length > 1 ? `${selected.length} elements` : first.type === 'text' ? 'Text' : first.type === 'figure' ? 'Shape' : first.type.charAt(0).toUpperCase() + first.type.slice(1)}</h2>
        <div className={styles.buttonRow}>
          {(['left', 'center', 'right', 'top', 'middle', 'bottom'] as const).map((a) => (
            <button key={a} type="button" className={styles.toggle} onClick={() => align(a)} aria-label={`Align ${a}`} title={`Align ${a}`}>
              {{ left: '⇤', center: '↔', right: '⇥', top: '⤒', middle: '↕', bottom: '⤓' }[a]}
            </button>
          ))}
        </div>
        {selected.length >= 3 ? (
          <div className={styles.buttonRow}>
            <Button size="sm" variant="secondary" onClick={() => distribute('horizontal')}>
              Distribute horizontally
            </Button>
            <Button size="sm" variant="secondary" onClick={() => distribute('vertical')}>
              Distribute vertically
            </Button>
          </div>
        ) : null}
        <div className={styles.buttonRow}>
          <Button size="sm" variant="secondary" onClick={() => dispatch({ type: 'reorder', id: first.id, to: 'up' })}>
            Forward
          </Button>
          <Button size="sm" variant="secondary" onClick={() => dispatch({ type: 'reorder', id: first.id, to: 'down' })}>
            Backward
          </Button>
          {selected.length > 1 ? (
            <Button size="sm" variant="secondary" onClick={() => dispatch({ type: 'group' })}>
              Group
            </Button>
          ) : null}
          {first.type === 'group' ? (
            <Button size="sm" variant="secondary" onClick={() => dispatch({ type: 'ungroup' })}>
              Ungroup
            </Button>
          ) : null}
        </div>
      </section>

      {isText ? (
        <section className={styles.panelSection} aria-label="Text style">
          <Row label="Font">
            <FontPicker value={first.fontFamily ?? 'Roboto'} families={families} onChange={(fontFamily) => update({ fontFamily })} />
          </Row>
          <Row label="Size">
            <NumberInput value={first.fontSize ?? 14} min={1} max={1000} onChange={(fontSize) => update({ fontSize }, 'size')} />
          </Row>
          <Row label="Weight">
            <select className={styles.select} value={String(first.fontWeight ?? 'normal')} onChange={(e) => update({ fontWeight: e.currentTarget.value })}>
              {['normal', 'bold', '100', '200', '300', '400', '500', '600', '700', '800', '900'].map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </Row>
          <div className={styles.buttonRow} role="group" aria-label="Text style">
            <Toggle label="Bold" pressed={bold} onClick={() => update({ fontWeight: bold ? 'normal' : 'bold' })}>
              <b>B</b>
            </Toggle>
            <Toggle label="Italic" pressed={first.fontStyle === 'italic'} onClick={() => update({ fontStyle: first.fontStyle === 'italic' ? 'normal' : 'italic' })}>
              <i>I</i>
            </Toggle>
            <Toggle label="Underline" pressed={underline} onClick={() => update({ textDecoration: underline ? '' : 'underline' })}>
              <u>U</u>
            </Toggle>
            <Toggle label="Uppercase" pressed={(first.text ?? '') === (first.text ?? '').toUpperCase() && /\p{L}/u.test(first.text ?? '')} onClick={() => dispatch({ type: 'update-each', patches: Object.fromEntries(selected.map((e) => [e.id, { text: (e.text ?? '').toUpperCase() }])) })}>
              AA
            </Toggle>
            {(['left', 'center', 'right', 'justify'] as const).map((a) => (
              <Toggle key={a} label={`Text align ${a}`} pressed={(first.align ?? 'left') === a} onClick={() => update({ align: a })}>
                <TextAlignIcon align={a} />
              </Toggle>
            ))}
          </div>
          <Row label="Vertical">
            <select className={styles.select} value={first.verticalAlign ?? 'top'} onChange={(e) => update({ verticalAlign: e.currentTarget.value as DesignElement['verticalAlign'] })}>
              <option value="top">Top</option>
              <option value="middle">Middle</option>
              <option value="bottom">Bottom</option>
            </select>
          </Row>
          <FillControl label="Colour" value={first.fill} onChange={(fill, merge) => update({ fill }, merge ? 'fill' : undefined)} />
          <Row label="Line height">
            <NumberInput value={typeof first.lineHeight === 'number' ? first.lineHeight : 1.2} min={0.5} max={3} step={0.05} onChange={(lineHeight) => update({ lineHeight }, 'line-height')} />
          </Row>
          <Row label="Letter spacing">
            <NumberInput value={first.letterSpacing ?? 0} min={-0.5} max={2} step={0.01} onChange={(letterSpacing) => update({ letterSpacing }, 'letter-spacing')} />
          </Row>
        </section>
      ) : null}

      {isFigure ? (
        <section className={styles.panelSection} aria-label="Shape style">
          <FillControl label="Fill" value={first.fill} onChange={(fill, merge) => update({ fill }, merge ? 'fill' : undefined)} />
          {first.subType === 'rect' ? (
            <Row label="Corners">
              <NumberInput value={first.cornerRadius ?? 0} min={0} onChange={(cornerRadius) => update({ cornerRadius }, 'corner')} />
            </Row>
          ) : null}
        </section>
      ) : null}

      {first.type === 'line' ? (
        <section className={styles.panelSection} aria-label="Line style">
          <Row label="Colour">
            <input type="color" value={colourValue(first.color)} onChange={(e) => update({ color: e.currentTarget.value }, 'line-colour')} />
          </Row>
          <Row label="Thickness">
            <NumberInput value={first.height} min={1} max={200} onChange={(height) => update({ height }, 'thickness')} />
          </Row>
        </section>
      ) : null}

      {isImage ? (
        <section className={styles.panelSection} aria-label="Image">
          <input
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/avif,image/svg+xml"
            hidden
            data-testid="image-upload"
            onChange={async (e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (!file) return;
              setUploading(true);
              try {
                const src = await onUpload(file);
                update({ src, cropX: 0, cropY: 0, cropWidth: 1, cropHeight: 1 });
              } finally {
                setUploading(false);
              }
            }}
          />
          <div className={styles.buttonRow}>
            <Button size="sm" variant="secondary" disabled={uploading} onClick={() => fileRef.current?.click()}>
              {uploading ? 'Uploading…' : 'Replace image'}
            </Button>
            <Toggle label="Flip horizontally" pressed={first.flipX === true} onClick={() => update({ flipX: !first.flipX })}>
              ⇋
            </Toggle>
            <Toggle label="Flip vertically" pressed={first.flipY === true} onClick={() => update({ flipY: !first.flipY })}>
              ⇵
            </Toggle>
          </div>
          <Row label="Crop left">
            <NumberInput value={(first.cropX ?? 0) * 100} min={0} max={95} onChange={(v) => update({ cropX: v / 100, cropWidth: Math.min(first.cropWidth ?? 1, 1 - v / 100) }, 'crop')} />
          </Row>
          <Row label="Crop top">
            <NumberInput value={(first.cropY ?? 0) * 100} min={0} max={95} onChange={(v) => update({ cropY: v / 100, cropHeight: Math.min(first.cropHeight ?? 1, 1 - v / 100) }, 'crop')} />
          </Row>
          <Row label="Crop width %">
            <NumberInput value={(first.cropWidth ?? 1) * 100} min={5} max={100 - (first.cropX ?? 0) * 100} onChange={(v) => update({ cropWidth: v / 100 }, 'crop')} />
          </Row>
          <Row label="Crop height %">
            <NumberInput value={(first.cropHeight ?? 1) * 100} min={5} max={100 - (first.cropY ?? 0) * 100} onChange={(v) => update({ cropHeight: v / 100 }, 'crop')} />
          </Row>
          <div className={styles.buttonRow} role="group" aria-label="Filters">
            <Toggle label="Grayscale" pressed={first.grayscaleEnabled === true} onClick={() => update({ grayscaleEnabled: !first.grayscaleEnabled })}>
              Grayscale
            </Toggle>
            <Toggle label="Sepia" pressed={first.sepiaEnabled === true} onClick={() => update({ sepiaEnabled: !first.sepiaEnabled })}>
              Sepia
            </Toggle>
          </div>
          <Row label="Brightness">
            <input
              type="range"
              min={-1}
              max={1}
              step={0.05}
              value={first.brightnessEnabled ? (first.brightness ?? 0) : 0}
              onChange={(e) => update({ brightnessEnabled: true, brightness: Number(e.currentTarget.value) }, 'brightness')}
            />
          </Row>
          <Row label="Contrast">
            <input
              type="range"
              min={-1}
              max={1}
              step={0.05}
              value={contrastOf(first)}
              onChange={(e) => {
                // Each element keeps its own other filters.
                const contrast = Number(e.currentTarget.value);
                const patches = Object.fromEntries(selected.map((element) => [element.id, contrastPatch(element, contrast)]));
                dispatch({ type: 'update-each', patches, merge: `contrast:${ids.join(',')}` });
              }}
            />
          </Row>
          <Row label="Blur">
            <input
              type="range"
              min={0}
              max={50}
              step={1}
              value={first.blurEnabled ? (first.blurRadius ?? 10) : 0}
              onChange={(e) => {
                const radius = Number(e.currentTarget.value);
                update({ blurEnabled: radius > 0, blurRadius: radius }, 'blur');
              }}
            />
          </Row>
        </section>
      ) : null}

      <section className={styles.panelSection} aria-label="Effects">
        <Row label="Opacity">
          <input type="range" min={0} max={1} step={0.05} value={first.opacity ?? 1} onChange={(e) => update({ opacity: Number(e.currentTarget.value) }, 'opacity')} />
        </Row>
        {isText || isFigure ? (
          <>
            <Row label="Stroke width">
              <NumberInput value={first.strokeWidth ?? 0} min={0} max={100} onChange={(strokeWidth) => update({ strokeWidth }, 'stroke-width')} />
            </Row>
            <Row label="Stroke colour">
              <input type="color" value={colourValue(first.stroke)} onChange={(e) => update({ stroke: e.currentTarget.value }, 'stroke')} />
            </Row>
          </>
        ) : null}
        <div className={styles.buttonRow}>
          <Toggle label="Shadow" pressed={first.shadowEnabled === true} onClick={() => update({ shadowEnabled: !first.shadowEnabled })}>
            Shadow
          </Toggle>
        </div>
        {first.shadowEnabled ? (
          <>
            <Row label="Shadow blur">
              <NumberInput value={first.shadowBlur ?? 5} min={0} max={100} onChange={(shadowBlur) => update({ shadowBlur }, 'shadow')} />
            </Row>
            <Row label="Shadow X">
              <NumberInput value={first.shadowOffsetX ?? 0} min={-200} max={200} onChange={(shadowOffsetX) => update({ shadowOffsetX }, 'shadow')} />
            </Row>
            <Row label="Shadow Y">
              <NumberInput value={first.shadowOffsetY ?? 0} min={-200} max={200} onChange={(shadowOffsetY) => update({ shadowOffsetY }, 'shadow')} />
            </Row>
            <Row label="Shadow colour">
              <input type="color" value={colourValue(first.shadowColor)} onChange={(e) => update({ shadowColor: e.currentTarget.value }, 'shadow')} />
            </Row>
          </>
        ) : null}
      </section>
    </div>
  );
}
