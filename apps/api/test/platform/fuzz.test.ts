import { apiContract, type RouteContract } from '@store/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts, reviews } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { insertOrderOf } from '../support/order-rows.js';

/**
 * Every route, driven from the contract with hostile input: wrong types, boundaries, empty and
 * huge strings, control characters, extra fields, broken JSON; as a stranger, a customer and an
 * admin. Whatever arrives: no 5xx, no stack trace, an answer that matches the contract (checked
 * by createTestApp), and a refused request changes nothing.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let callers: Record<'anonymous' | 'customer' | 'admin', Record<string, string>>;
let known: { partId: string; orderId: string; reviewId: string; customer: string; admin: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const customer = await accountWithToken(ctx);
  const admin = await accountWithToken(ctx, 'admin');
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ minOrderQuantity: 1 }))
    .returning();
  if (!part) throw new Error('no part');
  const order = await insertOrderOf(ctx.db, part, {
    userName: customer.name,
    email: customer.email,
    phone: '+1 555 010 2030',
    address: '12 Fuzz Lane, Testville',
  });
  const [review] = await ctx.db
    .insert(reviews)
    .values({ name: 'Fuzz', email: customer.email, message: 'Solid parts.', ratings: 4 })
    .returning();
  callers = { anonymous: {}, customer: customer.auth, admin: admin.auth };
  known = {
    partId: part.id,
    orderId: order.id,
    reviewId: review?.id as string,
    customer: customer.email,
    admin: admin.email,
  };
});
afterAll(() => ctx.close());

/** Strings that have broken servers before. */
const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    '\r\n',
    '%00',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>',
  ),
  fc.constantFrom('null', 'undefined', 'NaN', '-1', '0', '1e309', '00000000-0000-0000-0000-000000000000'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1, max: 20_000 }).map((n) => 'x'.repeat(n)),
);

/** Any JSON value, biased to the edges of what the schemas accept. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(
    0,
    -1,
    1,
    0.001,
    0.005,
    5.001,
    1_000_000,
    1_000_001,
    2 ** 31,
    Number.MAX_SAFE_INTEGER,
    -1e308,
    1e308,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(nastyString, fc.integer()), { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

/** An object with the schema's keys (some omitted or wrong) and sometimes extra ones. */
function objectFor(keys: string[], plausible: Record<string, fc.Arbitrary<unknown>> = {}) {
  const fields = Object.fromEntries(
    keys.map((key) => [
      key,
      fc.option(fc.oneof(nastyValue, plausible[key] ?? nastyValue), { nil: undefined }),
    ]),
  );
  return fc
    .tuple(fc.record(fields), fc.dictionary(nastyString, nastyValue, { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
}

const shapeKeys = (schema: unknown): string[] =>
  Object.keys((schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

/** Values that reach deeper than validation: ids and e-mails that exist. */
const plausibleParams = () => ({
  id: fc.constantFrom(known.partId, known.orderId, known.reviewId),
  email: fc.constantFrom(known.customer, known.admin, known.customer.toUpperCase()),
});

function requestFor(route: RouteContract) {
  const params = objectFor(shapeKeys(route.params), plausibleParams());
  const query = objectFor(shapeKeys(route.query));
  // Sent as JSON text, or as broken JSON.
  const body: fc.Arbitrary<string | undefined> = route.body
    ? fc.oneof(
        objectFor(shapeKeys(route.body), { partId: fc.constant(known.partId) }).map((v) => JSON.stringify(v)),
        nastyValue.map((v) => JSON.stringify(v) ?? 'null'),
        fc.constantFrom('{"unclosed": ', '[1, 2', '\u0000', ''),
      )
    : fc.constant(undefined);
  return fc.record({
    caller: fc.constantFrom('anonymous' as const, 'customer' as const, 'admin' as const),
    params,
    query,
    body,
  });
}

/** The whole database's rows, to tell whether a request changed anything. */
async function snapshot(): Promise<string> {
  const tables = ['parts', 'orders', 'order_events', 'reviews', 'users', 'blocked_emails', 'images'];
  const rows = await Promise.all(
    tables.map((table) =>
      ctx.db.execute(
        sql.raw(`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h from ${table} t`),
      ),
    ),
  );
  return rows.map((result) => String((result as { rows: { h: string }[] }).rows[0]?.h)).join(':');
}

/** How a value travels in a path or query string. */
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

const STACK_TRACE = /\bat .+\.(ts|js):\d+|node_modules|Error: /;

describe('fuzzing every route from the contract', () => {
  const fuzzed = apiContract.filter((route) => route.path !== '/api/image'); // multipart: images.test.ts

  it.each(fuzzed.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
    '%s: no 5xx, no stack trace, and a refused request changes nothing',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async ({ caller, params, query, body }) => {
          const path = route.path.replace(/:(\w+)/g, (_m, key: string) =>
            encodeURIComponent(asText((params as Record<string, unknown>)[key])),
          );
          const before = await snapshot();
          const queryString = new URLSearchParams(
            Object.entries(query)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]): [string, string] => [k, asText(v)]),
          ).toString();
          let req = ctx
            .http()
            [route.method](`${path}${queryString ? `?${queryString}` : ''}`)
            .set(callers[caller]);
          if (body !== undefined) req = req.set('Content-Type', 'application/json').send(body);
          const res = await req;
          expect(res.status, `${route.method} ${path} ${res.text}`).toBeLessThan(500);
          // Errors are JSON text; only a success may be binary (the invoice PDF), and has no text.
          if (res.status >= 400 || res.text !== undefined) expect(res.text).not.toMatch(STACK_TRACE);
          if (res.status >= 400) expect(await snapshot(), `${res.status} ${res.text}`).toBe(before);
        }),
        { numRuns: 25 },
      );
    },
    60_000,
  );
});
