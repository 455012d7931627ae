/**
 * The outline of a figure filling its `width` × `height` box, as the server renderer traces it
 * (`adapters/render/draw.py`, `figure_path`): the editor fills it, and clips the figure's stroke
 * to it, so a stroke lies inside the outline as in a download (drawn twice as wide, then
 * clipped; docs/decisions.md, "Konva's drawing rules kept on purpose").
 */

/** The path calls an outline needs (a canvas context, or Konva's). */
export type PathSink = {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  ellipse(x: number, y: number, radiusX: number, radiusY: number, rotation: number, startAngle: number, endAngle: number): void;
  roundRect(x: number, y: number, width: number, height: number, radius: number): void;
};

/** A five-pointed star's inner radius over its outer one (a regular star). */
export const STAR_INNER_RATIO = Math.sin(Math.PI / 10) / Math.sin((3 * Math.PI) / 10);

/** A regular five-pointed star, one point up, in the circle of min(w, h) / 2 at the box centre. */
export function starPoints(w: number, h: number): number[] {
  const outer = Math.min(w, h) / 2;
  return Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : outer * STAR_INNER_RATIO;
    const angle = ((-90 + 36 * i) * Math.PI) / 180;
    return [w / 2 + radius * Math.cos(angle), h / 2 + radius * Math.sin(angle)];
  }).flat();
}

/** A regular polygon, one corner up, stretched so its bounding box fills the box. */
function regular(sides: number, w: number, h: number): number[] {
  const pts = Array.from({ length: sides }, (_, i) => {
    const a = ((-90 + (360 * i) / sides) * Math.PI) / 180;
    return [Math.cos(a), Math.sin(a)] as const;
  });
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const spanX = Math.max(...xs) - minX || 1;
  const spanY = Math.max(...ys) - minY || 1;
  return pts.flatMap(([x, y]) => [((x - minX) / spanX) * w, ((y - minY) / spanY) * h]);
}

/** The corners of a polygonal figure (x, y, x, y …), or null for rect, circle and unknown types. */
export function polygonPoints(subType: string, w: number, h: number): number[] | null {
  switch (subType) {
    case 'star':
      return starPoints(w, h);
    case 'triangle':
      return [w / 2, 0, w, h, 0, h];
    case 'rightTriangle':
      return [0, 0, w, h, 0, h];
    case 'diamond':
      return [w / 2, 0, w, h / 2, w / 2, h, 0, h / 2];
    case 'pentagon':
      return regular(5, w, h);
    case 'hexagon':
      return regular(6, w, h);
    case 'octagon':
      return regular(8, w, h);
    default:
      return null;
  }
}

/** Traces the figure's outline into `path`; false for a sub-type that is not drawn. */
export function traceFigureOutline(path: PathSink, subType: string, w: number, h: number, cornerRadius = 0): boolean {
  if (subType === 'rect') {
    path.roundRect(0, 0, w, h, Math.max(0, Math.min(cornerRadius, w / 2, h / 2)));
    return true;
  }
  if (subType === 'circle') {
    path.ellipse(w / 2, h / 2, w / 2, h / 2, 0, 0, Math.PI * 2);
    return true;
  }
  const points = polygonPoints(subType, w, h);
  if (!points) return false;
  path.moveTo(points[0] ?? 0, points[1] ?? 0);
  for (let i = 2; i < points.length; i += 2) path.lineTo(points[i] ?? 0, points[i + 1] ?? 0);
  path.closePath();
  return true;
}
