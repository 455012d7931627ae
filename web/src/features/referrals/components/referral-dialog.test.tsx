import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { createMockUser } from '@/testing/data-generators';
import { authDb } from '@/testing/mocks/auth-db';
import { apiPath } from '@/testing/mocks/handlers/api-path';
import { issueSession } from '@/testing/mocks/handlers/auth';
import { memberDb } from '@/testing/mocks/member-db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';
import { setAccessTokenSource } from '@/lib/auth-token';

import { ReferralDialog } from './referral-dialog';

function signedIn() {
  const user = createMockUser({ id: 'user-1' });
  user.profile.referral_code = 'ADA2026';
  authDb.users.push(user);
  const session = issueSession(user, 'aal2');
  setAccessTokenSource(() => session.access_token);
  return user;
}

const origin = globalThis.location.origin;

function renderDialog() {
  const user = signedIn();
  return { ...renderApp(<ReferralDialog open onClose={() => undefined} userId={user.id} />), member: user };
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  Reflect.deleteProperty(document, 'execCommand');
  jest.useRealTimers();
});

describe('ReferralDialog', () => {
  test('shows the link (origin + ?ref=code) and the code', async () => {
    renderDialog();

    const dialog = screen.getByRole('dialog', { name: 'Referral Program' });
    expect(await within(dialog).findByLabelText('Your referral link')).toHaveValue(`${origin}?ref=ADA2026`);
    expect(within(dialog).getByText('ADA2026')).toBeInTheDocument();
  });

  test('Copy copies the link, says "Copied!" and shows the confirmation for 2 seconds', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    const { user } = renderDialog();
    await screen.findByLabelText('Your referral link');
    stubClipboard(writeText); // after userEvent.setup(), which installs its own clipboard
    jest.useFakeTimers({ advanceTimers: true });

    await user.click(screen.getByRole('button', { name: 'Copy' }));

    expect(writeText).toHaveBeenCalledWith(`${origin}?ref=ADA2026`);
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(screen.getByText('Referral link copied to clipboard')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1900));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  test('a failed copy says "Failed to copy" / "Please try again"', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderDialog();
    await screen.findByLabelText('Your referral link');
    stubClipboard(() => Promise.reject(new Error('denied')));
    Object.defineProperty(document, 'execCommand', { configurable: true, value: jest.fn(() => false) });

    await user.click(screen.getByRole('button', { name: 'Copy' }));

    expect(await screen.findByText('Failed to copy')).toBeInTheDocument();
    expect(screen.getByText('Please try again')).toBeInTheDocument();
  });

  test('Share uses the Web Share API and says "Shared!"', async () => {
    const share = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = renderDialog();
    await screen.findByLabelText('Your referral link');

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${origin}?ref=ADA2026` }));
    expect(share.mock.calls[0]).toEqual([expect.objectContaining({ text: expect.stringContaining('10 free credits') })]);
    expect(await screen.findByText('Shared!')).toBeInTheDocument();
    expect(screen.getByText('Referral link shared successfully')).toBeInTheDocument();
  });

  test('without the Web Share API, Share is still there and copies the invitation with the link', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    const { user } = renderDialog();
    await screen.findByLabelText('Your referral link');
    stubClipboard(writeText);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('10 free credits'));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(`${origin}?ref=ADA2026`));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(screen.getByText('Referral link copied to clipboard')).toBeInTheDocument();
  });

  test("lists the user's referrals", async () => {
    const user = signedIn();
    memberDb.referrals.set(user.id, [
      { id: 'r1', referrer_id: user.id, status: 'completed', credits_awarded: 10, created_at: '2026-11-20T10:00:00Z' },
    ]);
    renderApp(<ReferralDialog open onClose={() => undefined} userId={user.id} />);

    const list = await screen.findByRole('list', { name: 'Your referrals' });
    expect(within(list).getByText('+10 credits')).toBeInTheDocument();
  });

  test('with no referrals it says so', async () => {
    renderDialog();

    expect(await screen.findByText('No referrals yet. Share your link to earn credits.')).toBeInTheDocument();
  });

  test('a code that cannot be loaded is reported', async () => {
    server.use(http.post(apiPath('/rpc/get_user_referral_code'), () => HttpResponse.json({ status: 500, code: 'x', message: 'down' }, { status: 500 })));
    renderDialog();

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your referral code could not be loaded.'));
  });
});
