import type { ApiErrorBody, Contract, FeatureName, RouteTable } from '@store/shared';
import { pathOf, type RouteLine, routeTable } from '@store/shared/route-table';
import type { Response, Test } from 'supertest';
import type { z } from 'zod';

/**
 * A typed client for the test app: `client(ctx.http, customer.auth).orders.place({ body })`, one
 * call for every route of the contract. Where a call goes (method, path) is read at run time from
 * the route table with its own `pathOf`; what it takes and answers is typed from the contract's
 * zod schemas, types only. Nothing is validated on the way out or in: the app under test checks
 * every answer against the contract itself (createTestApp's `checkResponses`), and a test that
 * sends bad input on purpose calls the route's `.raw(…)`, which takes any params, query, headers
 * and body.
 *
 * A call resolves to `{ status, body, headers, text }`, `body` typed as any answer the route
 * declares; `.expect(status)` fails the test with the answer's body unless the status is that
 * one, and types `body` as that status's answer.
 */

/** The app under test as supertest drives it: `ctx.http`. */
type Http = () => { [M in RouteLine['method']]: (path: string) => Test };

/** Request headers, e.g. an account's `auth` (`{ Authorization: 'Bearer …' }`). */
export type Headers = Record<string, string>;

type RouteName<F extends FeatureName> = Extract<keyof RouteTable[F], string>;
type RouteOf<F extends FeatureName, N extends RouteName<F>> = Contract[F][N];

/** The answers a route declares itself, without the index signature `route()` merges in. */
type Declared<T> = { [K in keyof T as number extends K ? never : K]: T[K] };
type Responses<R> = R extends { responses: infer A } ? Declared<A> : never;
/**
 * What an answer reads as: its schema's output. An answer made by define.ts `error()` carries its
 * schema as the loose `schema?: ZodType` and is always an ApiError; one with no schema (a file, a
 * page) is `unknown`.
 */
type OutputOf<C> = C extends { schema: infer S extends z.ZodType }
  ? z.output<S>
  : 'schema' extends keyof C
    ? ApiErrorBody
    : unknown;
/** Statuses every route may answer (define.ts `common`, 413 for a body too large), each an ApiError. */
type CommonStatus = 401 | 403 | 413 | 503;

/**
 * The body of the route's answer of status `S`: `unknown` for one it declares no schema for, any
 * answer's for a status known only at run time.
 */
export type BodyAt<R, S extends number> = number extends S
  ? AnyBody<R>
  : S extends keyof Responses<R>
    ? OutputOf<Responses<R>[S]>
    : S extends CommonStatus
      ? ApiErrorBody
      : unknown;
/** The body of any answer of the route: the union of what each declared answer reads as. */
export type AnyBody<R> =
  | { [S in keyof Responses<R>]: OutputOf<Responses<R>[S]> }[keyof Responses<R>]
  | ApiErrorBody;

export interface Answer<B> {
  status: number;
  body: B;
  /** Lower-case names, as Node gives them. */
  headers: Record<string, string>;
  /** The body as text (a CSV, a page); a binary answer (a PDF) is a Buffer in `body`. */
  text: string;
}

/**
 * A call: await it for any answer, or `.expect(status)` for that one. As with supertest, nothing
 * is sent until it is awaited, so calls gathered for `Promise.all` go out in the array's order.
 */
export interface Pending<R> extends PromiseLike<Answer<AnyBody<R>>> {
  expect<const S extends number>(status: S): Promise<Answer<BodyAt<R, S>>>;
}

/** Optional when every field of it is. */
type Part<K extends string, T> = Record<never, never> extends T ? { [P in K]?: T } : { [P in K]: T };

/** A multipart form: each string a field, each file an attachment. */
export type Form = Record<string, string | { content: Buffer; filename: string; contentType?: string }>;

type ParamsInput<R> = R extends { params: infer S extends z.ZodType } ? Part<'params', z.input<S>> : object;
type QueryInput<R> = R extends { query: infer S extends z.ZodType } ? Part<'query', z.input<S>> : object;
/** A call's own headers; one left undefined is not sent. */
type HeadersInput = Record<string, string | undefined>;
/** The headers the route reads, as the contract names them (lower case), and any others. */
type HeadersOf<R> = R extends { headers: infer S extends z.ZodType }
  ? Part<'headers', z.input<S> & HeadersInput>
  : { headers?: HeadersInput };
/** A raw route's body is its exact bytes (a signature covers them); a multipart one is its form. */
type BodyInput<R> = R extends { multipart: true }
  ? { body: Form }
  : R extends { raw: string }
    ? { body: string | Buffer }
    : R extends { body: infer S extends z.ZodType }
      ? { body: z.input<S> }
      : object;
/** Another account's headers for this call than the client's; `null` for none. */
type AuthInput = { auth?: Headers | null };

export type CallInput<F extends FeatureName, N extends RouteName<F>> = ParamsInput<RouteOf<F, N>> &
  QueryInput<RouteOf<F, N>> &
  HeadersOf<RouteOf<F, N>> &
  BodyInput<RouteOf<F, N>> &
  AuthInput;

/** What `.raw(…)` takes: anything, for requests the contract refuses (tests of that refusal). */
export interface RawInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  headers?: HeadersInput;
  body?: unknown;
  auth?: Headers | null;
}

export type Call<F extends FeatureName, N extends RouteName<F>> = ((
  ...input: object extends CallInput<F, N> ? [input?: CallInput<F, N>] : [input: CallInput<F, N>]
) => Pending<RouteOf<F, N>>) & {
  raw(input?: RawInput): Pending<RouteOf<F, N>>;
  /** The route's line of the table. */
  line: RouteLine;
};

export type TestClient = { [F in FeatureName]: { [N in RouteName<F>]: Call<F, N> } };

/** Reads a binary answer (a PDF) whole, as supertest leaves it unread otherwise. */
function asBytes(req: Test): Test {
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

function build(http: Http, line: RouteLine, auth: Headers | undefined, input: RawInput = {}): Test {
  const path = pathOf(line, input.params);
  let req = http()[line.method](path);
  const who = input.auth === undefined ? auth : input.auth;
  if (who) req = req.set(who);
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    if (value !== undefined) req = req.set(name, value);
  }
  if (input.query) req = req.query(input.query as Record<string, string>);
  if (line.produces && !line.produces.startsWith('text/')) req = asBytes(req);
  if (input.body === undefined) return req;
  if (line.multipart) {
    for (const [name, value] of Object.entries(input.body as Form)) {
      req =
        typeof value === 'string'
          ? req.field(name, value)
          : req.attach(name, value.content, {
              filename: value.filename,
              ...(value.contentType && { contentType: value.contentType }),
            });
    }
    return req;
  }
  if (line.raw && !input.headers?.['Content-Type'] && !input.headers?.['content-type'])
    req = req.set('Content-Type', line.raw);
  return req.send(input.body as string | object);
}

const answerOf = (res: Response): Answer<never> => ({
  status: res.status,
  body: res.body as never,
  headers: res.headers as Record<string, string>,
  text: res.text,
});

function call(http: Http, line: RouteLine, auth: Headers | undefined, input?: RawInput) {
  let sent: Promise<Answer<never>> | undefined;
  const send = () => {
    sent ??= Promise.resolve(build(http, line, auth, input)).then(answerOf);
    return sent;
  };
  return {
    // biome-ignore lint/suspicious/noThenProperty: a call is awaited as supertest's requests are.
    then: <A, B>(
      onAnswer?: ((answer: Answer<never>) => A | PromiseLike<A>) | null,
      onError?: ((error: unknown) => B | PromiseLike<B>) | null,
    ) => send().then(onAnswer, onError),
    async expect(status: number) {
      const answer = await send();
      if (answer.status !== status) {
        const said = answer.text || JSON.stringify(answer.body);
        throw new Error(
          `${line.method.toUpperCase()} ${pathOf(line, input?.params)}: expected ${status}, got ${answer.status}: ${said.slice(0, 2000)}`,
        );
      }
      return answer;
    },
  };
}

/**
 * The client over `http` (the test app's `ctx.http`, or `() => request(server)`), sending `auth`
 * (an account's headers) with every call unless the call names its own.
 */
export function client(http: Http, auth?: Headers): TestClient {
  const features: Record<string, Record<string, unknown>> = {};
  for (const [feature, lines] of Object.entries(routeTable)) {
    const calls: Record<string, unknown> = {};
    for (const [name, line] of Object.entries(lines as Record<string, RouteLine>)) {
      const typed = (input?: RawInput) => call(http, line, auth, input);
      calls[name] = Object.assign(typed, { raw: typed, line });
    }
    features[feature] = calls;
  }
  return features as TestClient;
}
