import { apiMessages, pageMessages } from '@store/shared';
import type { z } from 'zod';
import { webEnv } from './env';
import { searchOf } from './first-answers';
import { session } from './session';

/**
 * The transport under the typed client (api.ts): JSON (or multipart) in, our token on
 * authenticated calls, errors as ApiError with the server's message, and one handler for a
 * refused session. What each route takes and answers is api.ts's.
 */

/** The answers' checks arrive with the first answer (answer-check.ts): zod stays out of the entry bundle. */
const answerCheck = () => import('./answer-check');

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** An order's refused lines: each one's problem, in words. */
    readonly problems?: string[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The store answered, but not as the contract says: a bug, never fixed by asking again. */
export class UnexpectedAnswerError extends Error {
  constructor(
    readonly path: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(pageMessages.loadFailed);
    this.name = 'UnexpectedAnswerError';
  }
}

/** 401 or 403: the session is gone or not allowed (the app signs the user out on these). */
export const isDenied = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

let deniedHandler: ((status: number) => void) | undefined;

/**
 * Who signs the user out when a call made with our token is refused (401 or 403). One handler for
 * every call, registered by the app; calls that carry another token (signing in) are exempt.
 */
export function onSessionDenied(handler: (status: number) => void): () => void {
  deniedHandler = handler;
  return () => {
    if (deniedHandler === handler) deniedHandler = undefined;
  };
}

export type { ApiFile, ListResult } from './api-types';

/** Query values; undefined (and null) ones are left out. */
export type Query = Record<string, unknown>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Sent as JSON, or as is when it is FormData (multipart). */
  body?: unknown;
  signal?: AbortSignal;
  /** Send our API token (most calls), or a specific bearer token (the Firebase ID token). */
  auth?: boolean | { bearer: string };
  /** Headers a call needs besides the ones set here (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/**
 * How a request leaves: the browser's fetch, or, while the store renders a page on the server
 * (ssr/render-page.tsx), the store's own answers, asked for in-process.
 */
let send: typeof fetch = (input, init) => fetch(input, init);
export function sendRequestsWith(transport: typeof fetch): void {
  send = transport;
}

/** `path` is the route's (`/api/…`) under the store's origin, or another host's full URL. */
async function url(path: string, query?: Query): Promise<string> {
  const base = /^https?:/.test(path) ? path : `${(await webEnv()).VITE_API_URL}${path}`;
  return `${base}${searchOf(query)}`;
}

function requestBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

/** The server's `{ message, fields }`; other image hosts (`VITE_IMAGE_HOST_URL`) put it under `error`. */
async function errorOf(status: number, body: unknown): Promise<ApiError> {
  const said = (await answerCheck()).errorMessageOf(body);
  return new ApiError(
    status,
    said?.message ?? pageMessages.requestFailed(status),
    said?.fields,
    said?.problems,
  );
}

export async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const body = requestBody(options.body);
  // FormData sets its own multipart Content-Type, boundary included.
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';
  const bearer =
    typeof options.auth === 'object' ? options.auth.bearer : options.auth ? session.token() : undefined;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  // Signed out already (a query refetched as Sign Out cleared the cache): nothing to ask, and no
  // session for a refusal to end, so the page stays where Sign Out sent it.
  else if (options.auth === true) throw new ApiError(401, apiMessages.signInRequired);

  let response: Response;
  try {
    response = await send(await url(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      // Public answers may be kept by caches for seconds (their Cache-Control, for CDNs); the app
      // always asks the store again, which answers 304 when nothing changed, so a customer sees
      // their own order's effect on stock at once.
      cache: 'no-cache',
      ...(body !== undefined && { body }),
      ...(options.signal && { signal: options.signal }),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, pageMessages.storeUnreachable);
  }
  if (!response.ok) {
    const error = await errorOf(response.status, await response.json().catch(() => undefined));
    if (options.auth === true && isDenied(error)) deniedHandler?.(error.status);
    throw error;
  }
  return response;
}

/** `filename="x.pdf"` (or the RFC 5987 `filename*=UTF-8''x.pdf`) of a Content-Disposition. */
export function fileNameOf(disposition: string | null, fallbackName: string): string {
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed escape: the plain filename or the fallback will do.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1]?.trim() || fallbackName;
}
