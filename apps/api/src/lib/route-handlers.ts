import type { Contract, FeatureName } from '@store/shared';
import type { RequestHandler } from 'express';
import type {} from 'multer';
import type { z } from 'zod';
import type { Caller } from '../auth/caller.js';
import type { Page } from './pagination.js';
import type { PublicTable } from './read-cache/cache.js';

/**
 * What a feature gives the registrar (register-routes.ts) for each route of the contract: the
 * handler, a service call typed from the route's own schemas, and the server concerns that are
 * no part of the contract (read-cache markers, caching, rate limits, the upload queue).
 */

/** Marks an answer made by `reply`, `file` or `stream`, so it is never taken for a plain body. */
const ANSWER: unique symbol = Symbol('answer');
type Brand = { readonly [ANSWER]: true };

type Headers = Record<string, string>;

/** A JSON answer with a status other than the route's one success, or with headers of its own. */
export interface JsonAnswer<S extends number = number, B = unknown> extends Brand {
  kind: 'json';
  status: S;
  body: B;
  headers?: Headers;
}

/** A whole answer that is not JSON (a PDF, a page, a prepared document). */
export interface FileAnswer<S extends number = number> extends Brand {
  kind: 'file';
  status: S;
  body: string | Buffer;
  /** The content type, when the route table has no `produces` for it. */
  type?: string;
  headers?: Headers;
}

/** A 200 made a chunk at a time (lib/send-chunks.ts), in the route's `produces` type. */
export interface StreamAnswer extends Brand {
  kind: 'stream';
  chunks: AsyncIterable<string>;
  headers?: Headers;
}

export type Answer = JsonAnswer | FileAnswer | StreamAnswer;

/** One answer per status, so that a status that may be one of several still names a declared one. */
export function reply<const S extends number, B>(
  status: S,
  body: B,
  headers?: Headers,
): S extends number ? JsonAnswer<S, B> : never;
export function reply(status: number, body: unknown, headers?: Headers): JsonAnswer {
  return { [ANSWER]: true, kind: 'json', status, body, ...(headers && { headers }) };
}

export const file = <const S extends number>(
  status: S,
  body: string | Buffer,
  options: { type?: string; headers?: Headers } = {},
): FileAnswer<S> => ({ [ANSWER]: true, kind: 'file', status, body, ...options });

export const stream = (chunks: AsyncIterable<string>, headers?: Headers): StreamAnswer => ({
  [ANSWER]: true,
  kind: 'stream',
  chunks,
  ...(headers && { headers }),
});

export const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'object' && value !== null && ANSWER in value;

/** The statuses a route declares, without the index signature every route's answers carry. */
type Declared<R> = R extends { responses: infer X }
  ? { [K in keyof X as number extends K ? never : K]: X[K] }
  : never;
type Status<R> = Extract<keyof Declared<R>, number>;
type Success<R> = Extract<Status<R>, 200 | 201 | 202 | 203 | 204 | 206>;
type BodyOf<D> = D extends { schema: infer S extends z.ZodType } ? z.input<S> : never;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;
type IsUnion<T> = [T] extends [UnionToIntersection<T>] ? false : true;

/** Each declared status: its JSON body, or, declared without one, a file or a stream. */
type Answers<R> = {
  [S in Status<R>]: Declared<R>[S] extends { schema: z.ZodType }
    ? JsonAnswer<S, BodyOf<Declared<R>[S]>>
    : FileAnswer<S> | (S extends 200 ? StreamAnswer : never);
}[Status<R>];

/** A route with one success may answer with its bare body. */
type Bare<R> = IsUnion<Success<R>> extends true ? never : BodyOf<Declared<R>[Success<R>]>;

type Element<B> = B extends readonly (infer T)[] ? T : never;

/**
 * What a handler may answer: only what its route declares. A list answers a page of its 200's
 * items (sent by lib/pagination.ts with its headers); any other route a declared body.
 */
export type HandlerResult<R> = R extends { list: true }
  ? Page<Element<BodyOf<Declared<R> extends { 200: infer D } ? D : never>>>
  : Bare<R> | Answers<R>;

type Parsed<R, K extends string> = R extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

type Who<R> = R extends { access: 'signed-in' | 'admin' }
  ? { user: Caller /** When the caller signed in (seconds). */; signedInAt: number }
  : R extends { access: 'id-token' }
    ? { idToken: string }
    : unknown;

/** A multipart route's fields and file, as its `upload` middleware left them. */
export interface Upload {
  fields: Record<string, unknown>;
  file: Express.Multer.File | undefined;
}

/** What a handler is given: its route's inputs, parsed with the route's schemas, and its caller. */
export type HandlerInput<R> = {
  /** The origin the request was made to (`https://shop.example`), for links back to the store. */
  origin: string;
  params: Parsed<R, 'params'>;
  query: Parsed<R, 'query'>;
  headers: Parsed<R, 'headers'>;
  body: R extends { multipart: true } | { raw: string } ? undefined : Parsed<R, 'body'>;
} & Who<R> &
  (R extends { multipart: true } ? { upload: Upload } : unknown) &
  /** A raw route's body, the bytes as they came (`raw` in the route table). */
  (R extends { raw: string } ? { rawBody: Buffer } : unknown);

/** One route's handler and the server concerns the registrar mounts around it. */
export type HandlerEntry<R> = {
  handle: (input: HandlerInput<R>) => HandlerResult<R> | Promise<HandlerResult<R>>;
  /**
   * A write's public tables (decision 024): `[]` changes nothing public. A write that does not
   * say is taken to change everything.
   */
  changes?: readonly PublicTable[];
  /** A public read kept for the read cache until a change to these tables. */
  cached?: readonly PublicTable[];
  /** Before the guard: limits by address (the sign-in's). */
  throttle?: RequestHandler[];
  /** After the guard: limits by account (lib/account-rate-limit.ts). */
  limits?: RequestHandler[];
  /** A body of up to 8 MB instead of 100 kB (the catalog import), read after the guard as always. */
  largeBody?: boolean;
  /** The headers' 400 message, when not the generic one. */
  invalidHeaders?: string;
} & (R extends { multipart: true }
  ? { /** After the guard and limits: the queue and the multipart reader. */ upload: RequestHandler[] }
  : unknown);

/** Every route of a contract feature, each with its handler: no more, no fewer. */
export type FeatureHandlers<F extends FeatureName> = {
  [K in keyof Contract[F]]: HandlerEntry<Contract[F][K]>;
};

/** The whole API's handlers, by feature. */
export type Handlers = { [F in FeatureName]: FeatureHandlers<F> };
