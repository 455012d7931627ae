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

describe('api client: bodies and answers other than JSON', () => {
  test('sends a file as it is, with its own type, extra headers winning, and reads the JSON answer', async () => {
    let seen: { type: string | null; upsert: string | null; bytes: number[] } | undefined;
    server.use(
      http.post('http://localhost/storage/v1/object/user-uploads/u1/a.png', async ({ request }) => {
        seen = {
          type: request.headers.get('content-type'),
          upsert: request.headers.get('x-upsert'),
          bytes: [...new Uint8Array(await request.arrayBuffer())],
        };
        return HttpResponse.json({ Key: 'user-uploads/u1/a.png', Id: 'id-1' });
      }),
    );

    const answer = await api.post('/storage/v1/object/user-uploads/u1/a.png', undefined, {
      base: '',
      rawBody: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
      headers: { 'x-upsert': 'true' },
    });

    expect(answer).toEqual({ Key: 'user-uploads/u1/a.png', Id: 'id-1' });
    expect(seen).toEqual({ type: 'image/png', upsert: 'true', bytes: [137, 80, 78, 71] });
  });

  test('a blob without a type goes as application/octet-stream, a form as multipart', async () => {
    const types: (string | null)[] = [];
    server.use(
      http.put(apiPath('/raw'), ({ request }) => {
        types.push(request.headers.get('content-type'));
        return HttpResponse.json({});
      }),
    );
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'text/plain' }), 'x.txt');

    await api.put('/raw', undefined, { rawBody: new Blob(['x']) });
    await api.put('/raw', undefined, { rawBody: form });

    expect(types[0]).toBe('application/octet-stream');
    expect(types[1]).toMatch(/^multipart\/form-data; boundary=/);
  });

  test('refuses a rawBody that is not a body before sending anything', async () => {
    await expect(api.post('/raw', undefined, { rawBody: { not: 'a body' } as unknown as Blob })).rejects.toThrow(
      'POST /raw: rawBody must be a Blob, ArrayBuffer, typed array, FormData, URLSearchParams or string',
    );
  });

  test('auth: false leaves the bearer token out; a Cache-Control header is passed on', async () => {
    const seen: { authorization: string | null; cache: string | null }[] = [];
    server.use(
      http.get(apiPath('/echo'), ({ request }) => {
        seen.push({ authorization: request.headers.get('Authorization'), cache: request.headers.get('Cache-Control') });
        return HttpResponse.json({ ok: true });
      }),
    );
    setAccessTokenSource(() => Promise.resolve('token-123'));

    await api.get('/echo', { auth: false, headers: { 'Cache-Control': 'no-cache' } });
    await api.get('/echo');

    expect(seen).toEqual([
      { authorization: null, cache: 'no-cache' },
      { authorization: 'Bearer token-123', cache: null },
    ]);
  });

  test('keepalive is set on the request when asked, and only then', async () => {
    const send = jest.spyOn(globalThis, 'fetch');
    server.use(http.post(apiPath('/events'), () => HttpResponse.json({ accepted: 1 }, { status: 202 })));

    await api.post('/events', { batch: [] }, { keepalive: true });
    await api.post('/events', { batch: [] });

    expect(send.mock.calls.map(([, init]) => init?.keepalive)).toEqual([true, undefined]);
  });

  test('getText answers the body as text; a base other than the API’s reads the app’s own files', async () => {
    server.use(http.get('http://localhost/fonts/notes.txt', () => new HttpResponse('plain words', { headers: { 'Content-Type': 'text/plain' } })));

    await expect(api.getText('/notes.txt', { base: '/fonts' })).resolves.toBe('plain words');
  });

  test('getFile answers the blob and headers; its error is the server’s ApiError', async () => {
    server.use(
      http.get(apiPath('/designs/d1/preview'), ({ request }) =>
        new URL(request.url).searchParams.get('v') === '3'
          ? new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'image/png', ETag: '"e3"' } })
          : HttpResponse.json({ status: 404, code: 'preview_not_ready', message: 'Not drawn yet' }, { status: 404 }),
      ),
    );

    const { blob, headers } = await api.getFile('/api/v1/designs/d1/preview?v=3', { base: '' });
    const error = await caught(api.getFile('/designs/d1/preview?v=2'));

    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(headers.get('ETag')).toBe('"e3"');
    expect({ status: error.status, code: error.code }).toEqual({ status: 404, code: 'preview_not_ready' });
  });
});
