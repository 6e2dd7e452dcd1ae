import { session } from './session';

/**
 * The one way the web app talks to the API: JSON in and out, our token on authenticated calls,
 * errors as ApiError with the server's message, and list totals read from X-Total-Count.
 */
export const API_BASE = `${import.meta.env.VITE_API_URL ?? ''}/api`;

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

/** 401 or 403: the session is gone or not allowed (spec §8 signs the user out on these). */
export const isDenied = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

export interface ListResult<T> {
  items: T[];
  total: number;
}

type Query = Record<string, string | number | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Send our API token (most calls), or a specific bearer token (the Firebase ID token). */
  auth?: boolean | { bearer: string };
  /** Headers a call needs besides the ones set here (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const bearer =
    typeof options.auth === 'object' ? options.auth.bearer : options.auth ? session.token() : undefined;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;

  let response: Response;
  try {
    response = await fetch(url(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
      ...(options.signal && { signal: options.signal }),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The store cannot be reached. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as {
      message?: string;
      fields?: Record<string, string>;
    };
    throw new ApiError(response.status, body.message ?? `Request failed (${response.status})`, body.fields);
  }
  return response;
}

export async function apiJson<T>(path: string, options?: RequestOptions): Promise<T> {
  const response = await request(path, options);
  return (await response.json()) as T;
}

export async function apiList<T>(path: string, options?: RequestOptions): Promise<ListResult<T>> {
  const response = await request(path, options);
  const items = (await response.json()) as T[];
  return { items, total: Number(response.headers.get('X-Total-Count') ?? items.length) };
}
