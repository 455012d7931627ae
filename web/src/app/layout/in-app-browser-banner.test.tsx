import type React from 'react';

import { render as renderPlain, screen, TestProviders, userEvent, within } from '@/testing/test-utils';

import { BANNER_DISMISSED_KEY, InAppBrowserBanner } from './in-app-browser-banner';

const INSTAGRAM_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.0';
const FACEBOOK_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-A135F; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/470.0.0.0;]';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

function asBrowser(userAgent: string) {
  jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

function setClipboard(writeText?: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: writeText ? { writeText } : undefined });
}

function setExecCommand(result: boolean) {
  const execCommand = jest.fn(() => result);
  Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
  return execCommand;
}

const render = (ui: React.ReactElement) => renderPlain(ui, { wrapper: TestProviders });

afterEach(() => {
  setClipboard(undefined);
  Reflect.deleteProperty(document, 'execCommand');
});

const banner = () => screen.getByRole('complementary', { name: 'Open in your browser' });

describe('InAppBrowserBanner', () => {
  test('is not shown in a regular browser', () => {
    asBrowser(SAFARI);
    render(<InAppBrowserBanner />);

    expect(screen.queryByText('For the best experience, open in your default browser')).not.toBeInTheDocument();
  });

  test('in an Android in-app browser, "Open in Browser" re-opens the address through an intent: URL', async () => {
    asBrowser(FACEBOOK_ANDROID);
    const openUrl = jest.fn();
    const user = userEvent.setup();
    render(<InAppBrowserBanner openUrl={openUrl} />);

    expect(banner()).toHaveTextContent('For the best experience, open in your default browser');
    expect(within(banner()).queryByRole('button', { name: 'Copy Link' })).not.toBeInTheDocument();
    await user.click(within(banner()).getByRole('button', { name: 'Open in Browser' }));

    expect(openUrl).toHaveBeenCalledWith(
      'intent://localhost/#Intent;scheme=http;action=android.intent.action.VIEW;' +
        'category=android.intent.category.BROWSABLE;S.browser_fallback_url=http%3A%2F%2Flocalhost%2F;end',
    );
  });

  test('elsewhere, "Copy Link" copies the address and says so in a toast', async () => {
    asBrowser(INSTAGRAM_IPHONE);
    const user = userEvent.setup(); // installs its own clipboard: ours goes after it
    const writeText = jest.fn(() => Promise.resolve());
    setClipboard(writeText);
    render(<InAppBrowserBanner />);

    await user.click(within(banner()).getByRole('button', { name: 'Copy Link' }));

    expect(writeText).toHaveBeenCalledWith('http://localhost/');
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied!Paste it in Safari or your preferred browser');
  });

  test('when the Clipboard API refuses, the text-area copy is tried and the toast still shows', async () => {
    asBrowser(INSTAGRAM_IPHONE);
    const user = userEvent.setup();
    setClipboard(() => Promise.reject(new Error('denied')));
    const execCommand = setExecCommand(true);
    render(<InAppBrowserBanner />);

    await user.click(within(banner()).getByRole('button', { name: 'Copy Link' }));

    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied!');
  });

  test('when both copies fail, the failure is logged and no toast claims success', async () => {
    asBrowser(INSTAGRAM_IPHONE);
    const user = userEvent.setup();
    setClipboard(() => Promise.reject(new Error('denied')));
    setExecCommand(false);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<InAppBrowserBanner />);

    await user.click(within(banner()).getByRole('button', { name: 'Copy Link' }));

    expect(error).toHaveBeenCalledWith('Could not copy the page address');
    expect(screen.queryByText('Link copied!')).not.toBeInTheDocument();
  });

  test('the close button hides it for the rest of the session', async () => {
    asBrowser(INSTAGRAM_IPHONE);
    const user = userEvent.setup();
    const { unmount } = render(<InAppBrowserBanner />);

    await user.click(within(banner()).getByRole('button', { name: 'Close banner' }));

    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(BANNER_DISMISSED_KEY)).toBe('true');
    unmount();
    render(<InAppBrowserBanner />);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
