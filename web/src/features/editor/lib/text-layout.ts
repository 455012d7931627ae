/**
 * The text-layout contract (docs/text-layout.md), the editor's side: where the characters of a
 * text element go. The server renderer implements the same rules (`domain/text_layout.py`);
 * both run the vectors of `tests/contract/vectors/text_layout.json`.
 *
 * Measuring is the caller's: `measure(s)` is the advance width of `s` in the element's font
 * chain at its size, kerning included and letter spacing not.
 */

export type MeasureText = (text: string) => number;

export type FontMetrics = { ascent: number; descent: number; lineGap?: number };

export type TextLayoutInput = {
  text: string;
  fontSize: number;
  width: number;
  /** The stored height: it only counts with `textOverflow: "ellipsis"`. */
  height?: number;
  lineHeight?: number | string;
  /** A fraction of the font size. */
  letterSpacing?: number;
  align?: 'left' | 'center' | 'right' | 'justify';
  verticalAlign?: 'top' | 'middle' | 'bottom';
  textOverflow?: string | null;
  wrap?: 'word' | 'char' | 'none';
};

export type TextLine = {
  text: string;
  /** Width with letter spacing (after every character, the last included). */
  width: number;
  x: number;
  top: number;
  baseline: number;
  lastInParagraph: boolean;
  /** Pixels added before each space when justified. */
  spaceExtra: number;
};

export type TextLayout = {
  lines: TextLine[];
  lineHeight: number;
  /** Letter spacing in pixels. */
  spacing: number;
  boxWidth: number;
  boxHeight: number;
};

export const ELLIPSIS = '\u2026';
const BREAKS = new Set([' ', '-']);

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** User-perceived characters (grapheme clusters): a letter and its marks stay together. */
export function splitClusters(text: string): string[] {
  if (segmenter) return Array.from(segmenter.segment(text), (s) => s.segment);
  const clusters: string[] = [];
  for (const char of text) {
    const last = clusters[clusters.length - 1];
    if (last !== undefined && (/\p{M}|\u200d|[\ufe00-\ufe0f]/u.test(char) || last.endsWith('\u200d'))) clusters[clusters.length - 1] = last + char;
    else clusters.push(char);
  }
  return clusters;
}

/** The line height in pixels for a stored `lineHeight`. */
export function lineHeightPx(value: number | string | undefined, fontSize: number, metrics: FontMetrics): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value * fontSize;
  if (value === 'auto') return metrics.ascent + metrics.descent + (metrics.lineGap ?? 0);
  if (typeof value === 'string' && value.endsWith('%')) {
    const percent = Number(value.slice(0, -1));
    if (value.length > 1 && Number.isFinite(percent)) return (percent / 100) * fontSize;
  }
  return 1.2 * fontSize;
}

const isSpace = (cluster: string) => cluster.trim() === '' && cluster.length > 0;

function stripEnd(clusters: string[]): string[] {
  let end = clusters.length;
  while (end > 0 && isSpace(clusters[end - 1] as string)) end -= 1;
  return clusters.slice(0, end);
}

function stripStart(clusters: string[]): string[] {
  let start = 0;
  while (start < clusters.length && isSpace(clusters[start] as string)) start += 1;
  return clusters.slice(start);
}

function lastBreak(clusters: string[]): number {
  for (let i = clusters.length - 1; i >= 0; i -= 1) if (BREAKS.has(clusters[i] as string)) return i + 1;
  return 0;
}

export function layoutText(input: TextLayoutInput, measure: MeasureText, metrics: FontMetrics): TextLayout {
  const fontSize = input.fontSize;
  const spacing = (input.letterSpacing ?? 0) * fontSize;
  const linePx = lineHeightPx(input.lineHeight, fontSize, metrics);
  const widthOf = (clusters: readonly string[]) => (clusters.length === 0 ? 0 : measure(clusters.join('')) + spacing * clusters.length);
  const ellipsis = input.textOverflow === 'ellipsis';
  const maxWidth = input.width;
  const measuredHeight = input.height !== undefined && input.height > 0 ? input.height : null;
  const clip = ellipsis && measuredHeight !== null;
  const maxHeight = measuredHeight ?? 0;
  const wrap = input.wrap ?? 'word';
  const shouldWrap = wrap !== 'none';
  const atWords = wrap === 'word';
  const extra = ellipsis ? widthOf([ELLIPSIS]) : 0;
  const justify = input.align === 'justify';

  const items: { clusters: string[]; width: number; last: boolean }[] = [];
  const add = (clusters: string[]) => {
    const kept = justify ? stripStart(stripEnd(clusters)) : clusters;
    items.push({ clusters: kept, width: widthOf(kept), last: false });
  };
  const endParagraph = () => {
    const last = items[items.length - 1];
    if (last) last.last = true;
  };
  const addEllipsis = () => {
    const item = items.pop();
    if (!item) return;
    let clusters = item.clusters;
    if (widthOf([...clusters, ELLIPSIS]) >= maxWidth) clusters = clusters.length > 3 ? clusters.slice(0, -3) : [];
    add([...clusters, ELLIPSIS]);
    if (item.last) endParagraph();
  };
  const longestFitting = (clusters: string[]): [number, number] => {
    let low = 0;
    let high = clusters.length;
    let best = 0;
    let bestWidth = 0;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const candidate = widthOf(clusters.slice(0, middle + 1)) + extra;
      if (candidate <= maxWidth) {
        low = middle + 1;
        best = middle + 1;
        bestWidth = candidate;
      } else high = middle;
    }
    return [best, bestWidth];
  };

  let used = 0;
  const mustStop = (after: number) => !shouldWrap || (clip && after + linePx > maxHeight);
  const paragraphs = input.text.split('\n');
  for (const [index, paragraph] of paragraphs.entries()) {
    let rest = splitClusters(paragraph);
    let restWidth = widthOf(rest);
    if (restWidth > maxWidth) {
      while (rest.length > 0) {
        const [fit, fitWidthFound] = longestFitting(rest);
        let fitWidth = fitWidthFound;
        if (fit === 0) break;
        let cut = fit;
        if (atWords) {
          const following = fit < rest.length ? (rest[fit] as string) : '';
          if (BREAKS.has(following) && fitWidth <= maxWidth) cut = fit;
          else {
            cut = lastBreak(rest.slice(0, fit));
            if (cut === 0) cut = fit;
          }
          fitWidth = widthOf(rest.slice(0, cut));
        }
        add(stripEnd(rest.slice(0, cut)));
        used += linePx;
        if (mustStop(used)) {
          if (ellipsis) addEllipsis();
          break;
        }
        rest = stripStart(rest.slice(cut));
        if (rest.length > 0) {
          restWidth = widthOf(rest);
          if (restWidth <= maxWidth) {
            add(rest);
            used += linePx;
            break;
          }
        }
      }
    } else {
      add(rest);
      used += linePx;
      if (mustStop(used) && index < paragraphs.length - 1 && ellipsis) addEllipsis();
    }
    endParagraph();
    if (clip && used + linePx > maxHeight) break;
  }

  const content = linePx * items.length;
  const boxHeight = clip && measuredHeight !== null ? measuredHeight : content;
  const offsetY = input.verticalAlign === 'middle' ? (boxHeight - content) / 2 : input.verticalAlign === 'bottom' ? boxHeight - content : 0;
  const baselineInLine = linePx / 2 + (metrics.ascent - metrics.descent) / 2;
  const lines = items.map((item, number): TextLine => {
    const x = input.align === 'right' ? maxWidth - item.width : input.align === 'center' ? (maxWidth - item.width) / 2 : 0;
    const spaces = item.clusters.filter((c) => c === ' ').length;
    const spaceExtra = justify && !item.last && spaces > 0 ? (maxWidth - item.width) / spaces : 0;
    const top = offsetY + number * linePx;
    return { text: item.clusters.join(''), width: item.width, x, top, baseline: top + baselineInLine, lastInParagraph: item.last, spaceExtra };
  });
  return { lines, lineHeight: linePx, spacing, boxWidth: maxWidth, boxHeight };
}
