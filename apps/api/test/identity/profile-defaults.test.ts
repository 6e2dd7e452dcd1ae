import { validationMessages as m } from '@store/shared';
import type { Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { sendOrder } from '../support/orders.js';
import { readPdf } from '../support/pdf-text.js';

/**
 * Checkout remembers: My Profile keeps a default phone and address, and for a
 * business a company name and VAT number; checkout starts from the defaults, else from the last
 * order; an order keeps the company and VAT number it was placed with, and its invoice shows them.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let partId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ name: 'Rack screw', minOrderQuantity: 1, availableQuantity: 1000 }))
    .returning();
  partId = part?.id as string;
});
afterAll(() => ctx.close());

type Account = Awaited<ReturnType<typeof accountWithToken>>;
const profile = (who: Account) => ctx.http().get('/api/profile').set(who.auth);
const saveDefaults = (who: Account, body: object) =>
  ctx.http().put('/api/profile/defaults').set(who.auth).send(body);
const order = (who: Account, phone: string, address: string) =>
  sendOrder(client(ctx.http, who.auth), partId, { productQuantity: 1, phone, address }).expect(201);

const business = {
  phone: '+44 20 7946 0018',
  address: '4 Dock Road, Portsmouth PO1 3AX',
  companyName: 'Harbour Builds Ltd',
  vatNumber: 'GB 123 4567 89',
};

describe('GET /api/profile', () => {
  it('has no defaults and nothing to start checkout from for a new customer', async () => {
    const who = await accountWithToken(ctx, 'customer', 'Nell New');
    const res = await profile(who).expect(200);
    expect(res.body).toEqual({
      email: who.email,
      name: 'Nell New',
      role: 'customer',
      emailVerified: false,
      phone: null,
      address: null,
      companyName: null,
      vatNumber: null,
      checkout: { phone: null, address: null },
      credit: { limit: expect.any(Number), unpaid: 0 },
    });
  });

  it('starts checkout from the last order when there are no defaults', async () => {
    const who = await accountWithToken(ctx);
    await order(who, '+1 555 010 1111', '1 First Street, Springfield');
    await order(who, '+1 555 010 2222', '2 Second Street, Springfield');
    const res = await profile(who).expect(200);
    expect(res.body.checkout).toEqual({ phone: '+1 555 010 2222', address: '2 Second Street, Springfield' });
    expect(res.body.phone).toBeNull();
  });

  it('starts checkout from the defaults before the last order, each on its own', async () => {
    const who = await accountWithToken(ctx);
    await order(who, '+1 555 010 3333', '3 Third Street, Springfield');
    await saveDefaults(who, { phone: '+1 555 010 4444' }).expect(200);
    const res = await profile(who).expect(200);
    expect(res.body.checkout).toEqual({ phone: '+1 555 010 4444', address: '3 Third Street, Springfield' });
  });

  it('asks for a sign-in', async () => {
    await ctx.http().get('/api/profile').expect(401);
    await ctx.http().put('/api/profile/defaults').send(business).expect(401);
  });
});

describe('PUT /api/profile/defaults', () => {
  it('saves, answers the profile, and clears with null or absence', async () => {
    const who = await accountWithToken(ctx, 'customer', 'Bea Business');
    const saved = await saveDefaults(who, business).expect(200);
    expect(saved.body).toMatchObject({
      ...business,
      checkout: { phone: business.phone, address: business.address },
    });
    expect((await profile(who).expect(200)).body).toEqual(saved.body);

    const cleared = await saveDefaults(who, { phone: null, address: business.address }).expect(200);
    expect(cleared.body).toMatchObject({
      phone: null,
      address: business.address,
      companyName: null,
      vatNumber: null,
    });
  });

  it.each([
    [{ phone: '12' }, 'phone', m.phoneInvalid],
    [{ phone: '' }, 'phone', m.phoneRequired],
    [{ address: 'short' }, 'address', m.addressTooShort],
    [{ address: 'x'.repeat(301) }, 'address', m.addressTooLong],
    [{ address: '1 Main Street \u202Eevil' }, 'address', m.addressInvalid],
    [{ companyName: 'x'.repeat(121) }, 'companyName', m.companyNameTooLong],
    [{ companyName: 'Bad\u0000Name' }, 'companyName', m.companyNameInvalid],
    [{ companyName: 'Acme', vatNumber: 'GB<123>' }, 'vatNumber', m.vatNumberInvalid],
    [{ companyName: 'Acme', vatNumber: 'X' }, 'vatNumber', m.vatNumberInvalid],
    [{ vatNumber: 'DE123456789' }, 'vatNumber', m.vatNumberWithoutCompany],
    [{ phone: 5551234 }, 'phone', m.phoneRequired],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const who = await accountWithToken(ctx);
    const res = await saveDefaults(who, body).expect(400);
    expect(res.body.fields).toEqual({ [field]: message });
    expect((await profile(who).expect(200)).body).toMatchObject({
      phone: null,
      address: null,
      companyName: null,
    });
  });
});

/** The answer's body as bytes (supertest buffers only text and JSON). */
const asBytes = (req: Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('an order of a business', () => {
  it('keeps the company and VAT number it was placed with, on the order and its invoice', async () => {
    const who = await accountWithToken(ctx, 'customer', 'Bea Business');
    await saveDefaults(who, business).expect(200);
    const placed = await order(who, business.phone, business.address);
    expect(placed.body.order).toMatchObject({
      companyName: business.companyName,
      vatNumber: business.vatNumber,
    });

    // A later change of the profile changes neither the order nor its invoice.
    await saveDefaults(who, { ...business, companyName: 'Renamed Co', vatNumber: 'FR 12 345678901' }).expect(
      200,
    );
    const id = placed.body.insertedId as string;
    const detail = await ctx.http().get(`/api/order/${id}`).set(who.auth).expect(200);
    expect(detail.body.order).toMatchObject({
      companyName: business.companyName,
      vatNumber: business.vatNumber,
    });

    const pdf = await asBytes(ctx.http().get(`/api/order/${id}/invoice.pdf`).set(who.auth)).expect(200);
    const { text } = await readPdf(pdf.body as Buffer);
    expect(text).toContain(business.companyName);
    expect(text).toContain(`VAT/Tax ID: ${business.vatNumber}`);
    expect(text).not.toContain('Renamed Co');
    expect(text.match(/VAT\/Tax ID:/g)).toHaveLength(3);
  });

  it('leaves a private buyer’s order and invoice without company lines', async () => {
    const who = await accountWithToken(ctx, 'customer', 'Pia Private');
    const placed = await order(who, '+1 555 010 5555', '5 Fifth Street, Springfield');
    expect(placed.body.order).not.toHaveProperty('companyName');
    expect(placed.body.order).not.toHaveProperty('vatNumber');
    const pdf = await asBytes(
      ctx.http().get(`/api/order/${placed.body.insertedId}/invoice.pdf`).set(who.auth),
    ).expect(200);
    const { text } = await readPdf(pdf.body as Buffer);
    // Only the seller's VAT lines (under 'From' and in the footer).
    expect(text.match(/VAT\/Tax ID:/g)).toHaveLength(2);
  });
});
