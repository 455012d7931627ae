/**
 * The app's one upload (docs/api.md "Storage"): `POST /storage/v1/object/{bucket}/{path}` with the
 * file itself as the body, through `lib/api-client.ts`. Signed-in users write only under their own
 * `{userId}/` folder of a user bucket, so every path is built here by one rule:
 * `{userId}/{folder}/{time}-{safe name}`.
 */
import { api, ApiError, apiOrigin } from './api-client';

/** The public bucket of the images users place in designs and the photo editor's sources. */
export const USER_UPLOADS_BUCKET = 'user-uploads';

/** What `POST /storage/v1/object/{bucket}/{path}` answers: `Key` is `"{bucket}/{path}"`. */
export type UploadedObject = { Key: string; Id: string };

/** The extension each image type the storage route accepts is stored under. */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
};

/**
 * Makes a file name safe as one storage path segment: the stem keeps letters, digits, `_` and
 * `-` (anything else becomes `-`, at most 60 characters, `image` when nothing is left); the
 * extension is the one of the file's type when it is an accepted image type, else the name's own
 * (letters and digits, at most 5, lower case).
 */
export function safeFileName(name: string, type = ''): string {
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const own = dot > 0 ? name.slice(dot + 1).replace(/[^A-Za-z0-9]/g, '').slice(0, 5).toLowerCase() : '';
  const extension = EXTENSIONS[type.toLowerCase()] ?? own;
  return `${stem || 'image'}${extension ? `.${extension}` : ''}`;
}

export type UploadTarget = {
  bucket: string;
  /** The uploader: the object goes under their own `{userId}/` folder. */
  userId: string;
  /** A folder inside the user's own (`problem-reports`, `photo-editor-sources`); none by default. */
  folder?: string;
  /** Replace an object already at the path (`x-upsert: true`) instead of a 409. */
  upsert?: boolean;
  /** The time the file name starts with (milliseconds; now by default), so two uploads differ. */
  now?: number;
};

/** The path a file is stored under: `{userId}/{folder}/{time in base 36}-{safe name}`. */
export function uploadPath(file: { name?: string; type?: string }, { userId, folder, now = Date.now() }: UploadTarget): string {
  if (!userId || userId.includes('/')) throw new TypeError(`An upload needs the uploader's id as one path segment, got ${JSON.stringify(userId)}`);
  const inside = (folder ?? '').split('/').filter(Boolean);
  const name = `${Math.max(0, Math.floor(now)).toString(36)}-${safeFileName(file.name ?? '', file.type ?? '')}`;
  return [userId, ...inside, name].join('/');
}

/**
 * Uploads an image into the user's own folder of `bucket` (the body is the file itself; the
 * server sniffs its type) and answers where it was stored. Errors are `ApiError`s with the
 * server's code (401 `sign_in_required`, 403 `not_your_folder`, 409 when the object exists, 413
 * `object_too_large`, 415 `unsupported_media_type`, 0 `network_error`), or `invalid_json` when
 * the answer names no `Key`.
 */
export async function uploadImage(file: Blob & { name?: string }, target: UploadTarget): Promise<UploadedObject> {
  const path = uploadPath(file, target);
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  const uploaded = await api.post<Partial<UploadedObject> | undefined>(
    `/storage/v1/object/${encodeURIComponent(target.bucket)}/${encoded}`,
    undefined,
    { base: apiOrigin(), rawBody: file, headers: target.upsert ? { 'x-upsert': 'true' } : {} },
  );
  if (typeof uploaded?.Key !== 'string') {
    throw new ApiError({ status: 200, code: 'invalid_json', message: `The upload to ${target.bucket} answered without a Key` });
  }
  return { Key: uploaded.Key, Id: typeof uploaded.Id === 'string' ? uploaded.Id : '' };
}

function encodedKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** The address of an object of a public bucket by its `Key` (`/storage/v1/object/public/{bucket}/{path}`). */
export function publicObjectUrl(key: string): string {
  return `/storage/v1/object/public/${encodedKey(key)}`;
}

/** The public URL of a stored image through the rendering path (`width` in CSS pixels × density). */
export function renderedImageUrl(key: string, width?: number): string {
  const query = width ? `?width=${Math.round(width)}&resize=contain` : '';
  return `${apiOrigin()}/storage/v1/render/image/public/${encodedKey(key)}${query}`;
}
