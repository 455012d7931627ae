/**
 * In-app browsers and web views (spec section 1): social apps open links in their own browser,
 * where sign-in, downloads and payments work badly. Detected from the user agent.
 */
const IN_APP_PATTERNS: readonly RegExp[] = [
  /FBAN|FBAV|FB_IAB|FBIOS|FB4A/i, // Facebook, Messenger
  /Instagram/i,
  /\bLine\//i,
  /Twitter|TwitterAndroid/i,
  /LinkedInApp/i,
  /Snapchat/i,
  /musical_ly|BytedanceWebview|TikTok|trill_/i,
  /MicroMessenger/i, // WeChat
  /Pinterest/i,
  /WhatsApp/i,
  /Telegram/i,
  /\bwv\)/i, // Android System WebView
];

/** iOS web views: WebKit without the `Safari/` token that every iOS browser app sends. */
const IOS_WEB_VIEW = /(iPhone|iPod|iPad)(?!.*Safari\/).*AppleWebKit/i;

export type BrowserContext = {
  /** The page runs inside an in-app browser or a web view. */
  inApp: boolean;
  /** The device runs Android (an intent: URL can hand the page to the default browser). */
  android: boolean;
};

export function detectBrowserContext(userAgent: string): BrowserContext {
  const inApp = IN_APP_PATTERNS.some((pattern) => pattern.test(userAgent)) || IOS_WEB_VIEW.test(userAgent);
  return { inApp, android: /Android/i.test(userAgent) };
}

/**
 * An Android `intent:` URL that opens `href` in the default browser (a VIEW intent in the
 * BROWSABLE category names no package, so the user's default handles it), falling back to the
 * address itself where intents are not understood.
 */
export function androidIntentUrl(href: string): string {
  const url = new URL(href);
  const scheme = url.protocol.replace(/:$/, '');
  // The intent's own `#Intent;…` takes the fragment's place (the app routes no fragment).
  const rest = `${url.host}${url.pathname}${url.search}`;
  return (
    `intent://${rest}#Intent;scheme=${scheme};action=android.intent.action.VIEW;` +
    `category=android.intent.category.BROWSABLE;S.browser_fallback_url=${encodeURIComponent(href)};end`
  );
}
