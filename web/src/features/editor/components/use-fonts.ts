import { useEffect, useLayoutEffect, useRef, useState } from 'react';

import { api, ApiError } from '@/lib/api-client';

import { FALLBACK_FAMILIES } from '../lib/text-style';

import { walk, type DesignDocument } from '../model/document';

/** One bundled family of `/fonts/fonts.json`. */
export type FontFamily = { family: string; role?: string; faces: { weight: number; style: string }[] };

const STYLESHEET_ID = 'designcore-fonts';

let stylesheet: Promise<void> | null = null;

/**
 * Adds the bundled fonts' stylesheet (`/fonts/fonts.css`, the renderer's own files) once;
 * resolves when it has been read (or failed). Until then the page knows no bundled face, and
 * `document.fonts.load` of one resolves at once with nothing loaded.
 */
function ensureStylesheet(): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  stylesheet ??= new Promise<void>((resolve) => {
    let link = document.getElementById(STYLESHEET_ID) as HTMLLinkElement | null;
    if (link?.sheet) {
      resolve();
      return;
    }
    if (!link) {
      link = document.createElement('link');
      link.id = STYLESHEET_ID;
      link.rel = 'stylesheet';
      link.href = '/fonts/fonts.css';
      document.head.appendChild(link);
    }
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  return stylesheet;
}

let manifest: Promise<FontFamily[]> | null = null;

function loadManifest(): Promise<FontFamily[]> {
  manifest ??= api
    .get<{ families?: FontFamily[] }>('/fonts/fonts.json', { base: '', auth: false })
    .catch((error: unknown) => {
      // A refusal (404 in a build without fonts) is an empty list for good; a network failure is tried again.
      if (error instanceof ApiError && error.status !== 0) return { families: [] };
      throw error;
    })
    .then((body) => (body?.families ?? []).filter((f) => f.role !== 'fallback' && f.role !== 'emoji'))
    .catch((error: unknown) => {
      console.error('Could not load the font list', error);
      manifest = null;
      return [];
    });
  return manifest;
}

/** The faces a document uses, as CSS font shorthands for `document.fonts.load`. */
export function usedFaces(doc: DesignDocument): string[] {
  const faces = new Set<string>();
  for (const page of doc.pages) {
    for (const element of walk(page.children)) {
      if (element.type !== 'text') continue;
      const weight = element.fontWeight === 'bold' ? '700' : element.fontWeight && element.fontWeight !== 'normal' ? element.fontWeight : '400';
      faces.add(`${element.fontStyle === 'italic' ? 'italic ' : ''}${weight} 16px "${element.fontFamily ?? 'Roboto'}"`);
    }
  }
  return [...faces];
}

/**
 * The bundled families (for the font picker) and a counter that grows each time fonts finish
 * loading, so the canvas measures its text again with the real glyphs.
 */
export function useFonts(doc: DesignDocument | null): { families: FontFamily[]; version: number; ready: boolean } {
  const [families, setFamilies] = useState<FontFamily[]>([]);
  const [version, setVersion] = useState(0);
  const [loadedFaces, setLoadedFaces] = useState<string | null>(null);
  const faces = doc ? usedFaces(doc).join('|') : '';
  const ready = !faces || typeof document === 'undefined' || !document.fonts || loadedFaces === faces;

  useEffect(() => {
    void ensureStylesheet();
    let active = true;
    void loadManifest().then((list) => active && setFamilies(list));
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    if (typeof document === 'undefined' || !document.fonts || !faces) return;
    let active = true;
    const wanted = faces.split('|');
    void ensureStylesheet()
      .then(() => Promise.all(wanted.map((face) => document.fonts.load(face, 'AḄ₦ṣọ').catch(() => []))))
      .then(() => document.fonts.ready)
      .then(() => {
        if (!active) return;
        setVersion((v) => v + 1);
        setLoadedFaces(faces);
      });
    return () => {
      active = false;
    };
  }, [faces]);

  // A face of the document's families or of the fallback ones that finishes loading later
  // (a fallback the canvas asked for while drawing, a family just picked): measure again.
  const familiesRef = useRef<Set<string>>(new Set());
  useLayoutEffect(() => {
    familiesRef.current = new Set([...faces.split('|').map((face) => face.slice(face.indexOf('"') + 1, -1)), ...FALLBACK_FAMILIES]);
  }, [faces]);
  useEffect(() => {
    if (typeof document === 'undefined' || !document.fonts) return;
    const done = (event: Event) => {
      const loaded = (event as FontFaceSetLoadEvent).fontfaces ?? [];
      if (loaded.some((face) => familiesRef.current.has(face.family.replace(/^["']|["']$/g, '')))) setVersion((v) => v + 1);
    };
    const set = document.fonts;
    set.addEventListener('loadingdone', done);
    return () => set.removeEventListener('loadingdone', done);
  }, []);

  return { families, version, ready };
}
