import { apiMessages, pageMessages } from '@store/shared';
import type { z } from 'zod';
import { apiBase } from './env';
import { session } from './session';

/**
 * The one way the web app talks to the API: JSON (or multipart) in, every answer parsed at the
 * edge with its schema from packages/shared, our token on authenticated calls, errors as
 * ApiError with the server's message, and list totals read from X-Total-Count.
 */

type Answers = typeof import('./answer-schemas')['answers'];
/** A response schema, named as packages/shared exports it (e.g. 'partSchema'). */
export type SchemaName = keyof Answers;
type Answer<K extends SchemaName> = z.output<Answers[K]>;

/**
 * The schemas arrive with the first answer rather than before the first paint: zod stays out
 * of the entry bundle, and each answer is parsed as soon as both are here.
 */
const answerSchemas = () => import('./answer-schemas');

/**
 * The schema named `name`, typed by the answer it reads. The one cast: TypeScript cannot relate
 * a generic key's schema to that schema's output; `Answer<K>` is defined from the same table.
 */
const schemaOf = <K extends SchemaName>(answers: Answers, name: K) =>
  answers[name] as unknown as z.ZodType<Answer<K>>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
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

/** 401 or 403: the session is gone or not allowed (spec §8 signs the user out on these). */
export const isDenied = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

let deniedHandler: ((status: number) => void) | undefined;

/**
 * Who signs the user out when a call made with our token is refused (spec §6-§8). One handler for
 * every call, registered by the app; calls that carry another token (signing in) are exempt.
 */
export function onSessionDenied(handler: (status: number) => void): () => void {
  deniedHandler = handler;
  return () => {
    if (deniedHandler === handler) deniedHandler = undefined;
  };
}

export interface ListResult<T> {
  items: T[];
  total: number;
  /** The total stopped counting at a cap (a search): at least `total` match. */
  totalCapped?: boolean;
  /** The next page's keyset cursor (the catalog), while more follow. */
  nextCursor?: string;
}

type Query = Record<string, string | number | undefined>;

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

async function url(path: string, query?: Query): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  const base = /^https?:/.test(path) ? path : `${await apiBase()}${path}`;
  return `${base}${search ? `?${search}` : ''}`;
}

function requestBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

/** The server's `{ message, fields }`; other image hosts (spec §7) put it only under `error`. */
async function errorOf(status: number, body: unknown): Promise<ApiError> {
  const { apiErrorSchema, imageRefusedSchema } = await answerSchemas();
  const ours = apiErrorSchema.safeParse(body);
  if (ours.success) return new ApiError(status, ours.data.message, ours.data.fields);
  const host = imageRefusedSchema.pick({ error: true }).safeParse(body);
  return new ApiError(status, host.success ? host.data.error.message : `Request failed (${status})`);
}

async function request(path: string, options: RequestOptions = {}): Promise<Response> {
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
    throw new ApiError(0, 'The store cannot be reached. Check your connection and try again.');
  }
  if (!response.ok) {
    const error = await errorOf(response.status, await response.json().catch(() => undefined));
    if (options.auth === true && isDenied(error)) deniedHandler?.(error.status);
    throw error;
  }
  return response;
}

/** The parse result, or the error a page shows as a load failure. */
function answerOf<T>(path: string, result: z.ZodSafeParseResult<T>): T {
  if (!result.success) throw new UnexpectedAnswerError(path, result.error.issues);
  return result.data;
}

/** One answer, checked against the schema named `schema`; its type is that schema's. */
export async function apiJson<K extends SchemaName>(
  path: string,
  schema: K,
  options?: RequestOptions,
): Promise<Answer<K>> {
  const [response, { answers, check }] = await Promise.all([request(path, options), answerSchemas()]);
  const body: unknown = await response.json().catch(() => undefined);
  return answerOf(path, check(schemaOf(answers, schema), body));
}

/** A page of a list: each item checked against the schema named `item`, the total from X-Total-Count. */
export async function apiList<K extends SchemaName>(
  path: string,
  item: K,
  options?: RequestOptions,
): Promise<ListResult<Answer<K>>> {
  const [response, { answers, checkList }] = await Promise.all([request(path, options), answerSchemas()]);
  const body: unknown = await response.json().catch(() => undefined);
  const items = answerOf(path, checkList(schemaOf(answers, item), body));
  const nextCursor = response.headers.get('X-Next-Cursor');
  return {
    items,
    total: Number(response.headers.get('X-Total-Count') ?? items.length),
    ...(response.headers.get('X-Total-Count-Capped') === 'true' && { totalCapped: true }),
    ...(nextCursor && { nextCursor }),
  };
}

/** A file the API sends (a PDF, a CSV) with the name it suggests, fetched with our token. */
export interface ApiFile {
  blob: Blob;
  /** From Content-Disposition, or `fallbackName` when the server names none. */
  name: string;
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

/**
 * A file answer. A plain link cannot carry the bearer token, so downloads go through here and
 * the page saves the blob (lib/download.ts). `accept` is the type the caller expects.
 */
export async function apiFile(
  path: string,
  accept: string,
  fallbackName: string,
  options?: RequestOptions,
): Promise<ApiFile> {
  const response = await request(path, { ...options, headers: { ...options?.headers, Accept: accept } });
  const blob = await response.blob();
  return { blob, name: fileNameOf(response.headers.get('Content-Disposition'), fallbackName) };
}
