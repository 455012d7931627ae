/**
 * The canvas zoom: a value between `MIN_ZOOM` and `MAX_ZOOM`, "fit" (the page inside the canvas
 * area, again on every window resize), steps of 25 %, and Ctrl/⌘ + wheel over the canvas area.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 4;
/** One step of the zoom buttons and keys. */
export const ZOOM_STEP = 1.25;
/** The space kept around a fitted page, in CSS pixels. */
const FIT_MARGIN = 48;

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

export type Zoom = {
  /** Goes on the scrolling area the page is shown in (fit measures it; the wheel zooms over it). */
  areaRef: RefObject<HTMLDivElement | null>;
  zoom: number;
  /** The zoom "fit" last chose; `zoom === fitZoom` means the page is fitted. */
  fitZoom: number;
  setZoom: (zoom: number) => void;
  zoomIn: () => void;
  zoomOut: () => void;
  fit: () => void;
};

/** The zoom of a page of `width` × `height` shown in the element given `areaRef`. */
export function useZoom(width: number, height: number): Zoom {
  const area = useRef<HTMLDivElement>(null);
  const [zoom, setRawZoom] = useState(0.5);
  const [fitZoom, setFitZoom] = useState(0.5);

  const fit = useCallback(() => {
    const element = area.current;
    if (!element) return;
    const next = Math.max(
      0.05,
      Math.min(MAX_ZOOM, (element.clientWidth - FIT_MARGIN) / width, (element.clientHeight - FIT_MARGIN) / height),
    );
    setFitZoom(next);
    setRawZoom(next);
  }, [width, height]);

  useLayoutEffect(() => {
    fit();
  }, [fit]);
  useEffect(() => {
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [fit]);
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const wheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      setRawZoom((z) => clampZoom(z * (event.deltaY < 0 ? 1.1 : 1 / 1.1)));
    };
    element.addEventListener('wheel', wheel, { passive: false });
    return () => element.removeEventListener('wheel', wheel);
  }, []);

  const setZoom = useCallback((next: number) => setRawZoom(clampZoom(next)), []);
  const zoomIn = useCallback(() => setRawZoom((z) => clampZoom(z * ZOOM_STEP)), []);
  const zoomOut = useCallback(() => setRawZoom((z) => clampZoom(z / ZOOM_STEP)), []);
  return { areaRef: area, zoom, fitZoom, setZoom, zoomIn, zoomOut, fit };
}
