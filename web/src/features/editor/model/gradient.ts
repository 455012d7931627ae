/**
 * `linear-gradient(...)` fills, read the way the server renderer reads them
 * (`adapters/render/colors.py`): an angle in degrees or a `to …` direction (default 180deg, top
 * to bottom), then two or more colour stops with optional percentages.
 */

export type LinearGradient = { angle: number; stops: { offset: number; color: string }[] };

const DIRECTIONS: Record<string, number> = {
  'to top': 0,
  'to right': 90,
  'to bottom': 180,
  'to left': 270,
  'to top right': 45,
  'to right top': 45,
  'to bottom right': 135,
  'to right bottom': 135,
  'to bottom left': 225,
  'to left bottom': 225,
  'to top left': 315,
  'to left top': 315,
};

/** Splits on commas outside parentheses (`rgb(1, 2, 3)` stays whole). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

export function parseLinearGradient(text: string | undefined): LinearGradient | null {
  const value = (text ?? '').trim();
  if (!value.toLowerCase().startsWith('linear-gradient(') || !value.endsWith(')')) return null;
  const parts = splitTopLevel(value.slice('linear-gradient('.length, -1));
  let angle = 180;
  const first = (parts[0] ?? '').toLowerCase();
  if (first.endsWith('deg')) {
    angle = Number(first.slice(0, -3));
    if (!Number.isFinite(angle)) return null;
    parts.shift();
  } else if (first in DIRECTIONS) {
    angle = DIRECTIONS[first] ?? 180;
    parts.shift();
  }
  const raw = parts.map((part) => {
    const match = /^(.*\S)\s+(-?[\d.]+)%$/.exec(part);
    return match ? { color: match[1] ?? part, offset: Number(match[2]) / 100 } : { color: part, offset: null };
  });
  if (raw.length < 2) return null;
  const stops = raw.map((stop, index) => ({
    color: stop.color,
    offset: Math.max(0, Math.min(1, stop.offset ?? index / (raw.length - 1))),
  }));
  return { angle, stops };
}

/** The gradient line across a `width` x `height` box, as CSS (and the renderer) draw it. */
export function gradientPoints(angle: number, width: number, height: number) {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.sin(radians);
  const dy = -Math.cos(radians);
  const half = (Math.abs(width * dx) + Math.abs(height * dy)) / 2;
  const cx = width / 2;
  const cy = height / 2;
  return { start: { x: cx - dx * half, y: cy - dy * half }, end: { x: cx + dx * half, y: cy + dy * half } };
}

/** Konva fill attributes for a colour or a gradient filling a `width` x `height` box. */
export function konvaFill(fill: string | undefined, width: number, height: number): Record<string, unknown> {
  const gradient = parseLinearGradient(fill);
  if (!gradient) return { fill: fill ?? 'black' };
  const { start, end } = gradientPoints(gradient.angle, width, height);
  return {
    fillLinearGradientStartPoint: start,
    fillLinearGradientEndPoint: end,
    fillLinearGradientColorStops: gradient.stops.flatMap((s) => [s.offset, s.color]),
  };
}

/** A two-colour gradient written back as CSS. */
export function gradientCss(angle: number, from: string, to: string): string {
  return `linear-gradient(${angle}deg, ${from} 0%, ${to} 100%)`;
}
