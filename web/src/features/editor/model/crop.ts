/**
 * Cropping an image inside its frame by hand: the frame (the element's box) stays where it is
 * and the picture moves or zooms behind it. The crop fields are the format's fractions of the
 * picture's natural size (`cropX`, `cropY`, `cropWidth`, `cropHeight`, each 0..1).
 */
import type { DesignElement } from './document';

export type Crop = { cropX: number; cropY: number; cropWidth: number; cropHeight: number };

/** The smallest share of the picture a crop may show. */
export const MIN_CROP = 0.05;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export function cropOf(element: Pick<DesignElement, 'cropX' | 'cropY' | 'cropWidth' | 'cropHeight'>): Crop {
  const cropWidth = clamp(element.cropWidth ?? 1, MIN_CROP, 1);
  const cropHeight = clamp(element.cropHeight ?? 1, MIN_CROP, 1);
  return {
    cropX: clamp(element.cropX ?? 0, 0, 1 - cropWidth),
    cropY: clamp(element.cropY ?? 0, 0, 1 - cropHeight),
    cropWidth,
    cropHeight,
  };
}

/**
 * The crop after the picture is dragged by (dx, dy) page pixels: the picture follows the pointer
 * (so the crop window moves the other way), in the element's own axes (its rotation and flips
 * undone), and never leaves the frame uncovered.
 */
export function panCrop(element: DesignElement, dx: number, dy: number): Pick<Crop, 'cropX' | 'cropY'> {
  const crop = cropOf(element);
  const angle = (-(element.rotation ?? 0) * Math.PI) / 180;
  let lx = dx * Math.cos(angle) - dy * Math.sin(angle);
  let ly = dx * Math.sin(angle) + dy * Math.cos(angle);
  if (element.flipX) lx = -lx;
  if (element.flipY) ly = -ly;
  const width = Math.max(1, element.width);
  const height = Math.max(1, element.height);
  return {
    cropX: clamp(crop.cropX - (lx / width) * crop.cropWidth, 0, 1 - crop.cropWidth),
    cropY: clamp(crop.cropY - (ly / height) * crop.cropHeight, 0, 1 - crop.cropHeight),
  };
}

/**
 * The crop after zooming the picture by `factor` (above 1 shows less of it, larger) about the
 * frame's centre, keeping the frame's shape; zooming out stops where the picture's edge would
 * show inside the frame.
 */
export function zoomCrop(element: DesignElement, factor: number): Crop {
  const crop = cropOf(element);
  const limit = Math.min(1 / crop.cropWidth, 1 / crop.cropHeight);
  const scale = clamp(1 / factor, Math.max(MIN_CROP / crop.cropWidth, MIN_CROP / crop.cropHeight), limit);
  const cropWidth = crop.cropWidth * scale;
  const cropHeight = crop.cropHeight * scale;
  const centreX = crop.cropX + crop.cropWidth / 2;
  const centreY = crop.cropY + crop.cropHeight / 2;
  return {
    cropX: clamp(centreX - cropWidth / 2, 0, 1 - cropWidth),
    cropY: clamp(centreY - cropHeight / 2, 0, 1 - cropHeight),
    cropWidth,
    cropHeight,
  };
}
