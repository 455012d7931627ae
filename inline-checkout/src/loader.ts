/**
 * Loads a third-party script once per page (stripe-js's loader): every caller shares one promise;
 * a failed load removes its script element and forgets the promise, so the next call tries again.
 */
const loads = new Map<string, Promise<void>>();

export interface ScriptOptions {
  /** Subresource Integrity hash; the script is then fetched with CORS (crossorigin=anonymous). */
  readonly integrity?: string;
  /** The page's CSP nonce. */
  readonly nonce?: string | undefined;
}

export function loadScript(doc: Document, src: string, options: ScriptOptions = {}): Promise<void> {
  const known = loads.get(src);
  if (known) return known;
  const load = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    if (options.integrity) {
      script.integrity = options.integrity;
      script.crossOrigin = 'anonymous';
    }
    if (options.nonce) script.nonce = options.nonce;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      loads.delete(src);
      reject(new Error(`Could not load ${src}`));
    });
    (doc.head ?? doc.documentElement).appendChild(script);
  });
  loads.set(src, load);
  return load;
}

/** Forgets every load (tests). */
export function forgetScripts(): void {
  loads.clear();
}
