import { ApiError, apiOrigin } from './api-client';
import { getAccessToken } from './auth-token';

/** What `POST /storage/v1/object/{bucket}/{path}` answers: `Key` is `"{bucket}/{path}"`. */
export type UploadedObject = { Key: string; Id: string };

/** Makes a file name safe as one storage path segment (letters, digits, `.`, `_`, `-`). */
export function safeFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const extension = dot > 0 ? name.slice(dot + 1).replace(/[^A-Za-z0-9]/g, '').slice(0, 5).toLowerCase() : '';
  return `${stem || 'image'}${extension ? `.${extension}` : ''}`;
}

/**
 * Uploads an image to storage (the body is the file itself; the server sniffs its type). The
 * caller names a path under the user's own folder (`{userId}/…`); errors become `ApiError`s with
 * the server's code (413 `object_too_large`, 415 `unsupported_media_type`, …).
 */
export async function uploadImage(bucket: string, path: string, file: Blob, { upsert = false } = {}): Promise<UploadedObject> {
  const token = await getAccessToken();
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  let response: Response;
  try {
    // eslint-disable-next-line no-restricted-globals -- not yet moved to src/lib/api-client.ts (issue 21 item 4, open)
    response = await fetch(`${apiOrigin()}/storage/v1/object/${encodeURIComponent(bucket)}/${encoded}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': file.type || 'application/octet-stream',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(upsert ? { 'x-upsert': 'true' } : {}),
      },
      body: file,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: `Could not reach the server to upload: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  const body = (await response.json().catch(() => null)) as (UploadedObject & { code?: string; message?: string }) | null;
  if (!response.ok || body === null) {
    throw new ApiError({
      status: response.status,
      code: body?.code ?? 'upload_failed',
      message: body?.message ?? `The upload failed with HTTP ${response.status}`,
    });
  }
  return body;
}

/** The public URL of a stored image through the rendering path (`width` in CSS pixels × density). */
export function renderedImageUrl(key: string, width?: number): string {
  const encoded = key.split('/').map(encodeURIComponent).join('/');
  const query = width ? `?width=${Math.round(width)}&resize=contain` : '';
  return `${apiOrigin()}/storage/v1/render/image/public/${encoded}${query}`;
}
