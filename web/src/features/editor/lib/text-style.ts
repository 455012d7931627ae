/**
 * A text element's Konva `Text` attributes, following the text-layout rules the server renderer
 * implements (`domain/text_layout.py`): letter spacing is a fraction of the font size, line
 * height a multiple (or `"120%"`, or `"auto"`), and a box shorter than its lines grows to fit
 * them (unless the text is cut with an ellipsis). Glyphs missing from a family fall back to the
 * bundled Noto Sans, then Noto Emoji, as the renderer does.
 */
import Konva from 'konva';

import type { DesignElement } from '../model/document';

/** The families the renderer falls back to, in order (`fonts.css`'s `--designcore-font-fallback`). */
export const FALLBACK_FAMILIES = ['Noto Sans', 'Noto Emoji'];

export function fontFamilyList(family: string | undefined): string {
  return [family || 'Roboto', ...FALLBACK_FAMILIES].map((name) => `"${name.replace(/"/g, '')}"`).join(', ');
}

/** Konva's `fontStyle`: `italic` and/or the weight (`700`, `bold`). */
export function konvaFontStyle(element: Pick<DesignElement, 'fontStyle' | 'fontWeight'>): string {
  const weight = element.fontWeight && element.fontWeight !== 'normal' ? String(element.fontWeight) : '';
  const parts = [element.fontStyle === 'italic' ? 'italic' : '', weight].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : 'normal';
}

/** The line height as a multiple of the font size. */
export function lineHeightMultiple(value: number | string | undefined): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.endsWith('%')) {
    const percent = Number(value.slice(0, -1));
    if (Number.isFinite(percent)) return percent / 100;
  }
  return 1.2;
}

export type TextNodeProps = {
  konva: Konva.TextConfig;
  /** The box's drawn height: the element's, or its lines' when they need more. */
  boxHeight: number;
};

let measurer: Konva.Text | null = null;

/** How tall the element's lines are, wrapped in its width. */
export function measureTextHeight(config: Konva.TextConfig): number {
  if (typeof document === 'undefined') return 0;
  measurer ??= new Konva.Text();
  measurer.setAttrs({ ...config, height: undefined, ellipsis: false });
  return measurer.height();
}

export function textNodeProps(element: DesignElement): TextNodeProps {
  const fontSize = element.fontSize ?? 14;
  const base: Konva.TextConfig = {
    text: element.text ?? '',
    width: element.width,
    fontSize,
    fontFamily: fontFamilyList(element.fontFamily),
    fontStyle: konvaFontStyle(element),
    textDecoration: element.textDecoration ?? '',
    align: element.align ?? 'left',
    verticalAlign: element.verticalAlign ?? 'top',
    lineHeight: lineHeightMultiple(element.lineHeight),
    letterSpacing: (element.letterSpacing ?? 0) * fontSize,
    wrap: 'word',
    stroke: (element.strokeWidth ?? 0) > 0 ? (element.stroke ?? 'black') : undefined,
    strokeWidth: element.strokeWidth ?? 0,
    fillAfterStrokeEnabled: true,
    padding: 0,
  };
  const cut = element.textOverflow === 'ellipsis';
  const lines = measureTextHeight(base);
  const boxHeight = cut && element.height > 0 ? element.height : Math.max(element.height || 0, lines);
  return { konva: { ...base, height: boxHeight, ellipsis: cut }, boxHeight };
}
