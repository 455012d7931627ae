import { useEffect, useState } from 'react';

import { walk, type DesignDocument } from '../model/document';

/** One bundled family of `/fonts/fonts.json`. */
export type FontFamily = { family: string; role?: string; faces: { weight: number; style: string }[] };

const STYLESHEET_ID = 'designcore-fonts';

/** Adds the bundled fonts' stylesheet (`/fonts/fonts.css`, the renderer's own files) once. */
function ensureStylesheet(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLESHEET_ID)) return;
  const link = document.createElement('link');
  link.id = STYLESHEET_ID;
  link.rel = 'stylesheet';
  link.href = '/fonts/fonts.css';
  document.head.appendChild(link);
}

let manifest: Promise<FontFamily[]> | null = null;

function loadManifest(): Promise<FontFamily[]> {
  manifest ??= fetch('/fonts/fonts.json')
    .then((response) => (response.ok ? response.json() : { families: [] }))
    .then((body: { families?: FontFamily[] }) => (body.families ?? []).filter((f) => f.role !== 'fallback' && f.role !== 'emoji'))
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
    ensureStylesheet();
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
    void Promise.all(wanted.map((face) => document.fonts.load(face, 'AḄ₦ṣọ').catch(() => [])))
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

  return { families, version, ready };
}
