import { env } from '@/config/env';
import type { ErrorBody, FieldIssue } from '@/types/api';

import { getAccessToken } from './auth-token';

/**
 * The one fetch wrapper of the app. Requests carry the signed-in user's access token
 * (`Authorization: Bearer`, from `lib/auth-token.ts`) when there is one. Non-2xx answers become
 * an `ApiError`: when the body is the API's `{status, code, message}` error it carries those
 * fields, otherwise a generic code that says what arrived instead.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when no answer arrived at all. */
  readonly status: number;
  /** Machine-readable code, e.g. `not_found`, `upgrade_required`, `network_error`. */
  readonly code: string;
  /** Field-level problems of a validation error; empty otherwise. */
  readonly issues: readonly FieldIssue[];

  constructor({ status, code, message, issues = [] }: ErrorBody) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

type QueryValue = string | number | boolean | null | undefined;

/** A body sent as it is (a file, its bytes, a multipart form, text) rather than as JSON. */
export type RawBody = Blob | ArrayBuffer | ArrayBufferView<ArrayBuffer> | FormData | URLSearchParams | string;

export type RequestOptions = {
  /** Query parameters; `null`/`undefined`/`''` values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Sent as it is instead of a JSON `body` (an upload). Its `Content-Type` is the blob's own type
   * (`application/octet-stream` when it has none) unless `headers` name one; a `FormData` gets
   * the browser's multipart boundary.
   */
  rawBody?: RawBody;
  /** Extra headers (`If-Match`, `x-upsert`, `Cache-Control`, …); they win over the defaults. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The base the path is under: the API's (`env.API_URL`) unless given (`''`: the app's own origin). */
  base?: string;
  /** Lets the request outlive the page (analytics sent while it unloads). */
  keepalive?: boolean;
  /** Sends the signed-in user's bearer token (default); `false` for anonymous requests and static files. */
  auth?: boolean;
};

/** Options of the requests that answer a file or text instead of JSON. */
export type FileRequestOptions = Omit<RequestOptions, 'body' | 'rawBody'>;

function isFieldIssue(value: unknown): value is FieldIssue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FieldIssue).path === 'string' &&
    typeof (value as FieldIssue).message === 'string'
  );
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.status === 'number' &&
    typeof body.code === 'string' &&
    typeof body.message === 'string' &&
    (body.issues === undefined || (Array.isArray(body.issues) && body.issues.every(isFieldIssue)))
  );
}

/**
 * The origin the API is served from (the app's own unless `VITE_API_URL` is absolute): the server
 * functions (`/functions/v1`) and the payment popup script live beside the API there.
 */
export function apiOrigin(): string {
  const origin = globalThis.location?.origin ?? 'http://localhost';
  return new URL(env.API_URL, origin).origin;
}

/** Base of the server functions of the premium upgrade (`/functions/v1`, docs/api.md "Payments"). */
export const functionsBase = () => `${apiOrigin()}/functions/v1`;

/** Builds the absolute URL of an API path such as `/templates/home`. */
export function apiUrl(path: string, query?: Record<string, QueryValue>, base: string = env.API_URL): string {
  const origin = globalThis.location?.origin ?? 'http://localhost';
  const url = new URL(`${base}${path}`, origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.set(key, String(value));
  }
  return url.toString();
}

type Body = { json: true; value: unknown } | { json: false };

async function readBody(response: Response): Promise<Body> {
  const text = await response.text();
  if (text === '') return { json: true, value: undefined };
  try {
    return { json: true, value: JSON.parse(text) as unknown };
  } catch {
    return { json: false };
  }
}

/** A blob, possibly of another realm (an iframe's, or jsdom's under Node), by its shape. */
function isBlobLike(value: unknown): value is Blob {
  if (value instanceof Blob) return true;
  if (typeof value !== 'object' || value === null) return false;
  const blob = value as Partial<Blob>;
  return typeof blob.size === 'number' && typeof blob.type === 'string' && typeof blob.slice === 'function';
}

/** A blob of another realm as bytes (`fetch` would send only its `toString()`). */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsArrayBuffer(blob);
  });
}

function isRawBody(value: unknown): value is RawBody {
  return (
    typeof value === 'string' ||
    isBlobLike(value) ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    value instanceof FormData ||
    value instanceof URLSearchParams
  );
}

/** The `Content-Type` a raw body goes with when the caller names none (`undefined`: let fetch decide). */
function rawContentType(body: RawBody): string | undefined {
  if (isBlobLike(body)) return body.type || 'application/octet-stream';
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return 'application/octet-stream';
  return undefined;
}

/**
 * Sends one request and answers its 2xx `Response`. A network failure is `ApiError` 0
 * `network_error` (an abort is rethrown as it is); a non-2xx answer is the server's
 * `{status, code, message}` as an `ApiError`, or `unexpected_error_body` when it sent another shape.
 */
async function send(method: string, path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { query, body, rawBody, headers, signal, base, keepalive, auth = true } = options;
  if (rawBody !== undefined && !isRawBody(rawBody)) {
    throw new TypeError(`${method} ${path}: rawBody must be a Blob, ArrayBuffer, typed array, FormData, URLSearchParams or string`);
  }
  const token = auth ? await getAccessToken() : null;
  const contentType = rawBody !== undefined ? rawContentType(rawBody) : body !== undefined ? 'application/json' : undefined;
  const init: RequestInit = {
    method,
    headers: {
      Accept: accept,
      ...(contentType ? { 'Content-Type': contentType } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    credentials: 'same-origin',
  };
  if (rawBody !== undefined) init.body = isBlobLike(rawBody) && !(rawBody instanceof Blob) ? await bytesOf(rawBody) : rawBody;
  else if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;
  if (keepalive) init.keepalive = true;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query, base), init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: `Could not reach the server (${method} ${path}): ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  if (!response.ok) {
    const payload = await readBody(response);
    if (payload.json && isErrorBody(payload.value)) throw new ApiError(payload.value);
    throw new ApiError({
      status: response.status,
      code: 'unexpected_error_body',
      message: `${method} ${path} failed with HTTP ${response.status}; expected a JSON {status, code, message} body`,
    });
  }
  return response;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options, 'application/json');
  const payload = await readBody(response);
  if (!payload.json) {
    throw new ApiError({
      status: response.status,
      code: 'invalid_json',
      message: `${method} ${path} answered HTTP ${response.status} with a body that is not JSON`,
    });
  }
  return payload.value as T;
}

/** Options given as an `AbortSignal` alone (the older call form) or in full. */
function fileOptions(options?: FileRequestOptions | AbortSignal): FileRequestOptions {
  if (options === undefined) return {};
  return options instanceof AbortSignal ? { signal: options } : options;
}

/**
 * POSTs JSON and answers the file the server sends back (an export), with its status and headers
 * (a 202 carries a background job's JSON instead of the file: `readJob`). Errors are the same
 * `ApiError`s as for JSON requests.
 */
async function postForFile(
  path: string,
  body: unknown,
  options?: FileRequestOptions | AbortSignal,
): Promise<{ blob: Blob; headers: Headers; status: number }> {
  const response = await send('POST', path, { ...fileOptions(options), body }, '*/*');
  return { blob: await response.blob(), headers: response.headers, status: response.status };
}

/** The JSON body of a file request's answer that was JSON after all (a 202 with a job). */
async function jsonOf<T>(blob: Blob, what: string): Promise<T> {
  try {
    return JSON.parse(await blob.text()) as T;
  } catch {
    throw new ApiError({ status: 202, code: 'invalid_json', message: `${what} answered 202 with a body that is not JSON` });
  }
}

/** GETs a file (a problem report's screenshot, a design's preview) with the bearer token. */
async function getFile(path: string, options?: FileRequestOptions | AbortSignal): Promise<{ blob: Blob; headers: Headers }> {
  const response = await send('GET', path, fileOptions(options), '*/*');
  return { blob: await response.blob(), headers: response.headers };
}

/** GETs a body as text, whatever its type. */
async function getText(path: string, options?: FileRequestOptions): Promise<string> {
  const response = await send('GET', path, options ?? {}, 'text/plain, */*');
  return response.text();
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  postForFile,
  jsonOf,
  getFile,
  getText,
};
