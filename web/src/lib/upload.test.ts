import { http, HttpResponse } from 'msw';

import { server } from '@/testing/mocks/server';

import { ApiError } from './api-client';
import { setAccessTokenSource } from './auth-token';
import { publicObjectUrl, safeFileName, uploadImage, uploadPath } from './upload';

const STORAGE = 'http://localhost/storage/v1/object/:bucket/*';
const NOW = Date.UTC(2026, 10, 29, 3, 0, 0);

type Seen = { url: string; type: string | null; upsert: string | null; authorization: string | null; size: number };

/** The storage upload route as the server answers it: `Key` is `{bucket}/{path}`, as sent. */
function recordUploads(answer?: () => Response) {
  const seen: Seen[] = [];
  server.use(
    http.post(STORAGE, async ({ request }) => {
      seen.push({
        url: request.url,
        type: request.headers.get('content-type'),
        upsert: request.headers.get('x-upsert'),
        authorization: request.headers.get('authorization'),
        size: (await request.arrayBuffer()).byteLength,
      });
      if (answer) return answer();
      const key = decodeURIComponent(new URL(request.url).pathname.replace('/storage/v1/object/', ''));
      return HttpResponse.json({ Key: key, Id: 'object-1' });
    }),
  );
  return seen;
}

describe('safeFileName', () => {
  test.each([
    ['Holiday photo (1).PNG', 'image/png', 'Holiday-photo-1.png'],
    ['Café menu.jpeg', 'image/jpeg', 'Cafe-menu.jpg'],
    ['screenshot', 'image/webp', 'screenshot.webp'],
    ['../../etc/passwd', '', 'image.etcpa'],
    ['日本.png', 'image/png', 'image.png'],
    ['logo.SVG', 'image/svg+xml', 'logo.svg'],
    ['notes.Backup1', 'application/octet-stream', 'notes.backu'],
  ])('%j of type %j is stored as %j', (name, type, expected) => {
    expect(safeFileName(name, type)).toBe(expected);
  });

  test('a long stem is cut to 60 characters', () => {
    expect(safeFileName(`${'a'.repeat(80)}.png`, 'image/png')).toBe(`${'a'.repeat(60)}.png`);
  });
});

describe('uploadPath', () => {
  test('is {userId}/{folder}/{time in base 36}-{safe name}', () => {
    const file = { name: 'My shot.PNG', type: 'image/png' };

    expect(uploadPath(file, { bucket: 'b', userId: 'user-1', folder: 'problem-reports', now: NOW })).toBe(
      `user-1/problem-reports/${NOW.toString(36)}-My-shot.png`,
    );
    expect(uploadPath(file, { bucket: 'b', userId: 'user-1', now: NOW })).toBe(`user-1/${NOW.toString(36)}-My-shot.png`);
  });

  test('leaves out empty folder segments, so the server never sees "//"', () => {
    expect(uploadPath({ name: 'a.png' }, { bucket: 'b', userId: 'u', folder: '/x//y/', now: 0 })).toBe('u/x/y/0-a.png');
  });

  test.each([[''], ['a/b']])('refuses the user id %j, which is not one folder name', (userId) => {
    expect(() => uploadPath({ name: 'a.png' }, { bucket: 'b', userId })).toThrow(TypeError);
  });
});

describe('uploadImage', () => {
  test('posts the file itself, with its type and the bearer token, under the user’s folder, and answers the Key', async () => {
    const seen = recordUploads();
    setAccessTokenSource(() => Promise.resolve('token-9'));
    const file = new File([new Uint8Array(300)], 'Party flyer.png', { type: 'image/png' });

    const uploaded = await uploadImage(file, { bucket: 'user-uploads', userId: 'user-1', folder: 'photo-editor-sources', now: NOW });

    const key = `user-uploads/user-1/photo-editor-sources/${NOW.toString(36)}-Party-flyer.png`;
    expect(uploaded).toEqual({ Key: key, Id: 'object-1' });
    expect(seen).toEqual([
      { url: `http://localhost/storage/v1/object/${key}`, type: 'image/png', upsert: null, authorization: 'Bearer token-9', size: 300 },
    ]);
  });

  test('upsert sends x-upsert: true', async () => {
    const seen = recordUploads();

    await uploadImage(new Blob([new Uint8Array(4)], { type: 'image/png' }), { bucket: 'user-uploads', userId: 'u', upsert: true, now: 0 });

    expect(seen.map((request) => request.upsert)).toEqual(['true']);
  });

  test('a refusal is the server’s ApiError (status, code, message)', async () => {
    recordUploads(() =>
      HttpResponse.json({ status: 403, code: 'not_your_folder', message: 'uploads to user-uploads go under your own folder: u2/…' }, { status: 403 }),
    );

    const error = await uploadImage(new File(['x'], 'a.png', { type: 'image/png' }), { bucket: 'user-uploads', userId: 'u1' }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect({ ...(error as ApiError), message: (error as ApiError).message }).toMatchObject({
      status: 403,
      code: 'not_your_folder',
      message: 'uploads to user-uploads go under your own folder: u2/…',
    });
  });

  test('a 2xx answer without a Key is an invalid_json ApiError', async () => {
    recordUploads(() => HttpResponse.json({ ok: true }));

    await expect(uploadImage(new File(['x'], 'a.png'), { bucket: 'user-uploads', userId: 'u1' })).rejects.toMatchObject({
      name: 'ApiError',
      code: 'invalid_json',
    });
  });
});

describe('publicObjectUrl', () => {
  test('is the public object route of the Key, each segment encoded', () => {
    expect(publicObjectUrl('user-uploads/u 1/a b.png')).toBe('/storage/v1/object/public/user-uploads/u%201/a%20b.png');
  });
});
