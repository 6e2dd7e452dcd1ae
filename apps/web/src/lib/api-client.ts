/**
 * The one way the web app talks to the API: JSON in and out, errors as ApiError with the
 * server's message, and the list total read from X-Total-Count.
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

export interface ListResult<T> {
  items: T[];
  total: number;
}

type Query = Record<string, string | number | undefined>;

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function request(path: string, init: RequestInit & { query?: Query } = {}): Promise<Response> {
  const { query, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url(path, query), {
      ...rest,
      headers: { Accept: 'application/json', ...rest.headers },
    });
  } catch {
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

export async function getJson<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  const response = await request(path, { query, signal });
  return (await response.json()) as T;
}

export async function getList<T>(path: string, query?: Query, signal?: AbortSignal): Promise<ListResult<T>> {
  const response = await request(path, { query, signal });
  const items = (await response.json()) as T[];
  return { items, total: Number(response.headers.get('X-Total-Count') ?? items.length) };
}
