import type { PhotoStep } from '../api/photo-editor';

export type Size = { width: number; height: number };

/** Aspect presets of the crop step; `null` is the picture's own aspect (no crop). */
export const ASPECT_PRESETS: ReadonlyArray<{ label: string; ratio: [number, number] }> = [
  { label: 'Square 1:1', ratio: [1, 1] },
  { label: 'Portrait 4:5', ratio: [4, 5] },
  { label: 'Story 9:16', ratio: [9, 16] },
  { label: 'Landscape 16:9', ratio: [16, 9] },
  { label: 'Photo 3:2', ratio: [3, 2] },
];

/** The largest centred crop of `size` with the aspect `w:h` (the server's `aspect_crop`). */
export function aspectCrop(size: Size, [w, h]: [number, number]): Extract<PhotoStep, { op: 'crop' }> {
  let width: number;
  let height: number;
  if (size.width * h > size.height * w) {
    width = Math.max(1, Math.floor((size.height * w) / h));
    height = size.height;
  } else {
    width = size.width;
    height = Math.max(1, Math.floor((size.width * h) / w));
  }
  return {
    op: 'crop',
    x: Math.floor((size.width - width) / 2),
    y: Math.floor((size.height - height) / 2),
    width,
    height,
  };
}

/** The canvas holding a picture turned by `degrees` (the server's `rotated_size`). */
export function rotatedSize(size: Size, degrees: number): Size {
  const quarter = ((degrees % 180) + 180) % 180;
  if (quarter === 0) return size;
  if (quarter === 90) return { width: size.height, height: size.width };
  const turn = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(turn));
  const sin = Math.abs(Math.sin(turn));
  return {
    width: Math.max(1, Math.ceil(size.width * cos + size.height * sin - 1e-9)),
    height: Math.max(1, Math.ceil(size.width * sin + size.height * cos - 1e-9)),
  };
}

/** The picture's size after every step, from the source's size. */
export function sizeAfter(source: Size, steps: readonly PhotoStep[]): Size {
  let size = source;
  for (const step of steps) {
    if (step.op === 'crop' || step.op === 'resize') size = { width: step.width, height: step.height };
    else if (step.op === 'rotate') size = rotatedSize(size, step.degrees);
  }
  return size;
}

/** How a step reads in the list of steps. */
export function describeStep(step: PhotoStep): string {
  switch (step.op) {
    case 'enhance':
      return 'Auto-enhance';
    case 'crop':
      return `Crop to ${step.width} × ${step.height} at (${step.x}, ${step.y})`;
    case 'resize':
      return `Resize to ${step.width} × ${step.height}`;
    case 'rotate':
      return `Rotate ${step.degrees > 0 ? 'left' : 'right'} ${Math.abs(step.degrees)}°`;
    case 'flip':
      return step.axis === 'horizontal' ? 'Flip horizontally' : 'Flip vertically';
    case 'background':
      return `Fill transparency with ${step.color}`;
    case 'remove_background':
      return 'Remove background';
  }
}

/** A new size keeping the aspect of `size` from one given side. */
export function keepAspect(size: Size, side: 'width' | 'height', value: number): Size {
  if (side === 'width') return { width: value, height: Math.max(1, Math.round((value * size.height) / size.width)) };
  return { width: Math.max(1, Math.round((value * size.width) / size.height)), height: value };
}
