import { http, HttpResponse } from 'msw';

import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';

import { api, ApiError, apiUrl } from './api-client';
import { setAccessTokenSource } from './auth-token';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('apiUrl', () => {
  test('resolves API paths against the page origin and drops empty query values', () => {
    expect(apiUrl('/templates', { page: 2, search: '', category: undefined, sub_category: null, size: 24 })).toBe(
      'http://localhost/api/v1/templates?page=2&size=24',
    );
  });
});

describe('api client', () => {
  test('returns the parsed JSON of a 2xx answer and sends query parameters', async () => {
    let seen: URL | undefined;
    server.use(
      http.get(apiPath('/echo'), ({ request }) => {
        seen = new URL(request.url);
        return HttpResponse.json({ ok: true });
      }),
    );

    await expect(api.get('/echo', { query: { q: 'new month' } })).resolves.toEqual({ ok: true });
    expect(seen?.searchParams.get('q')).toBe('new month');
  });

  test('sends a JSON body on POST', async () => {
    let received: unknown;
    server.use(
      http.post(apiPath('/search-prompts'), async ({ request }) => {
        received = await request.json();
        return HttpResponse.json({ search_term: 'church', user_id: null }, { status: 201 });
      }),
    );

    await api.post('/search-prompts', { search_term: 'church', user_id: null });
    expect(received).toEqual({ search_term: 'church', user_id: null });
  });

  test.each([
    [404, 'not_found', 'Template not found'],
    [401, 'sign_in_required', 'Sign in to customise this template'],
    [402, 'upgrade_required', 'This template needs Premium'],
    [409, 'no_document', 'This template cannot be opened in the editor'],
  ])('turns a %i {status, code, message} answer into an ApiError with those fields', async (status, code, message) => {
    server.use(http.get(apiPath('/templates/x/document'), () => HttpResponse.json({ status, code, message }, { status })));

    const error = await caught(api.get('/templates/x/document'));

    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({ status, code, message });
    expect(error.issues).toEqual([]);
  });

  test('keeps the field issues of a validation error', async () => {
    const issues = [{ path: 'limit', message: 'expected an integer from 1 to 50' }];
    server.use(
      http.get(apiPath('/templates/home'), () =>
        HttpResponse.json({ status: 400, code: 'validation_failed', message: 'Invalid query', issues }, { status: 400 }),
      ),
    );

    const error = await caught(api.get('/templates/home', { query: { limit: 0 } }));

    expect(error.code).toBe('validation_failed');
    expect(error.issues).toEqual(issues);
  });

  test('maps an error answer without the error shape to a generic ApiError', async () => {
    server.use(http.get(apiPath('/boom'), () => new HttpResponse('<h1>Bad Gateway</h1>', { status: 502 })));

    const error = await caught(api.get('/boom'));

    expect(error.status).toBe(502);
    expect(error.code).toBe('unexpected_error_body');
    expect(error.message).toMatch(/HTTP 502/);
  });

  test('rejects a 2xx answer whose body is not JSON', async () => {
    server.use(http.get(apiPath('/html'), () => new HttpResponse('<!doctype html>', { status: 200 })));

    const error = await caught(api.get('/html'));

    expect(error.code).toBe('invalid_json');
  });

  test('maps a network failure to status 0 and code network_error', async () => {
    server.use(http.get(apiPath('/offline'), () => HttpResponse.error()));

    const error = await caught(api.get('/offline'));

    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
  });
});

describe('api client and the access token', () => {
  function recordAuthorization() {
    const seen: (string | null)[] = [];
    server.use(
      http.get(apiPath('/echo'), ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return HttpResponse.json({ ok: true });
      }),
    );
    return seen;
  }

  test('sends the access token of the registered source as a bearer token', async () => {
    const seen = recordAuthorization();
    setAccessTokenSource(() => Promise.resolve('token-123'));

    await api.get('/echo');

    expect(seen).toEqual(['Bearer token-123']);
  });

  test('sends no Authorization header when signed out or when no source is registered', async () => {
    const seen = recordAuthorization();
    setAccessTokenSource(() => null);
    await api.get('/echo');
    setAccessTokenSource(null);
    await api.get('/echo');

    expect(seen).toEqual([null, null]);
  });

  test('a failing token source is logged and the request goes out without a token', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen = recordAuthorization();
    setAccessTokenSource(() => Promise.reject(new Error('refresh failed')));

    await api.get('/echo');

    expect(seen).toEqual([null]);
    expect(error).toHaveBeenCalledWith('Could not read the access token', expect.any(Error));
  });
});
