import { http, HttpResponse } from 'msw';

import { ApiError } from '@/lib/api-client';
import { setAccessTokenSource } from '@/lib/auth-token';
import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';

import { fetchPreview } from './my-designs';

describe('fetchPreview', () => {
  test('reads the preview as WebP with the bearer token and answers an object URL of its bytes', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(apiPath('/designs/d1/preview'), ({ request }) => {
        seen.push(
          `${request.headers.get('authorization')} v=${new URL(request.url).searchParams.get('v')} ` +
            `accept=${request.headers.get('accept')}`,
        );
        return new HttpResponse(new Uint8Array([1, 2]), { headers: { 'Content-Type': 'image/webp' } });
      }),
    );
    setAccessTokenSource(() => Promise.resolve('token-7'));

    const url = await fetchPreview('/api/v1/designs/d1/preview?v=4');

    expect(url).toMatch(/^blob:/);
    expect(seen).toEqual(['Bearer token-7 v=4 accept=image/webp,image/png;q=0.9']);
  });

  test('a preview not drawn yet (404) is null; an unreachable server is a network_error', async () => {
    server.use(
      http.get(apiPath('/designs/d1/preview'), () =>
        HttpResponse.json({ status: 404, code: 'preview_not_ready', message: 'Not drawn yet' }, { status: 404 }),
      ),
    );
    const missing = await fetchPreview('/api/v1/designs/d1/preview?v=1');
    server.use(http.get(apiPath('/designs/d1/preview'), () => HttpResponse.error()));
    const offline = await fetchPreview('/api/v1/designs/d1/preview?v=1').catch((error: unknown) => error);

    expect(missing).toBeNull();
    expect(offline).toBeInstanceOf(ApiError);
    expect((offline as ApiError).code).toBe('network_error');
  });
});
