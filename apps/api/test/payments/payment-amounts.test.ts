import fc from 'fast-check';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from '../../src/features/payments/minor-units.js';
import { itemsTotal, sessionItems } from '../../src/features/payments/session-items.js';
import { createStripeGateway } from '../../src/features/payments/stripe-gateway.js';

/** What a Checkout session charges, from the order's lines: exact, never rounded. */
describe('minor units', () => {
  it.each([
    [12_345, 'gbp', 12_345],
    [1, 'usd', 1],
    [150_000, 'jpy', 1500],
    [150_050, 'jpy', undefined], // ¥1,500.50 cannot be charged
    [1_234, 'kwd', 12_340], // Stripe's three-decimal currencies, in whole hundredths
    [Number.MAX_SAFE_INTEGER + 1, 'gbp', undefined],
  ])('%i hundredths of %s are %s minor units', (cents, currency, minor) => {
    expect(toMinorUnits(cents, currency)).toBe(minor);
  });

  it('reads minor units back as the currency’s units', () => {
    expect(fromMinorUnits(2500, 'gbp')).toBe(25);
    expect(fromMinorUnits(1500, 'jpy')).toBe(1500);
    expect(fromMinorUnits(12_340, 'kwd')).toBe(12.34);
  });
});

describe('session items', () => {
  const line = (quantity: number, totalCents: number) => ({
    sku: 'SKU-1',
    productName: 'Fan',
    quantity,
    totalCents,
  });

  it('keeps a line whose total divides by its quantity as its unit price and quantity', () => {
    expect(sessionItems([line(4, 1000)], 'gbp')).toEqual([
      { name: 'Fan (SKU-1)', unitAmount: 250, quantity: 4 },
    ]);
  });

  it('sends any other line as one item at its total, named with its quantity', () => {
    expect(sessionItems([line(1500, 5_863_875)], 'gbp')).toEqual([
      { name: '1,500 × Fan (SKU-1)', unitAmount: 5_863_875, quantity: 1 },
    ]);
  });

  it('refuses an order a currency cannot charge exactly', () => {
    expect(sessionItems([line(3, 150_050)], 'jpy')).toBeUndefined();
  });

  it('always adds up to the lines’ total, whatever the quantities and discounts', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 1_000_000 }),
            totalCents: fc.integer({ min: 0, max: 2 ** 40 }),
          }),
          {
            minLength: 1,
            maxLength: 100,
          },
        ),
        (lines) => {
          const items = sessionItems(
            lines.map((l) => line(l.quantity, l.totalCents)),
            'gbp',
          );
          expect(items && itemsTotal(items)).toBe(lines.reduce((sum, l) => sum + l.totalCents, 0));
          for (const item of items ?? []) expect(Number.isInteger(item.unitAmount)).toBe(true);
        },
      ),
    );
  });
});

describe('a signed Stripe event', () => {
  const secret = 'whsec_test_amounts_0123456789';
  const gateway = createStripeGateway({ secretKey: 'sk_test_amounts_0123456789', webhookSecret: secret });
  const signer = new Stripe('sk_test_amounts_signer');
  const session = {
    id: 'cs_test_amounts',
    object: 'checkout.session',
    metadata: { orderId: '0b6f3a52-8d0e-4f4c-9d59-6a4f1f0f2a11' },
    client_reference_id: '0b6f3a52-8d0e-4f4c-9d59-6a4f1f0f2a11',
    payment_status: 'paid',
    amount_total: 2500,
    currency: 'gbp',
    payment_intent: 'pi_test_amounts',
  };
  const completed = (object: unknown) => ({
    id: 'evt_test_amounts',
    type: 'checkout.session.completed',
    data: { object },
  });

  it('is read, or found unreadable, whatever its body: never an amount or id the store cannot keep', () => {
    const bodies = fc.oneof(
      fc.jsonValue(),
      fc.jsonValue().map((object) => completed(object)),
      fc
        .record({ field: fc.constantFrom(...Object.keys(session)), value: fc.jsonValue() })
        .map(({ field, value }) => completed({ ...session, [field]: value })),
    );
    fc.assert(
      fc.property(bodies, (body) => {
        const payload = JSON.stringify(body);
        const read = gateway.verify(
          Buffer.from(payload),
          signer.webhooks.generateTestHeaderString({ payload, secret }),
        );
        expect(['event', 'unreadable']).toContain(read.kind);
        if (read.kind !== 'event') return;
        expect(read.event.id).toMatch(/^\w+$/);
        const { amountTotal = null, id = 'cs' } = read.event.session ?? {};
        expect(amountTotal === null || (Number.isSafeInteger(amountTotal) && amountTotal >= 0)).toBe(true);
        expect(id).toMatch(/^\w+$/);
      }),
    );
  });
});
