/**
 * The typed client's types, computed from the contract (packages/shared/src/contract/): what each
 * route takes and answers. Types only: nothing here reaches the bundle, so the client can be typed
 * by the zod schemas while its first-load code imports only the zod-free route table.
 */
import type { Contract, FeatureName, RouteTable } from '@store/shared';
import type { z } from 'zod';

/** A page of a list: its items, and what the headers say of the rest. */
export interface Paged<Items> {
  items: Items;
  total: number;
  /** The total stopped counting at a cap (a search): at least `total` match. */
  totalCapped?: boolean;
  /** The next page's keyset cursor (the catalog), while more follow. */
  nextCursor?: string;
  /** A search as it likely meant a word it misspelt (X-Did-You-Mean, decision 052). */
  suggestion?: string;
}

export type ListResult<T> = Paged<T[]>;

/** A file the API sends (a PDF, a CSV) with the name it suggests, fetched with our token. */
export interface ApiFile {
  blob: Blob;
  /** From Content-Disposition, or the call's `fileName` when the server names none. */
  name: string;
}

/** A route's name within its feature: `place` of `orders.place`. */
export type RouteName<F extends FeatureName> = Extract<keyof RouteTable[F], string>;

/** The route's contract: its line of the table, its schemas and its answers by status. */
type RouteOf<F extends FeatureName, N extends RouteName<F>> = Contract[F][N];

/**
 * The statuses a route declares itself. Every route's answers also carry an index signature (the
 * answers common to all routes, merged in by `route()`), which this drops.
 */
type Declared<T> = { [K in keyof T as number extends K ? never : K]: T[K] };
type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<R> = R extends { responses: infer A } ? Declared<A> : never;
type Success<R> = Responses<R>[Extract<keyof Responses<R>, SuccessStatus>];

/** The schema of a route's success answer; `z.ZodUnknown` for one that declares none (a page, a file). */
export type AnswerSchema<R> = Success<R> extends { schema: infer S extends z.ZodType } ? S : z.ZodUnknown;

/** What a route's success answer reads as, once checked. */
export type AnswerOutput<F extends FeatureName, N extends RouteName<F>> = z.output<
  AnswerSchema<RouteOf<F, N>>
>;

/** Every route's answer check, by feature and name: what the lazily loaded checker holds. */
export type AnswerChecks = {
  [F in FeatureName]: {
    [N in RouteName<F>]: (body: unknown) => z.ZodSafeParseResult<AnswerOutput<F, N>>;
  };
};

/** What a call of the route resolves to. */
export type Answer<F extends FeatureName, N extends RouteName<F>> = RouteTable[F][N] extends {
  produces: string;
}
  ? ApiFile
  : RouteTable[F][N] extends { list: true }
    ? Paged<AnswerOutput<F, N>>
    : AnswerOutput<F, N>;

/**
 * Optional when every field of it is. (`Record<never, never>`, not `object`: a loose query, whose
 * `attr.<key>` filters make an index signature, takes `{}` but not every object.)
 */
type Part<K extends string, T> = Record<never, never> extends T ? { [P in K]?: T } : { [P in K]: T };

type ParamsInput<R> = R extends { params: infer S extends z.ZodType } ? Part<'params', z.input<S>> : object;
type QueryInput<R> = R extends { query: infer S extends z.ZodType } ? Part<'query', z.input<S>> : object;
type HeadersInput<R> = R extends { headers: infer S extends z.ZodType }
  ? Part<'headers', z.input<S>>
  : object;
/** A multipart route takes the form as the browser builds it; its fields are described, not parsed. */
type BodyInput<R> = R extends { multipart: true }
  ? { body: FormData }
  : R extends { body: infer S extends z.ZodType }
    ? { body: z.input<S> }
    : object;
/**
 * 'id-token': the caller's Firebase ID token. 'signed-in' and 'admin': our session token, unless
 * the caller names the token itself (Sign Out, whose refusal must not start another Sign Out).
 */
type AuthInput<R> = R extends { access: 'id-token' }
  ? { bearer: string }
  : R extends { access: 'anyone' }
    ? object
    : { bearer?: string };
/** A file answer's name when the server gives none. */
type FileInput<R> = R extends { produces: string } ? { fileName: string } : object;

export type CallInput<F extends FeatureName, N extends RouteName<F>> = ParamsInput<RouteOf<F, N>> &
  QueryInput<RouteOf<F, N>> &
  HeadersInput<RouteOf<F, N>> &
  BodyInput<RouteOf<F, N>> &
  AuthInput<RouteOf<F, N>> &
  FileInput<RouteOf<F, N>> & { signal?: AbortSignal };

/** One route's call: `api.orders.place({ body, headers })`; the input may be left out when all of it is optional. */
export type Call<F extends FeatureName, N extends RouteName<F>> = (
  ...input: object extends CallInput<F, N> ? [input?: CallInput<F, N>] : [input: CallInput<F, N>]
) => Promise<Answer<F, N>>;

/** The whole client: `api.<feature>.<name>(…)` for every route of the table. */
export type ApiClient = { [F in FeatureName]: { [N in RouteName<F>]: Call<F, N> } };
