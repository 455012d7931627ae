/**
 * A text element measured and drawn in the browser by the text-layout contract
 * (docs/text-layout.md): the browser's canvas measures (`measureText`, kerning included, letter
 * spacing 0), {@link layoutText} breaks and places the lines, and {@link drawTextLayout} draws
 * each line with `ctx.letterSpacing` (kerning kept) — justified lines character by character.
 * Glyphs missing from a family fall back to the bundled Noto Sans, then Noto Emoji.
 */
import type { DesignElement } from '../model/document';
import { layoutText, type FontMetrics, type TextLayout } from './text-layout';

/** The families the renderer falls back to, in order (`fonts.json` → `fallback`). */
export const FALLBACK_FAMILIES = ['Noto Sans', 'Noto Emoji'];

export function fontFamilyList(family: string | undefined): string {
  return [family || 'Roboto', ...FALLBACK_FAMILIES].map((name) => `"${name.replace(/"/g, '')}"`).join(', ');
}

/** The CSS weight of a stored `fontWeight`. */
export function cssWeight(weight: string | undefined): string {
  if (!weight || weight === 'normal') return '400';
  if (weight === 'bold') return '700';
  return weight;
}

/** The CSS `font` shorthand of an element at its size. */
export function cssFont(element: Pick<DesignElement, 'fontStyle' | 'fontWeight' | 'fontSize' | 'fontFamily'>): string {
  return `${element.fontStyle === 'italic' ? 'italic ' : ''}${cssWeight(element.fontWeight)} ${element.fontSize ?? 14}px ${fontFamilyList(element.fontFamily)}`;
}

/** The line height as a multiple of the font size (for the in-place editor's CSS). */
export function lineHeightMultiple(value: number | string | undefined): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.endsWith('%')) {
    const percent = Number(value.slice(0, -1));
    if (Number.isFinite(percent)) return percent / 100;
  }
  return 1.2;
}

let measuringContext: CanvasRenderingContext2D | null | undefined;

function context(): CanvasRenderingContext2D | null {
  if (measuringContext !== undefined) return measuringContext;
  try {
    measuringContext = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  } catch {
    measuringContext = null;
  }
  return measuringContext;
}

const layouts = new WeakMap<DesignElement, { fontsVersion: number; layout: TextLayout }>();

/**
 * The element's layout, measured with the browser's fonts (cached per element object and fonts
 * version). Without a canvas (tests) a rough measure stands in.
 */
export function elementTextLayout(element: DesignElement, fontsVersion = 0): TextLayout {
  const cached = layouts.get(element);
  if (cached && cached.fontsVersion === fontsVersion) return cached.layout;
  const fontSize = element.fontSize ?? 14;
  const ctx = context();
  let metrics: FontMetrics = { ascent: fontSize * 0.93, descent: fontSize * 0.24, lineGap: 0 };
  let measure = (text: string) => Array.from(text).length * fontSize * 0.5;
  if (ctx) {
    ctx.font = cssFont(element);
    if ('letterSpacing' in ctx) ctx.letterSpacing = '0px';
    ctx.fontKerning = 'normal';
    const probe = ctx.measureText('Hg');
    if (probe.fontBoundingBoxAscent !== undefined) metrics = { ascent: probe.fontBoundingBoxAscent, descent: probe.fontBoundingBoxDescent, lineGap: 0 };
    const widths = new Map<string, number>();
    measure = (text: string) => {
      let width = widths.get(text);
      if (width === undefined) {
        ctx.font = cssFont(element);
        width = ctx.measureText(text).width;
        widths.set(text, width);
      }
      return width;
    };
  }
  const layout = layoutText(
    {
      text: element.text ?? '',
      fontSize,
      width: element.width,
      height: element.height,
      lineHeight: element.lineHeight ?? 1.2,
      letterSpacing: element.letterSpacing ?? 0,
      align: element.align ?? 'left',
      verticalAlign: element.verticalAlign ?? 'top',
      textOverflow: element.textOverflow === undefined ? null : String(element.textOverflow),
    },
    measure,
    metrics,
  );
  layouts.set(element, { fontsVersion, layout });
  return layout;
}

/** The height the box is drawn at: its lines' (re-fitted), or the stored one when cut. */
export function textBoxHeight(element: DesignElement, fontsVersion = 0): number {
  return elementTextLayout(element, fontsVersion).boxHeight;
}

/** Draws a laid-out text on a canvas context whose origin is the element's top-left corner. */
export function drawTextLayout(
  ctx: CanvasRenderingContext2D,
  element: DesignElement,
  layout: TextLayout,
  fill: string | CanvasGradient,
): void {
  const fontSize = element.fontSize ?? 14;
  ctx.font = cssFont(element);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fontKerning = 'normal';
  ctx.fillStyle = fill;
  const stroke = (element.strokeWidth ?? 0) > 0;
  if (stroke) {
    ctx.strokeStyle = element.stroke ?? 'black';
    ctx.lineWidth = element.strokeWidth ?? 0;
    ctx.lineJoin = 'round';
  }
  const justify = element.align === 'justify';
  for (const line of layout.lines) {
    if (justify) {
      if ('letterSpacing' in ctx) ctx.letterSpacing = '0px';
      let x = line.x;
      for (const character of Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(line.text), (s) => s.segment)) {
        if (character === ' ') x += line.spaceExtra;
        ctx.fillText(character, x, line.baseline);
        if (stroke) ctx.strokeText(character, x, line.baseline);
        x += ctx.measureText(character).width + layout.spacing;
      }
    } else {
      if ('letterSpacing' in ctx) ctx.letterSpacing = `${layout.spacing}px`;
      ctx.fillText(line.text, line.x, line.baseline);
      if (stroke) ctx.strokeText(line.text, line.x, line.baseline);
    }
    const decoration = element.textDecoration ?? '';
    if (decoration) {
      const length = justify ? layout.boxWidth : line.width;
      ctx.save();
      ctx.strokeStyle = fill;
      ctx.lineWidth = fontSize / 15;
      const offsets = [decoration.includes('underline') ? Math.round(fontSize / 4) : null, decoration.includes('line-through') ? -Math.round(fontSize / 4) : null];
      for (const offset of offsets) {
        if (offset === null) continue;
        ctx.beginPath();
        ctx.moveTo(line.x, line.baseline + offset);
        ctx.lineTo(line.x + Math.round(length), line.baseline + offset);
        ctx.stroke();
      }
      ctx.restore();
    }
  }
  if ('letterSpacing' in ctx) ctx.letterSpacing = '0px';
}
