import { useEffect, useState } from 'react';

const cache = new Map<string, HTMLImageElement>();
const failed = new Set<string>();

/** The image at `src` once it has loaded (shared between elements), or null meanwhile. */
export function useLoadedImage(src: string | undefined): HTMLImageElement | null {
  const [loaded, setLoaded] = useState<{ src: string; image: HTMLImageElement } | null>(null);
  useEffect(() => {
    if (!src || failed.has(src) || cache.has(src)) return;
    let active = true;
    const img = new window.Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => {
      cache.set(src, img);
      if (active) setLoaded({ src, image: img });
    };
    img.onerror = () => {
      failed.add(src);
      console.error('Could not load an image of the design', src.slice(0, 120));
    };
    img.src = src;
    return () => {
      active = false;
    };
  }, [src]);
  if (!src) return null;
  if (loaded?.src === src) return loaded.image;
  return cache.get(src) ?? null;
}
