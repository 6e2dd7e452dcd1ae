import { apiMessages, SKU_PATTERN } from '@store/shared';
import type { Response } from 'superagent';
import type { Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client, type TestClient } from '../support/client.js';
import { createTestApp, partRow, TEST_PAYMENT_INSTRUCTIONS, TEST_SELLER } from '../support/helpers.js';
import { checkout, placeOrder } from '../support/orders.js';
import { readPdf } from '../support/pdf-text.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let other: Awaited<ReturnType<typeof accountWithToken>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let plainPartId: string;
let bulkPartId: string;
/** The customer's client. */
let api: TestClient;

const address = '12 Harbour Street, Springfield 40001';
const phone = '+1 555 010 2030';

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await accountWithToken(ctx, 'customer', 'Carla Customer');
  api = client(ctx.http, customer.auth);
  other = await accountWithToken(ctx, 'customer', 'Oscar Other');
  admin = await accountWithToken(ctx, 'admin', 'Ada Admin');
  const [plain, bulk] = await ctx.db
    .insert(parts)
    .values([
      partRow({ name: 'Plain flange bolt', priceCents: 1250, minOrderQuantity: 10, availableQuantity: 100 }),
      partRow({
        name: 'Bulk hex nut',
        priceCents: 1999,
        minOrderQuantity: 1,
        availableQuantity: 10_000,
        bulkDiscount: true,
      }),
    ])
    .returning();
  plainPartId = plain?.id as string;
  bulkPartId = bulk?.id as string;
});
afterAll(() => ctx.close());

/** The answer's body as bytes, whatever its type (supertest only buffers text and JSON). */
const asBytes = (req: Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

const invoice = (id: string, who?: { auth: Record<string, string> }) =>
  asBytes(
    ctx
      .http()
      .get(`/api/order/${id}/invoice.pdf`)
      .set(who?.auth ?? {}),
  );

function expectPdf(res: Response, number: string) {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(`inline; filename="invoice-${number}.pdf"`);
  expect(res.headers['cache-control']).toBe('private, no-store');
  const body = res.body as Buffer;
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(Number(res.headers['content-length'])).toBe(body.length);
  return body;
}

describe('GET /api/order/:id/invoice.pdf', () => {
  it('gives the owner and admins the invoice: number, seller, buyer, line and total', async () => {
    const order = await placeOrder(api, plainPartId, { productQuantity: 20, phone, address });
    expect(order.number).toMatch(/^PD-\d{6,}$/);
    for (const who of [customer, admin]) {
      const pdf = expectPdf(await invoice(order._id, who), order.number);
      const { text, info, pages } = await readPdf(pdf);
      expect(pages).toHaveLength(1);
      expect(info).toMatchObject({ Title: `Invoice ${order.number}`, Author: TEST_SELLER.name });
      for (const expected of [
        `Invoice ${order.number}`,
        'Status: Awaiting payment',
        TEST_SELLER.name,
        TEST_SELLER.address,
        `VAT/Tax ID: ${TEST_SELLER.taxId}`,
        'Carla Customer',
        customer.email,
        phone,
        address,
        'Plain flange bolt',
        '£12.50',
        TEST_PAYMENT_INSTRUCTIONS,
        `Please quote ${order.number} with your payment.`,
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).toMatch(/Total\s+£250\.00/);
      expect(text).not.toContain('Bulk discount');
    }
  });

  it('lists every line of a checkout order with its SKU, and the PO reference', async () => {
    const order = await checkout(api, {
      phone,
      address,
      poReference: 'PO-INV-9',
      lines: [
        { partId: plainPartId, quantity: 10 },
        { partId: bulkPartId, quantity: 500 },
      ],
    });
    const { text } = await readPdf(expectPdf(await invoice(order._id, customer), order.number));
    for (const expected of [
      'Your PO reference: PO-INV-9',
      order.lines[0]?.sku ?? '?',
      'Plain flange bolt',
      order.lines[1]?.sku ?? '?',
      'Bulk hex nut',
      // 500 × £19.99 = £9,995.00, less 5%: £499.75.
      'Bulk discount 5%: -£499.75',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Subtotal\s+£10,120\.00/);
    expect(text).toMatch(/Total\s+£9,620\.25/);
  });

  it('prints every SKU whole on one line, the demo catalog’s longest and the longest the schema allows', async () => {
    const skus = [
      'VC-PL32-D56K-C30', // the demo catalog's longest
      'TB-HD2T-P4-M2',
      `WIDE-${'W'.repeat(35)}`, // 40 characters, the most SKU_PATTERN allows, of the widest letter
      'RAID-CARD-16P-SAS3-NVME-TRIMODE-X8-G4-EU', // 40 characters, as a real part number reads
    ];
    expect(skus.every((sku) => SKU_PATTERN.test(sku))).toBe(true);
    const rows = await ctx.db
      .insert(parts)
      .values(skus.map((sku) => partRow({ sku, name: `Part ${sku}`, minOrderQuantity: 1, priceCents: 100 })))
      .returning();
    const order = await checkout(api, {
      phone,
      address,
      lines: rows.map((row) => ({ partId: row.id, quantity: 1 })),
    });
    const { pages } = await readPdf(expectPdf(await invoice(order._id, customer), order.number));
    expect(pages).toHaveLength(1);
    const items = pages[0]?.items ?? [];
    const descriptionX = items.find((item) => item.str === 'Description')?.x ?? 0;
    expect(descriptionX).toBeGreaterThan(50);
    const sizes = new Map<string, number>();
    for (const sku of skus) {
      // One run of text, the whole SKU: pdf.js reads a wrapped SKU as two runs on two lines.
      const found = items.filter((item) => item.str === sku);
      expect(found, sku).toHaveLength(1);
      const [run] = found as [(typeof items)[number]];
      expect(items.some((item) => item !== run && sku.startsWith(item.str) && item.str.length > 0)).toBe(
        false,
      );
      // … which ends before the description column starts.
      expect(run.x + run.width, sku).toBeLessThan(descriptionX);
      sizes.set(sku, run.width / sku.length);
    }
    // Only a SKU too wide for the column is set smaller: the demo's keep the table's 10 pt
    // (about 6.5 pt a character; under 2.5 when shrunk to the widest's size).
    expect(sizes.get('VC-PL32-D56K-C30')).toBeGreaterThan(5);
    expect(sizes.get('TB-HD2T-P4-M2')).toBeGreaterThan(5);
  });

  it('shows the bulk discount line, with its percent and amount, and the discounted total', async () => {
    // 1,000 units of an eligible part: 10% off £19,990.00.
    const order = await placeOrder(api, bulkPartId, { productQuantity: 1000, phone, address });
    expect(order).toMatchObject({ price: 17_991, discount: 1999 });
    const { text } = await readPdf(expectPdf(await invoice(order._id, customer), order.number));
    expect(text).toContain(order.number);
    expect(text).toMatch(/Subtotal\s+£19,990\.00/);
    expect(text).toMatch(/Bulk discount \(10%\)\s+-£1,999\.00/);
    expect(text).toMatch(/Total\s+£17,991\.00/);
  });

  it('follows the order: paid, then cancelled by an admin', async () => {
    const order = await placeOrder(api, plainPartId, { productQuantity: 10, phone, address });
    const move = (status: string) =>
      ctx.http().patch(`/api/order/${order._id}/status`).set(admin.auth).send({ status }).expect(200);
    await move('paid');
    let text = (await readPdf((await invoice(order._id, customer)).body)).text;
    expect(text).toContain('Status: Paid');
    expect(text).toContain('Payment received. Thank you.');
    await move('cancelled');
    text = (await readPdf((await invoice(order._id, customer)).body)).text;
    expect(text).toContain('Status: Cancelled');
    expect(text).toContain('This order was cancelled. Nothing is due.');
    expect(text).not.toContain(TEST_PAYMENT_INSTRUCTIONS);
  });

  it('answers another customer exactly as the order detail does: not found', async () => {
    const order = await placeOrder(api, plainPartId, { productQuantity: 10, phone, address });
    const detail = await ctx.http().get(`/api/order/${order._id}`).set(other.auth).expect(404);
    const res = await ctx.http().get(`/api/order/${order._id}/invoice.pdf`).set(other.auth).expect(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toEqual({ message: apiMessages.orderNotFound });
    expect(res.body).toEqual(detail.body);
  });

  it('asks an unsigned caller to sign in, and finds no unknown or malformed order', async () => {
    const order = await placeOrder(api, plainPartId, { productQuantity: 10, phone, address });
    const unsigned = await ctx.http().get(`/api/order/${order._id}/invoice.pdf`).expect(401);
    expect(unsigned.body).toEqual({ message: apiMessages.signInRequired });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', order.number]) {
      const res = await ctx.http().get(`/api/order/${id}/invoice.pdf`).set(admin.auth).expect(404);
      expect(res.body).toEqual({ message: apiMessages.orderNotFound });
    }
  });
});

describe('invoices rendered once per version, and limited per account', () => {
  it('serves a second download of the same order from the cache, and a new PDF once the order changes', async () => {
    const order = await placeOrder(api, plainPartId, { productQuantity: 10, phone, address });
    const { counts } = ctx.invoiceCache;
    const first = expectPdf(await invoice(order._id, customer), order.number);
    const missesAfterFirst = counts.misses;
    const hitsAfterFirst = counts.hits;
    // The owner again, then an admin: the same version of the same invoice, not rendered again.
    const again = expectPdf(await invoice(order._id, customer), order.number);
    const byAdmin = expectPdf(await invoice(order._id, admin), order.number);
    expect(counts.misses).toBe(missesAfterFirst);
    expect(counts.hits).toBe(hitsAfterFirst + 2);
    expect(again.equals(first)).toBe(true);
    expect(byAdmin.equals(first)).toBe(true);

    await ctx
      .http()
      .patch(`/api/order/${order._id}/status`)
      .set(admin.auth)
      .send({ status: 'paid' })
      .expect(200);
    const paid = expectPdf(await invoice(order._id, customer), order.number);
    expect(counts.misses).toBe(missesAfterFirst + 1);
    expect(paid.equals(first)).toBe(false);
    expect((await readPdf(paid)).text).toContain('Status: Paid');
    // Another customer still gets no one else's invoice out of the cache.
    await ctx.http().get(`/api/order/${order._id}/invoice.pdf`).set(other.auth).expect(404);
  });

  it('refuses an account past INVOICE_RATE_LIMIT a minute with 429, and no one else', async () => {
    const limited = await createTestApp({ database: ctx.database, accountLimits: { invoicesPerMinute: 2 } });
    try {
      const order = await placeOrder(api, plainPartId, { productQuantity: 10, phone, address });
      const get = (who: { auth: Record<string, string> }) =>
        limited.http().get(`/api/order/${order._id}/invoice.pdf`).set(who.auth);
      await get(customer).expect(200);
      await get(customer).expect(200);
      const refused = await get(customer).expect(429);
      expect(refused.body).toEqual({ message: apiMessages.tooManyInvoices });
      await get(admin).expect(200);
    } finally {
      await limited.closeApp();
    }
  });
});
