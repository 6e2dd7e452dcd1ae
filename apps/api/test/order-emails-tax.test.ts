import { describe, expect, it } from 'vitest';
import type { OrderEventRow, OrderRow } from '../src/features/orders/repo.js';
import { orderEmails } from '../src/mail/order-emails.js';

/** The order e-mails show what the order stored: net, tax at its rate, and the total (decision 053). */
const placedAt = new Date('2026-03-04T10:00:00Z');
const order: OrderRow = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 100_042,
  partId: '00000000-0000-4000-8000-000000000002',
  productName: 'Hex bolt M8',
  unitPriceCents: 999,
  productQuantity: 3,
  discountPercent: 0,
  discountCents: 0,
  totalCents: 3596,
  taxCents: 599,
  netCents: 2997,
  taxRateBasisPoints: 2000,
  pricesIncludeTax: false,
  userName: 'Carla Customer',
  email: 'carla@example.com',
  phone: '+1 555 010 2030',
  address: '12 Harbour Street',
  companyName: null,
  vatNumber: null,
  status: 'unpaid',
  carrier: null,
  trackingNumber: null,
  lineCount: 1,
  poReference: null,
  idempotencyKey: null,
  idempotencyHash: null,
  createdAt: placedAt,
  updatedAt: placedAt,
};
const event: OrderEventRow = {
  id: '00000000-0000-4000-8000-000000000003',
  orderId: order.id,
  status: 'unpaid',
  by: order.email,
  at: placedAt,
};

describe('order e-mails with tax', () => {
  it('show the net amount, the tax with its rate and the total, to the customer and the desk', () => {
    const emails = orderEmails({ event, order }, true, {
      notify: ['desk@partsdepot.example'],
      seller: { name: 'Parts Depot Ltd', address: '1 Foundry Lane' },
      paymentInstructions: 'Pay by bank transfer.',
      unpaidOrderTtlMs: 0,
    });
    expect(emails.length).toBeGreaterThanOrEqual(2);
    for (const email of emails) {
      expect(email.text).toMatch(/Net \(before tax\):\s+£29\.97/);
      expect(email.text).toMatch(/Tax \(20%\):\s+£5\.99/);
      expect(email.text).toMatch(/Total:\s+£35\.96/);
      expect(email.html).toContain('Tax (20%)');
    }
  });
});
