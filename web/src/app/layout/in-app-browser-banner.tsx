import { useState } from 'react';

import { CloseIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toaster';
import { copyText } from '@/lib/clipboard';
import { androidIntentUrl, detectBrowserContext } from '@/lib/in-app-browser';
import { readStorage, writeStorage } from '@/lib/storage';

import styles from './in-app-browser-banner.module.css';

/** Session-storage key: the banner was closed in this tab's session. */
export const BANNER_DISMISSED_KEY = 'in_app_browser_banner_dismissed';

/**
 * Spec section 1: inside an in-app browser or web view, a banner suggests the default browser.
 * On Android "Open in Browser" hands the address to it through an intent: URL; elsewhere
 * "Copy Link" copies the address (the text-area fallback included) and says so in a toast.
 * Closing it hides it for the session.
 */
type InAppBrowserBannerProps = {
  /** Sends the browser to a URL (tests observe it; jsdom cannot navigate). */
  openUrl?: (url: string) => void;
};

export function InAppBrowserBanner({ openUrl = (url) => window.location.assign(url) }: InAppBrowserBannerProps) {
  const [context] = useState(() => detectBrowserContext(globalThis.navigator?.userAgent ?? ''));
  const [dismissed, setDismissed] = useState(() => readStorage('session', BANNER_DISMISSED_KEY) === 'true');
  if (!context.inApp || dismissed) return null;

  const openInBrowser = () => {
    openUrl(androidIntentUrl(window.location.href));
  };
  const copyLink = async () => {
    if (await copyText(window.location.href)) {
      toast({ title: 'Link copied!', description: 'Paste it in Safari or your preferred browser' });
    } else {
      console.error('Could not copy the page address');
    }
  };
  const close = () => {
    writeStorage('session', BANNER_DISMISSED_KEY, 'true');
    setDismissed(true);
  };

  return (
    <aside className={styles.banner} aria-label="Open in your browser">
      <p className={styles.text}>For the best experience, open in your default browser</p>
      {context.android ? (
        <button type="button" className={styles.action} onClick={openInBrowser}>
          Open in Browser
        </button>
      ) : (
        <button type="button" className={styles.action} onClick={() => void copyLink()}>
          Copy Link
        </button>
      )}
      <button type="button" className={styles.close} aria-label="Close banner" onClick={close}>
        <CloseIcon size={16} />
      </button>
    </aside>
  );
}
