import { androidIntentUrl, detectBrowserContext } from './in-app-browser';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe('detectBrowserContext', () => {
  test.each([
    ['Safari on iPhone', IPHONE_SAFARI, { inApp: false, android: false }],
    ['Chrome on Android', ANDROID_CHROME, { inApp: false, android: true }],
    [
      'Chrome on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      { inApp: false, android: false },
    ],
    [
      'desktop Chrome',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      { inApp: false, android: false },
    ],
    [
      'Instagram on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.0 (iPhone14,5; iOS 17_4; en_NG)',
      { inApp: true, android: false },
    ],
    [
      'Facebook on Android',
      'Mozilla/5.0 (Linux; Android 13; SM-A135F Build/TP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/470.0.0.0;]',
      { inApp: true, android: true },
    ],
    [
      'TikTok on Android',
      'Mozilla/5.0 (Linux; Android 12; TECNO KI5k) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36 trill_340000 BytedanceWebview/d8a21c6',
      { inApp: true, android: true },
    ],
    [
      'an Android web view',
      'Mozilla/5.0 (Linux; Android 11; itel A571W Build/RP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/110.0 Mobile Safari/537.36',
      { inApp: true, android: true },
    ],
    [
      'an iOS web view',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      { inApp: true, android: false },
    ],
    [
      'X on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.10',
      { inApp: true, android: false },
    ],
  ])('%s', (_name, userAgent, expected) => {
    expect(detectBrowserContext(userAgent)).toEqual(expected);
  });
});

describe('androidIntentUrl', () => {
  test('hands the address to the default browser (no package), falling back to the address', () => {
    const href = 'https://designcore.ng/templates/church?ref=ABC12';

    expect(androidIntentUrl(href)).toBe(
      'intent://designcore.ng/templates/church?ref=ABC12#Intent;scheme=https;action=android.intent.action.VIEW;' +
        'category=android.intent.category.BROWSABLE;' +
        'S.browser_fallback_url=https%3A%2F%2Fdesigncore.ng%2Ftemplates%2Fchurch%3Fref%3DABC12;end',
    );
  });
});
