/**
 * The script's one stylesheet, added once per document. Where the browser has constructable
 * stylesheets it is adopted through the CSSOM, which a strict `style-src` policy does not block, so
 * no nonce is needed (checked in Chromium under `style-src 'self'`); elsewhere it is a `<style>`
 * element carrying the page's CSP nonce when one is known. Nothing else sets styles from markup;
 * the few computed sizes (Apple Pay button) also go through the CSSOM.
 */
import { el } from './dom';

export const STYLE_ID = 'inline-checkout-styles';

const COVER = 'position:fixed;top:0;left:0;width:100%;height:100%;background:#000b;';

export const CSS = [
  // Loading overlay and spinner, then the popup frame. Closing fades the overlay out in 300 ms.
  `.ic-overlay{${COVER}z-index:2147483646;opacity:0;transition:opacity .3s;display:flex;align-items:center;justify-content:center}`,
  '.ic-overlay[hidden]{display:none}',
  '.ic-spinner{width:36px;height:36px;border:3px solid #fff6;border-top-color:#fff;border-radius:50%;animation:ic-spin .8s linear infinite}',
  '.ic-loaded .ic-spinner{display:none}@keyframes ic-spin{to{transform:rotate(360deg)}}',
  `.ic-frame{${COVER}background:none;border:0;z-index:2147483647;opacity:0;transition:opacity .3s}`,
  // After both: opening fades the overlay and the frame in.
  '.ic-open{opacity:1}',
  '.ic-embed{width:100%;height:100%;border:0}',
  // The pre-checkout sheet: full width below 500 px; a 350 px card, with its close button, above.
  `.ic-sheet{${COVER}overflow:auto;z-index:2147483647;font:14px/1.4 system-ui,sans-serif;color:#4e4e4e}`,
  '.ic-card{position:absolute;bottom:0;left:0;right:0;margin:auto;box-sizing:border-box;padding:20px;background:#fff;text-align:center;transform:translateY(100%);transition:transform .3s}',
  '.ic-show{transform:none}',
  '.ic-info{display:flex;justify-content:space-between;padding-bottom:15px;border-bottom:1px solid #eee;text-align:right;font-size:13px;color:#737373}',
  '.ic-logo{height:30px}.ic-amount{color:#29b263;font-weight:700}',
  '.ic-mark{display:inline-block;margin-top:24px;padding:4px 10px;border-radius:6px;background:#000;color:#fff}.ic-warn{background:#fa2}',
  '.ic-card p,.ic-or,.ic-prb{margin:16px 0}',
  '.ic-card button{width:100%;height:42px;padding:0;border:1px solid #eee;border-radius:3px;background:#fafafa;color:#4e4e4e;font:inherit;cursor:pointer}',
  '.ic-card .ic-vault{background:#44b669;color:#fff}',
  '.ic-card .ic-x{display:none;position:absolute;top:0;right:-30px;width:24px;border:0;background:none;color:#fff}',
  '@media(min-width:500px){.ic-card{top:0;max-width:350px;height:fit-content;border-radius:6px}.ic-card .ic-x{display:block}}',
  // Apple Pay's plain button, when its SDK cannot load.
  '.apple-pay-button{-webkit-appearance:-apple-pay-button}.apple-pay-button-white{-apple-pay-button-style:white}',
  // The auto-setup pay button.
  '.ic-pay{padding:16px 24px;border:0;border-radius:6px;font:600 14px system-ui,sans-serif;background:#44b669;color:#fff;cursor:pointer}',
  '.ic-pay-light{background:#fff;color:#011b33}.ic-wordmark{font-size:12px}.ic-wordmark-light{color:#fff}',
].join('');

const adopted = new WeakSet<Document>();

/** Adds the stylesheet to `doc` unless it is there already; `nonce` is the page's CSP nonce. */
export function injectStyles(doc: Document, nonce: string | undefined): void {
  if (adopted.has(doc) || doc.getElementById(STYLE_ID)) return;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    adopted.add(doc);
  } catch {
    const style = el(doc, 'style', '', CSS, { id: STYLE_ID });
    if (nonce) style.setAttribute('nonce', nonce);
    doc.head.appendChild(style);
  }
}
