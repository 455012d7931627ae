import type { Template } from '@/types/api';

const RENDER_PREFIX = '/storage/v1/render/image/public/';
const OBJECT_PREFIX = '/storage/v1/object/public/';

/**
 * AVIF quality of the small previews of cards (the render path's default is 80). Cards are
 * requested at twice their CSS size for dense screens, where 60 looks the same and weighs about
 * a third less (a 336 px flyer: 13.5 KB at 80, 9.2 KB at 60).
 */
export const CARD_QUALITY = 60;

/**
 * The URL of a template preview `width` CSS pixels wide through the storage render path (AVIF,
 * resize `contain`, spec section 7), so a card downloads what it shows and not the 800 px
 * image. A stored object's public URL is turned into its render URL; any other URL is kept.
 * `quality` (1-100) is left to the render path's default when not given.
 */
export function previewSrc(url: string, width: number, quality?: number): string {
  const parsed = new URL(url, 'http://relative.invalid');
  const relative = parsed.origin === 'http://relative.invalid';
  if (parsed.pathname.startsWith(OBJECT_PREFIX)) {
    parsed.pathname = RENDER_PREFIX + parsed.pathname.slice(OBJECT_PREFIX.length);
  } else if (!parsed.pathname.startsWith(RENDER_PREFIX)) {
    return url;
  }
  parsed.searchParams.set('width', String(Math.round(width)));
  parsed.searchParams.delete('height');
  parsed.searchParams.set('resize', 'contain');
  parsed.searchParams.set('format', 'avif');
  if (quality === undefined) parsed.searchParams.delete('quality');
  else parsed.searchParams.set('quality', String(Math.round(quality)));
  return relative ? `${parsed.pathname}${parsed.search}` : parsed.toString();
}

/** `srcset` for dense screens: the preview at 1x and 2x of `width`. */
export function previewSrcSet(url: string, width: number): string | undefined {
  const x1 = previewSrc(url, width);
  if (x1 === url) return undefined;
  return `${x1} 1x, ${previewSrc(url, width * 2)} 2x`;
}

/** A card's shape when the template does not say its size: the 4:5 flyer. */
export const DEFAULT_ASPECT = 4 / 5;

/**
 * Width over height of a template's page (square 1, flyer 4:5, story 9:16), from its `width`
 * and `height` when the API gives them; the 4:5 flyer otherwise (the image is then fitted
 * inside the box, never cropped).
 */
export function templateAspect(template: Partial<Pick<Template, 'width' | 'height'>>): number {
  const { width, height } = template;
  if (typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0) {
    return width / height;
  }
  return DEFAULT_ASPECT;
}
