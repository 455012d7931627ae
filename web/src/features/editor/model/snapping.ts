/**
 * Snapping maths: while a box is dragged, its left/centre/right edges snap to the nearest page
 * edge, page centre or edge/centre of another element within a threshold, each axis on its own.
 * The guides are the lines it snapped to, for the canvas to draw.
 */
import type { Box } from './geometry';

export type Guide = { orientation: 'vertical' | 'horizontal'; position: number };

export type SnapResult = {
  /** The box's new top-left corner. */
  x: number;
  y: number;
  guides: Guide[];
};

/** The lines a box offers to others: page or element edges and centres. */
export function snapLines(page: { width: number; height: number }, others: readonly Box[]): { vertical: number[]; horizontal: number[] } {
  const vertical = [0, page.width / 2, page.width];
  const horizontal = [0, page.height / 2, page.height];
  for (const box of others) {
    vertical.push(box.x, box.x + box.width / 2, box.x + box.width);
    horizontal.push(box.y, box.y + box.height / 2, box.y + box.height);
  }
  return { vertical, horizontal };
}

function snapAxis(start: number, size: number, lines: readonly number[], threshold: number): { offset: number; line: number } | null {
  let best: { offset: number; line: number } | null = null;
  for (const edge of [start, start + size / 2, start + size]) {
    for (const line of lines) {
      const offset = line - edge;
      if (Math.abs(offset) <= threshold && (best === null || Math.abs(offset) < Math.abs(best.offset))) best = { offset, line };
    }
  }
  return best;
}

/**
 * Where a dragged box lands: `box` is where the pointer put it; `threshold` is in page pixels
 * (the canvas passes a few screen pixels divided by the zoom).
 */
export function snapBox(
  box: Box,
  page: { width: number; height: number },
  others: readonly Box[],
  threshold: number,
): SnapResult {
  const lines = snapLines(page, others);
  const vx = snapAxis(box.x, box.width, lines.vertical, threshold);
  const hy = snapAxis(box.y, box.height, lines.horizontal, threshold);
  const guides: Guide[] = [];
  if (vx) guides.push({ orientation: 'vertical', position: vx.line });
  if (hy) guides.push({ orientation: 'horizontal', position: hy.line });
  return { x: box.x + (vx?.offset ?? 0), y: box.y + (hy?.offset ?? 0), guides };
}

export type Alignment = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

/**
 * New top-left corners that align boxes: several boxes align to their common bounds; a single box
 * aligns to the page.
 */
export function alignBoxes(
  boxes: Readonly<Record<string, Box>>,
  alignment: Alignment,
  page: { width: number; height: number },
): Record<string, { x: number; y: number }> {
  const entries = Object.entries(boxes);
  const bounds =
    entries.length === 1
      ? { x: 0, y: 0, width: page.width, height: page.height }
      : {
          x: Math.min(...entries.map(([, b]) => b.x)),
          y: Math.min(...entries.map(([, b]) => b.y)),
          width: Math.max(...entries.map(([, b]) => b.x + b.width)) - Math.min(...entries.map(([, b]) => b.x)),
          height: Math.max(...entries.map(([, b]) => b.y + b.height)) - Math.min(...entries.map(([, b]) => b.y)),
        };
  const out: Record<string, { x: number; y: number }> = {};
  for (const [id, b] of entries) {
    let { x, y } = b;
    if (alignment === 'left') x = bounds.x;
    if (alignment === 'center') x = bounds.x + (bounds.width - b.width) / 2;
    if (alignment === 'right') x = bounds.x + bounds.width - b.width;
    if (alignment === 'top') y = bounds.y;
    if (alignment === 'middle') y = bounds.y + (bounds.height - b.height) / 2;
    if (alignment === 'bottom') y = bounds.y + bounds.height - b.height;
    out[id] = { x, y };
  }
  return out;
}

/** Spreads three or more boxes so the gaps between them are equal (the outer two stay). */
export function distributeBoxes(
  boxes: Readonly<Record<string, Box>>,
  axis: 'horizontal' | 'vertical',
): Record<string, { x: number; y: number }> {
  const entries = Object.entries(boxes);
  const out: Record<string, { x: number; y: number }> = {};
  if (entries.length < 3) return out;
  const start = (b: Box) => (axis === 'horizontal' ? b.x : b.y);
  const size = (b: Box) => (axis === 'horizontal' ? b.width : b.height);
  entries.sort(([, a], [, b]) => start(a) - start(b));
  const first = entries[0]?.[1];
  const last = entries[entries.length - 1]?.[1];
  if (!first || !last) return out;
  const total = entries.reduce((sum, [, b]) => sum + size(b), 0);
  const gap = (start(last) + size(last) - start(first) - total) / (entries.length - 1);
  let cursor = start(first);
  for (const [id, b] of entries) {
    out[id] = axis === 'horizontal' ? { x: cursor, y: b.y } : { x: b.x, y: cursor };
    cursor += size(b) + gap;
  }
  return out;
}
