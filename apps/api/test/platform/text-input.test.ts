import { apiMessages, categoryMessages, checkoutMessages, validationMessages as m } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * Every text a client sends, in the body, the query or the path, refuses control characters
 * with 400 and that field's message; PostgreSQL cannot even store a NUL, so before this
 * refinement a NUL answered 500.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customer: Record<string, string>;
let customerEmail: string;
let admin: Record<string, string>;
let partId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const account = await accountWithToken(ctx, 'customer');
  customer = account.auth;
  customerEmail = account.email;
  admin = (await accountWithToken(ctx, 'admin')).auth;
  const [part] = await ctx.db.insert(parts).values(partRow()).returning({ id: parts.id });
  partId = part?.id ?? '';
});
afterAll(() => ctx.close());

const product = {
  name: 'Quiet fan',
  sku: 'QF-120',
  price: 12.5,
  availableQuantity: 100,
  minOrderQuantity: 10,
  description: 'A fan that keeps quiet.',
  img: '/media/parts/quiet-fan.svg',
};
/** An update sets the stock with the stock it was based on (partRow's). */
const productUpdate = { ...product, availableQuantity: 500, availableQuantityBefore: 500 };
const order = () => ({
  partId,
  productQuantity: 10,
  phone: '+44 20 7946 0958',
  address: '1 Test Street, Testtown',
});
const review = { message: 'Works well.', ratings: 4 };

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface Case {
  route: string;
  method: Method;
  /** Where the bad text goes: the URL (with `{}` for it) or a body built around it. */
  url: (text: string) => string;
  body?: (text: string) => object;
  as: () => Record<string, string>;
  field: string;
  message: string;
}

/** A valid body whose `field` has `text` slipped into the middle of its valid value. */
const inBody = (
  route: string,
  method: Method,
  path: () => string,
  as: () => Record<string, string>,
  base: () => Record<string, unknown>,
  field: string,
  message: string,
): Case => ({
  route,
  method,
  url: () => path(),
  body: (text) => {
    const valid = String(base()[field] ?? 'Sam Sample');
    return { ...base(), [field]: `${valid.slice(0, 4)}${text}${valid.slice(4)}` };
  },
  as,
  field,
  message,
});

const inPath = (
  route: string,
  method: Method,
  url: (text: string) => string,
  as: () => Record<string, string>,
): Case => ({
  route,
  method,
  url,
  as,
  // Path parameters are parsed as the contract's `params` object, so the field is named.
  field: 'email',
  message: m.emailInvalid,
});

const anyone = () => ({});
const asCustomer = () => customer;
const asAdmin = () => admin;
const withIdToken = () => ({ Authorization: 'Bearer not-checked-before-the-input' });
const badEmail = (text: string) => encodeURIComponent(`a${text}b@example.com`);

const cases: Case[] = [
  {
    route: 'GET /api/parts?q',
    method: 'get',
    url: (text) => `/api/parts?q=${encodeURIComponent(`fan${text}`)}`,
    as: anyone,
    field: 'q',
    message: m.searchInvalid,
  },
  ...(['name', 'description', 'img'] as const).flatMap((field) => {
    const message = { name: m.nameInvalid, description: m.descriptionInvalid, img: m.imageInvalid }[field];
    return [
      inBody(
        'POST /api/addproduct',
        'post',
        () => '/api/addproduct',
        asAdmin,
        () => product,
        field,
        message,
      ),
      inBody(
        'PUT /api/part/:id',
        'put',
        () => `/api/part/${partId}`,
        asAdmin,
        () => productUpdate,
        field,
        message,
      ),
    ];
  }),
  inBody(
    'POST /api/review',
    'post',
    () => '/api/review',
    asCustomer,
    () => review,
    'message',
    m.messageInvalid,
  ),
  inBody('POST /api/order', 'post', () => '/api/order', asCustomer, order, 'phone', m.phoneInvalid),
  inBody('POST /api/order', 'post', () => '/api/order', asCustomer, order, 'address', m.addressInvalid),
  inBody(
    'PATCH /api/profile',
    'patch',
    () => '/api/profile',
    asCustomer,
    () => ({}),
    'name',
    m.nameInvalid,
  ),
  inBody(
    'PUT /api/user/:email',
    'put',
    () => '/api/user/someone@example.com',
    withIdToken,
    () => ({}),
    'name',
    m.nameInvalid,
  ),
  {
    route: 'GET /api/myorder?email',
    method: 'get',
    url: (text) => `/api/myorder?email=${badEmail(text)}`,
    as: asCustomer,
    field: 'email',
    message: m.emailInvalid,
  },
  inPath('PUT /api/user/:email', 'put', (text) => `/api/user/${badEmail(text)}`, withIdToken),
  inPath('GET /api/admin/:email', 'get', (text) => `/api/admin/${badEmail(text)}`, asCustomer),
  inPath('GET /api/orders/:email', 'get', (text) => `/api/orders/${badEmail(text)}`, asAdmin),
  inPath('PUT /api/user/admin/:email', 'put', (text) => `/api/user/admin/${badEmail(text)}`, asAdmin),
  inPath('DELETE /api/user/:email', 'delete', (text) => `/api/user/${badEmail(text)}`, asAdmin),
  inPath(
    'DELETE /api/users/blocked/:email',
    'delete',
    (text) => `/api/users/blocked/${badEmail(text)}`,
    asAdmin,
  ),
];

const controls: [string, string][] = [
  ['NUL', '\u0000'],
  ['escape', '\u001b'],
  ['a C1 control', '\u0085'],
];

describe.each(controls)('%s in a text input', (_name, control) => {
  it.each(cases.map((c) => [`${c.route} ${c.field}`, c] as const))('%s answers 400', async (_label, c) => {
    const req = ctx.http()[c.method](c.url(control)).set(c.as());
    const res = await (c.body ? req.send(c.body(control)) : req);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      new RegExp(`^(${apiMessages.invalidInput}|${apiMessages.invalidQuery})$`),
    );
    expect(res.body.fields).toMatchObject({ [c.field]: c.message });
  });
});

/**
 * Text UTF-8 cannot carry arrives in a JSON body (`"\\ud800"` is valid JSON); PostgreSQL refuses
 * any statement that holds it, so it is refused with the field's message before it gets there.
 */
const unencodable: [string, string][] = [
  ['a lone high surrogate', '\ud800'],
  ['a lone low surrogate', '\udfff'],
  ['a noncharacter', '\uffff'],
];

describe.each(unencodable)('%s in a JSON body', (_name, text) => {
  it.each(cases.filter((c) => c.body).map((c) => [`${c.route} ${c.field}`, c] as const))(
    '%s answers 400 naming the field',
    async (_label, c) => {
      const res = await ctx
        .http()
        [c.method](c.url(''))
        .set(c.as())
        .send(c.body?.(text) ?? {});
      expect(res.status).toBe(400);
      expect(res.body.fields).toMatchObject({ [c.field]: c.message });
    },
  );

  it('answers 400 naming the purchase order reference at checkout, and places nothing', async () => {
    // The one-part order's fields too, as a form that sends both would: raw, past the contract.
    const res = await client(ctx.http, customer)
      .orders.checkout.raw({
        body: { ...order(), lines: [{ partId, quantity: 10 }], poReference: `PO-${text}` },
      })
      .expect(400);
    expect(res.body.fields).toEqual({ poReference: checkoutMessages.poReferenceInvalid });
    const mine = await ctx
      .http()
      .get('/api/myorder')
      .query({ email: customerEmail })
      .set(customer)
      .expect(200);
    expect(mine.body).toEqual([]);
  });

  it("answers 400 naming an attribute's value or key when a product is added", async () => {
    const value = await ctx
      .http()
      .post('/api/addproduct')
      .set(admin)
      .send({ ...product, sku: 'QF-ATTR', attributes: { socket: `AM${text}5` } })
      .expect(400);
    expect(value.body.fields).toMatchObject({ attributes: categoryMessages.attributeValueInvalid });
    const key = await ctx
      .http()
      .post('/api/addproduct')
      .set(admin)
      .send({ ...product, sku: 'QF-ATTR', attributes: { [`so${text}cket`]: 'AM5' } })
      .expect(400);
    expect(key.body.fields).toMatchObject({ attributes: categoryMessages.attributeKeyInvalid });
  });
});

describe('the same inputs without control characters', () => {
  it.each(cases.filter((c) => c.body).map((c) => [`${c.route} ${c.field}`, c] as const))(
    '%s is not refused for its text',
    async (_label, c) => {
      const req = ctx.http()[c.method](c.url('')).set(c.as());
      const res = await (c.body ? req.send(c.body('')) : req);
      expect(res.body.fields?.[c.field]).toBeUndefined();
      expect(res.status).not.toBe(500);
    },
  );
});

describe('multi-line texts', () => {
  it('keep their line breaks and tabs', async () => {
    const res = await ctx
      .http()
      .post('/api/review')
      .set(customer)
      .send({ ...review, message: 'Line one\r\n\tLine two' })
      .expect(201);
    expect(res.body.insertedId).toBeTruthy();
    await ctx
      .http()
      .post('/api/addproduct')
      .set(admin)
      .send({ ...product, sku: 'QF-MULTILINE', description: 'First line\nSecond line' })
      .expect(201);
  });

  it('refuse line breaks in single-line texts', async () => {
    const res = await ctx.http().patch('/api/profile').set(customer).send({ name: 'Two\nLines' }).expect(400);
    expect(res.body.fields).toEqual({ name: m.nameInvalid });
  });
});

describe('addresses', () => {
  it('take any printable text of any script at ordering: an Arabic comma, №, quotes, symbols', async () => {
    const address = 'شارع الملك فهد، الرياض ١٢٣٤٥ · кв. № 12 · "Rear" <gate> ★';
    const res = await client(ctx.http, customer)
      .orders.place({ body: { ...order(), address } })
      .expect(201);
    expect(res.body.order.address).toBe(address);
  });

  it.each([
    ['a right-to-left override', '\u202E'],
    ['a bidi isolate', '\u2066'],
    ['a zero-width space', '\u200B'],
    ['a line separator', '\u2028'],
  ])('refuse %s at ordering', async (_name, character) => {
    const res = await client(ctx.http, customer)
      .orders.place({ body: { ...order(), address: `1 Test Street${character}, Testtown` } })
      .expect(400);
    expect(res.body.fields).toEqual({ address: m.addressInvalid });
  });
});
