import { describe, expect, it } from 'vitest';
import { orderEmails } from '../../src/mail/order-emails.js';
import { taxedOrder } from '../support/taxed-order.js';

/** The order e-mails show what the order stored: net, tax at its rate, and the total (decision 053). */
const { order, lines, event } = taxedOrder({
  productName: 'Hex bolt M8',
  unitPriceCents: 999,
  productQuantity: 3,
  netCents: 2997,
  taxCents: 599,
  totalCents: 3596,
  taxRateBasisPoints: 2000,
  phone: '+1 555 010 2030',
  address: '12 Harbour Street',
});

describe('order e-mails with tax', () => {
  it('show the net amount, the tax with its rate and the total, to the customer and the desk', () => {
    const emails = orderEmails({ event, order, lines }, true, {
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
