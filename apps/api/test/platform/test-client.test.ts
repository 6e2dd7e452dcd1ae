import { apiContract, apiMessages, type FeatureName, routeTable } from '@store/shared';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client, type TestClient } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { checkout, placeOrder } from '../support/orders.js';

/**
 * The tests' typed client (support/client.ts) reaches every route of the contract at the method
 * and path the route table names, sends what it is given, and reads the real app's answers.
 */

/** Answers every request with what reached it: method, path, query, headers and JSON body. */
function echo() {
  const app = express();
  app.use(express.json(), express.text({ type: 'text/*' }));
  app.use((req, res) => {
    res.set('X-Echo-Method', req.method).set('X-Echo-Path', req.path);
    res.json({ query: req.query, headers: req.headers, body: req.body as unknown });
  });
  return () => request(app);
}

/** Every route as `[feature, name]`, in the contract's order. */
const routes = apiContract.map((route) => route.id.split('.') as [FeatureName, string]);

/** The route's call, read loosely: each one's own type is narrower. */
const callOf = (api: TestClient, feature: FeatureName, name: string) =>
  (api[feature] as unknown as Record<string, TestClient['orders']['place']>)[name];

describe('the test client against the route table', () => {
  it('has a call for every route of the contract, and no other', () => {
    const api = client(echo());
    const calls = Object.entries(api).flatMap(([feature, byName]) =>
      Object.keys(byName).map((name) => `${feature}.${name}`),
    );
    expect(calls.sort()).toEqual(apiContract.map((route) => route.id).sort());
    expect(routes.length).toBe(Object.values(routeTable).flatMap((lines) => Object.keys(lines)).length);
  });

  it.each(routes)('sends %s.%s with the method and path the table names', async (feature, name) => {
    const line = (routeTable[feature] as Record<string, { method: string; path: string }>)[name];
    if (!line) throw new Error(`no line for ${feature}.${name}`);
    // Each parameter gets a value of its own, so a swapped pair shows.
    const params = Object.fromEntries([...line.path.matchAll(/:(\w+)/g)].map(([, key]) => [key, `v-${key}`]));
    const expected = line.path.replace(/:(\w+)/g, (_, key: string) => `v-${key}`);
    const answer = await callOf(client(echo()), feature, name)?.raw({ params });
    expect(answer?.headers['x-echo-method']).toBe(line.method.toUpperCase());
    expect(answer?.headers['x-echo-path']).toBe(expected);
  });

  it('sends the query, the headers, the body and the account’s token, and a call’s own token instead', async () => {
    const api = client(echo(), { Authorization: 'Bearer mine' });
    const { body } = await api.orders.mine.raw({ query: { status: 'paid' }, headers: { 'X-Extra': 'yes' } });
    expect(body).toMatchObject({
      query: { status: 'paid' },
      headers: { authorization: 'Bearer mine', 'x-extra': 'yes' },
    });
    const sent = await api.orders.checkout.raw({
      body: { lines: [{ sku: 'A-1', quantity: 2 }] },
      headers: { 'idempotency-key': 'k-1', 'x-left-out': undefined },
      auth: { Authorization: 'Bearer theirs' },
    });
    expect(sent.body).toMatchObject({
      headers: { authorization: 'Bearer theirs', 'idempotency-key': 'k-1' },
      body: { lines: [{ sku: 'A-1', quantity: 2 }] },
    });
    expect(sent.body).not.toHaveProperty('headers.x-left-out');
    const anonymous = await api.health.check.raw({ auth: null });
    expect(anonymous.body).not.toHaveProperty('headers.authorization');
  });

  it('encodes a path parameter, as the web client does', async () => {
    const answer = await client(echo()).users.adminStatus({ params: { email: 'a/b@example.com' } });
    expect(answer.headers['x-echo-path']).toBe('/api/admin/a%2Fb%40example.com');
  });

  it('sends a raw route’s body as the bytes given, with the route’s content type', async () => {
    const bytes = '{"id":"evt_1"}';
    const answer = await client(echo()).payments.webhook({
      body: bytes,
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    expect(answer.body).toMatchObject({
      headers: { 'content-type': expect.stringMatching(/^application\/json/) },
    });
  });
});

describe('the test client against the app', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let api: TestClient;
  let partId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    api = client(ctx.http, (await accountWithToken(ctx)).auth);
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1, availableQuantity: 100, priceCents: 1000 }))
      .returning();
    partId = part?.id as string;
  });
  afterAll(() => ctx.close());

  it('reads an answer typed by its status', async () => {
    const { body } = await api.parts.get({ params: { id: partId } }).expect(200);
    expectTypeOf(body.name).toEqualTypeOf<string>();
    expect(body._id).toBe(partId);
  });

  it('fails with the answer’s body when the status is not the one expected', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await expect(api.parts.get({ params: { id } }).expect(200)).rejects.toThrow(
      `GET /api/part/${id}: expected 200, got 404: ${JSON.stringify({ message: apiMessages.partNotFound })}`,
    );
  });

  it('sends a body the contract refuses through raw(), unchecked on the way out', async () => {
    const refused = await api.orders.place.raw({ body: { partId, productQuantity: 'many' } }).expect(400);
    expect(refused.body.fields).toHaveProperty('productQuantity');
  });

  it('places orders through the fixtures: one part, and a checkout of lines', async () => {
    const one = await placeOrder(api, partId, { productQuantity: 2 });
    expect(one).toMatchObject({ status: 'unpaid', productQuantity: 2 });
    expect(one.id).toBe(one._id);
    const many = await checkout(api, { lines: [{ partId, quantity: 3 }], key: 'fixture-key-1' });
    expect(many).toMatchObject({ status: 'unpaid', number: expect.stringMatching(/^PD-\d+$/) });
    // The same key answers the order first placed with it.
    expect(await checkout(api, { lines: [{ partId, quantity: 3 }], key: 'fixture-key-1' })).toMatchObject({
      id: many.id,
    });
    const shown = await api.orders.get({ params: { id: many.id } }).expect(200);
    expect(shown.body.order.lines).toEqual([expect.objectContaining({ partId, productQuantity: 3 })]);
  });

  it('refuses a call the contract does not allow at compile time', () => {
    // Types only: never sent.
    const typed = (call: () => unknown) => expect(call).toBeTypeOf('function');
    // @ts-expect-error productQuantity is a number
    typed(() => api.orders.place({ body: { partId, productQuantity: 'many', phone: '1', address: '1' } }));
    // @ts-expect-error parts.get needs its id
    typed(() => api.parts.get());
  });
});
