import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

import { setAccessTokenSource } from '@/lib/auth-token';
import { createMockUser } from '@/testing/data-generators';
import { authDb } from '@/testing/mocks/auth-db';
import { apiPath } from '@/testing/mocks/handlers/api-path';
import { issueSession } from '@/testing/mocks/handlers/auth';
import { server } from '@/testing/mocks/server';
import type { SiteSettingRecord } from '@/types/api';

import { SiteSettingsProvider, useSiteSettings } from './site-settings-provider';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <SiteSettingsProvider>{children}</SiteSettingsProvider>
    </SWRConfig>
  );
}

function countRequests() {
  const counts = { get: 0, put: [] as unknown[] };
  server.events.on('request:start', ({ request }) => {
    if (request.url === apiPath('/site-settings')) counts.get += 1;
  });
  return counts;
}

function signInAdmin() {
  const admin = createMockUser();
  admin.profile.user_role = 'admin';
  authDb.users.push(admin);
  const session = issueSession(admin, 'aal2');
  setAccessTokenSource(() => session.access_token);
  return admin;
}

function setting(key: string, value: unknown): SiteSettingRecord {
  return { setting_key: key, setting_value: value, updated_at: '2026-11-20T10:00:00Z', updated_by: null };
}

afterEach(() => server.events.removeAllListeners());

describe('SiteSettingsProvider', () => {
  test('useSiteSettings outside the provider throws the spec’s message', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useSiteSettings())).toThrow(
      'useSiteSettings must be used within a SiteSettingsProvider',
    );
  });

  test('reads every setting of GET /api/v1/site-settings', async () => {
    const { result } = renderHook(() => useSiteSettings(), { wrapper });

    expect(result.current.isLoading).toBe(true);
    expect(result.current.premiumBusinessModelEnabled).toBe(false);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toMatchObject({
      premiumBusinessModelEnabled: true,
      communityUrl: 'https://chat.whatsapp.com/designcore-community',
      paymentHelpUrl: 'https://wa.me/2348000000000',
      supportEmail: 'support@designcore.example',
      footerLinks: [
        { label: 'Instagram', url: 'https://www.instagram.com/designcore.ng' },
        { label: 'X', url: 'https://x.com/designcore_ng' },
      ],
    });
    expect(result.current.records).toHaveLength(5);
  });

  test.each([
    [true, true],
    ['true', false],
    [1, false],
    [null, false],
    [false, false],
  ])('premium_business_model_enabled %p reads as %p (on only if exactly true)', async (stored, expected) => {
    authDb.siteSettings = [setting('premium_business_model_enabled', stored)];
    const { result } = renderHook(() => useSiteSettings(), { wrapper });

    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.premiumBusinessModelEnabled).toBe(expected);
  });

  test('links that are not http(s) and malformed footer links are ignored', async () => {
    authDb.siteSettings = [
      setting('community_url', 'javascript:alert(1)'),
      setting('footer_links', [{ label: 'Good', url: 'https://example.ng/a' }, { label: '', url: 'https://x.ng' }, { label: 'Bad', url: 'ftp://x' }, 'junk']),
    ];
    const { result } = renderHook(() => useSiteSettings(), { wrapper });

    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.communityUrl).toBeNull();
    expect(result.current.footerLinks).toEqual([{ label: 'Good', url: 'https://example.ng/a' }]);
  });

  test('is cached: a second provider on the same cache asks the server nothing', async () => {
    const counts = countRequests();
    const twice = ({ children }: { children: ReactNode }) => (
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
        <SiteSettingsProvider>
          <SiteSettingsProvider>{children}</SiteSettingsProvider>
        </SiteSettingsProvider>
      </SWRConfig>
    );
    const { result } = renderHook(() => useSiteSettings(), { wrapper: twice });

    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(counts.get).toBe(1);
  });

  test('togglePremiumModel PUTs the opposite value and refreshes the cached setting', async () => {
    signInAdmin();
    let body: unknown;
    server.use(
      http.put(apiPath('/site-settings/premium_business_model_enabled'), async ({ request }) => {
        body = await request.clone().json();
        return undefined;
      }),
    );
    const { result } = renderHook(() => useSiteSettings(), { wrapper });
    await waitFor(() => expect(result.current.premiumBusinessModelEnabled).toBe(true));

    await act(() => result.current.togglePremiumModel());

    expect(body).toEqual({ setting_value: false });
    await waitFor(() => expect(result.current.premiumBusinessModelEnabled).toBe(false));

    await act(() => result.current.togglePremiumModel());
    await waitFor(() => expect(result.current.premiumBusinessModelEnabled).toBe(true));
  });

  test('a refused toggle is thrown and changes nothing', async () => {
    const { result } = renderHook(() => useSiteSettings(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));

    await expect(result.current.togglePremiumModel()).rejects.toMatchObject({ status: 401, code: 'sign_in_required' });
    expect(result.current.premiumBusinessModelEnabled).toBe(true);
  });

  test('updateSetting changes any setting and the record says who and when', async () => {
    const admin = signInAdmin();
    const { result } = renderHook(() => useSiteSettings(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));

    await act(() => result.current.updateSetting('community_url', 'https://t.me/designcore'));

    await waitFor(() => expect(result.current.communityUrl).toBe('https://t.me/designcore'));
    expect(result.current.records.find((record) => record.setting_key === 'community_url')).toMatchObject({
      updated_by: admin.id,
      updated_at: expect.any(String),
    });
  });

  test('a failed query is the error, and the settings read as their defaults', async () => {
    server.use(
      http.get(apiPath('/site-settings'), () =>
        HttpResponse.json({ status: 503, code: 'unavailable', message: 'Settings are unavailable' }, { status: 503 }),
      ),
    );
    const { result } = renderHook(() => useSiteSettings(), { wrapper });

    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(result.current.error).toMatchObject({ status: 503, message: 'Settings are unavailable' });
    expect(result.current.premiumBusinessModelEnabled).toBe(false);
    expect(result.current.footerLinks).toEqual([]);
  });
});
