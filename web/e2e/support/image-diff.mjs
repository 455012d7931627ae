// Comparing two renderings of one page (web/e2e/fidelity.e2e.mjs): PNGs decoded with pngjs,
// each pixel flattened onto white, then the mean absolute difference over the R, G and B
// channels (0–255) and the share of pixels where any channel differs by more than 32.
import { PNG } from 'pngjs';

/** Channel difference above which a pixel counts as visibly different. */
export const VISIBLE_DIFFERENCE = 32;

/** `{width, height, data}` (RGBA, 8 bits a channel) of PNG bytes. */
export function decodePng(bytes) {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { width: png.width, height: png.height, data: png.data };
}

/** PNG bytes of `{width, height, data}` (RGBA). */
export function encodePng(image) {
  const png = new PNG({ width: image.width, height: image.height });
  Buffer.from(image.data).copy(png.data);
  return PNG.sync.write(png);
}

/** Channel `c` of an RGBA pixel at byte offset `i`, composited onto white. */
function onWhite(data, i, c) {
  const alpha = data[i + 3];
  return (data[i + c] * alpha + 255 * (255 - alpha)) / 255;
}

/**
 * How far `a` is from `b` (images of one size): `{mean_abs_diff, share_over_32, diff}` where
 * `diff` is an image to look at — `a` faded to light grey, pixels over the visible difference in
 * red, smaller differences above 8 in orange. Throws when the sizes differ.
 */
export function compareImages(a, b) {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`the images differ in size: ${a.width}×${a.height} and ${b.width}×${b.height}`);
  }
  const pixels = a.width * a.height;
  const diff = Buffer.alloc(pixels * 4);
  let total = 0;
  let over = 0;
  for (let p = 0, i = 0; p < pixels; p += 1, i += 4) {
    let largest = 0;
    let grey = 0;
    for (let c = 0; c < 3; c += 1) {
      const va = onWhite(a.data, i, c);
      const d = Math.abs(va - onWhite(b.data, i, c));
      total += d;
      if (d > largest) largest = d;
      grey += va;
    }
    if (largest > VISIBLE_DIFFERENCE) over += 1;
    const faded = 190 + Math.round((grey / 3) * 0.25);
    const [r, g, bl] = largest > VISIBLE_DIFFERENCE ? [230, 0, 0] : largest > 8 ? [255, 150, 0] : [faded, faded, faded];
    diff[i] = r;
    diff[i + 1] = g;
    diff[i + 2] = bl;
    diff[i + 3] = 255;
  }
  return {
    mean_abs_diff: total / (pixels * 3),
    share_over_32: over / pixels,
    diff: { width: a.width, height: a.height, data: diff },
  };
}
