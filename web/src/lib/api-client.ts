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

export type RequestOptions = {
  /** Query parameters; `null`/`undefined`/`''` values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The base the path is under: the API's (`env.API_URL`) unless given. */
  base?: string;
};

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

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { query, body, headers, signal, base } = options;
  const token = await getAccessToken();
  const init: RequestInit = {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    credentials: 'same-origin',
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;

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

  const payload = await readBody(response);
  if (!response.ok) {
    if (payload.json && isErrorBody(payload.value)) throw new ApiError(payload.value);
    throw new ApiError({
      status: response.status,
      code: 'unexpected_error_body',
      message: `${method} ${path} failed with HTTP ${response.status}; expected a JSON {status, code, message} body`,
    });
  }
  if (!payload.json) {
    throw new ApiError({
      status: response.status,
      code: 'invalid_json',
      message: `${method} ${path} answered HTTP ${response.status} with a body that is not JSON`,
    });
  }
  return payload.value as T;
}

/**
 * POSTs JSON and answers the file the server sends back (an export), with its headers. Errors
 * are the same `ApiError`s as for JSON requests.
 */
function postForFile(path: string, body: unknown, signal?: AbortSignal): Promise<{ blob: Blob; headers: Headers }> {
  return fileRequest('POST', path, body, signal);
}

/** GETs a file only its owner may read (a problem report's screenshot), with the bearer token. */
function getFile(path: string, signal?: AbortSignal): Promise<{ blob: Blob; headers: Headers }> {
  return fileRequest('GET', path, undefined, signal);
}

async function fileRequest(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<{ blob: Blob; headers: Headers }> {
  const token = await getAccessToken();
  const init: RequestInit = {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    credentials: 'same-origin',
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), init);
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
  return { blob: await response.blob(), headers: response.headers };
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
  getFile,
};
