import type { DesignElement } from './document';

/** An axis-aligned box in page pixels. */
export type Box = { x: number; y: number; width: number; height: number };

/** The four corners of an element's box after its rotation (clockwise degrees about top-left). */
export function corners(element: Pick<DesignElement, 'x' | 'y' | 'width' | 'height' | 'rotation'>): [number, number][] {
  const angle = ((element.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const local: [number, number][] = [
    [0, 0],
    [element.width, 0],
    [element.width, element.height],
    [0, element.height],
  ];
  return local.map(([x, y]) => [element.x + x * cos - y * sin, element.y + x * sin + y * cos]);
}

/** The axis-aligned box around an element as drawn (rotation included). */
export function boundingBox(element: Pick<DesignElement, 'x' | 'y' | 'width' | 'height' | 'rotation'>): Box {
  if (!element.rotation) return { x: element.x, y: element.y, width: element.width, height: element.height };
  const points = corners(element);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The box around several boxes (null for none). */
export function unionBox(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** Whether two boxes overlap (touching edges count). */
export function intersects(a: Box, b: Box): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

/** A point rotated by `degrees` clockwise about the origin. */
export function rotatePoint(x: number, y: number, degrees: number): [number, number] {
  const angle = (degrees * Math.PI) / 180;
  return [x * Math.cos(angle) - y * Math.sin(angle), x * Math.sin(angle) + y * Math.cos(angle)];
}
