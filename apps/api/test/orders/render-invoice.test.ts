import { describe, expect, it } from 'vitest';
import { invoiceFonts, printable } from '../../src/features/invoices/invoice-font.js';
import { type InvoiceData, renderInvoice } from '../../src/features/invoices/render-invoice.js';
import type { InvoiceOrder } from '../../src/features/orders/dto.js';
import { type PdfPage, readPdf } from '../support/pdf-text.js';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;

const line = (description: string, quantity: number, unitPriceCents: number, sku = 'HB-M8') => ({
  sku,
  description,
  quantity,
  unitPriceCents,
  amountCents: quantity * unitPriceCents,
  discountPercent: 0,
  discountCents: 0,
});

function invoice(order: Partial<InvoiceOrder> = {}, rest: Partial<InvoiceData> = {}): InvoiceData {
  return {
    order: {
      number: 'PD-100042',
      placedAt: new Date('2026-03-04T23:30:00Z'),
      status: 'unpaid',
      carrier: null,
      trackingNumber: null,
      buyer: {
        name: 'Carla Customer',
        email: 'carla@example.com',
        phone: '+1 555 010 2030',
        address: '12 Harbour Street, Springfield 40001',
      },
      lines: [line('Hex bolt M8', 1200, 1999)],
      netCents: 2_398_800,
      taxCents: 0,
      taxRate: 0,
      totalCents: 2_398_800,
      ...order,
    },
    seller: { name: 'Parts Depot Ltd', address: '1 Foundry Lane, Sheffield S1 2AB', taxId: 'GB 123 4567 89' },
    paymentInstructions: 'Pay by bank transfer to IBAN GB00 TEST 0000.',
    ...rest,
  };
}

/** Every run of text lies inside the page's margins (a little slack for glyph overhang). */
function expectWithinMargins(page: PdfPage) {
  for (const item of page.items.filter((i) => i.str.trim() !== '')) {
    expect(item.x, item.str).toBeGreaterThanOrEqual(MARGIN - 1);
    expect(item.x + item.width, item.str).toBeLessThanOrEqual(page.width - MARGIN + 1);
    expect(item.y, item.str).toBeGreaterThanOrEqual(MARGIN - 1);
    expect(item.y, item.str).toBeLessThanOrEqual(page.height - MARGIN + 1);
  }
}

const squeeze = (text: string) => text.replace(/\s+/g, '');

describe('renderInvoice', () => {
  it('draws an A4 invoice with the number, date, seller, buyer, line, total and payment details', async () => {
    const pdf = await renderInvoice(invoice());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, info, text } = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]?.width).toBeCloseTo(A4.width, 1);
    expect(pages[0]?.height).toBeCloseTo(A4.height, 1);
    expect(info).toMatchObject({ Title: 'Invoice PD-100042', Author: 'Parts Depot Ltd' });
    for (const expected of [
      'Invoice PD-100042',
      // The order's date in UTC, whatever the server's time zone, as the store's locale writes it.
      'Issue date: 4 March 2026',
      'Status: Awaiting payment',
      'Parts Depot Ltd',
      '1 Foundry Lane, Sheffield S1 2AB',
      'VAT/Tax ID: GB 123 4567 89',
      'Carla Customer',
      'carla@example.com',
      '+1 555 010 2030',
      '12 Harbour Street, Springfield 40001',
      'Hex bolt M8',
      '1,200',
      '£19.99',
      '£23,988.00',
      'Pay by bank transfer to IBAN GB00 TEST 0000.',
      'Please quote PD-100042 with your payment.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Bulk discount');
    expect(text).not.toContain('CANCELLED');
    expectWithinMargins(pages[0] as PdfPage);
  });

  it('shows the subtotal, the bulk discount with its percent and amount, then the total', async () => {
    const { text } = await readPdf(
      await renderInvoice(
        invoice({
          discount: { percent: 10, amountCents: 239_880 },
          netCents: 2_158_920,
          totalCents: 2_158_920,
        }),
      ),
    );
    expect(text).toMatch(/Subtotal\s+£23,988\.00/);
    expect(text).toMatch(/Bulk discount \(10%\)\s+-£2,398\.80/);
    expect(text).toMatch(/Total\s+£21,589\.20/);
  });

  it('shows the net amount, the tax with its rate, then the total; the buyer’s company and VAT number', async () => {
    const { text } = await readPdf(
      await renderInvoice(
        invoice({
          buyer: {
            name: 'Carla Customer',
            email: 'carla@example.com',
            phone: '+1 555 010 2030',
            address: '12 Harbour Street',
            companyName: 'Harbour Fixings Ltd',
            vatNumber: 'GB 987 6543 21',
          },
          netCents: 2_398_800,
          taxCents: 479_760,
          taxRate: 20,
          totalCents: 2_878_560,
        }),
      ),
    );
    expect(text).toMatch(/Net \(before tax\)\s+£23,988\.00/);
    expect(text).toMatch(/Tax \(20%\)\s+£4,797\.60/);
    expect(text).toMatch(/Total\s+£28,785\.60/);
    expect(text).toContain('VAT/Tax ID: GB 123 4567 89');
    expect(text).toContain('Harbour Fixings Ltd');
    expect(text).toContain('GB 987 6543 21');
  });

  it.each([
    ['paid', 'Status: Paid', 'Payment received. Thank you.'],
    ['shipped', 'Status: Paid and shipped', 'Shipped with DHL (tracking number JD0123).'],
    ['cancelled', 'Status: Cancelled', 'This order was cancelled. Nothing is due.'],
  ] as const)('says what a %s order means', async (status, label, note) => {
    const { text } = await readPdf(
      await renderInvoice(invoice({ status, carrier: 'DHL', trackingNumber: 'JD0123' })),
    );
    expect(text).toContain(label);
    expect(text).toContain(note);
    expect(text.includes('CANCELLED')).toBe(status === 'cancelled');
    // Bank details only while there is, or was, something to pay.
    expect(text.includes('Pay by bank transfer')).toBe(status !== 'cancelled');
    expect(text).not.toContain('Please quote');
  });

  it('wraps long names, addresses and descriptions inside the margins', async () => {
    const longName = 'Maximiliana Alexandra Konstantinopoulou-Vanderbilt '.repeat(4).trim();
    const address = `${'Building 7, Industrial Estate North, Unit 42 '.repeat(6)}Springfield 40001`;
    const description = `${'Reinforced stainless steel hexagon flange bolt '.repeat(5)}${'X'.repeat(120)}`;
    const data = invoice(
      {
        buyer: { name: longName, email: 'a.very.long.address@example.com', phone: '+1 555 0100', address },
        lines: [line(description, 3, 100)],
        totalCents: 300,
      },
      {
        seller: {
          name: 'Parts Depot Ltd',
          address: `${'Long Seller Road '.repeat(17)}S1 2AB`,
          taxId: 'GB 1',
        },
      },
    );
    const { pages, text } = await readPdf(await renderInvoice(data));
    for (const page of pages) expectWithinMargins(page);
    // Wrapped, but every word is there, in order.
    for (const whole of [longName, address, description, data.seller.address]) {
      expect(squeeze(text)).toContain(squeeze(whole));
    }
    expect(text).toContain('£3.00');
  });

  it('lists every line of a 100-line order with its SKU, across pages, headings repeated, totals last', async () => {
    const lines = Array.from({ length: 100 }, (_, i) =>
      line(`Part number ${i + 1} ${'with a longer name '.repeat(i % 3)}`.trim(), i + 1, 250, `SKU-${i + 1}`),
    );
    lines[4] = { ...lines[4], ...{ discountPercent: 5, discountCents: 63 } } as (typeof lines)[number];
    const totalCents = lines.reduce((sum, l) => sum + l.amountCents - l.discountCents, 0);
    const { pages, text } = await readPdf(
      await renderInvoice(
        invoice({ lines, poReference: 'PO-4471', discount: { percent: 5, amountCents: 63 }, totalCents }),
      ),
    );
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) expectWithinMargins(page);
    for (let i = 1; i <= 100; i += 1) expect(text).toContain(`SKU-${i}`);
    expect(text).toContain('Part number 100');
    expect(text).toContain('Your PO reference: PO-4471');
    expect(text).toContain('Bulk discount 5%: -£0.63');
    // Every page that carries lines starts with the column headings.
    const withLines = pages.filter((page) => /SKU-\d/.test(page.text));
    expect(withLines.length).toBeGreaterThan(1);
    for (const page of withLines.slice(1)) expect(page.text).toMatch(/^\s*SKU\s+Description/);
    // The totals stay with the last line.
    expect(pages.find((page) => /Total\s+£/.test(page.text))?.text).toContain('SKU-100');
  });

  it('moves to a second page rather than drawing past the bottom margin', async () => {
    const instructions = 'Transfer the amount due to our bank account. '.repeat(150);
    const { pages } = await readPdf(await renderInvoice(invoice({}, { paymentInstructions: instructions })));
    expect(pages).toHaveLength(2);
    for (const page of pages) expectWithinMargins(page);
    expect(pages[1]?.text).toContain('Please quote PD-100042');
  });

  it('prints Cyrillic, Greek and accented names, addresses and part names in its own font', async () => {
    const words = {
      name: 'Иван Петров',
      greek: 'Ελένη Παπαδοπούλου',
      address: 'ул. Тверская 7, Москва 125009 · ul. Piotrkowska 1, 90-001 Łódź · Ştefan Đorđe',
      part: 'Процессор «Эльбрус-8С» – fitting',
    };
    const { text } = await readPdf(
      await renderInvoice(
        invoice({
          buyer: {
            name: words.name,
            companyName: words.greek,
            email: 'ivan@example.com',
            phone: '+7 495 000 00 00',
            address: words.address,
          },
          lines: [line(words.part, 1, 500)],
          totalCents: 500,
        }),
      ),
    );
    // The part's name may wrap in its column.
    for (const expected of Object.values(words)) expect(squeeze(text)).toContain(squeeze(expected));
    expect(text).not.toContain('?');
    // Drawn, not only carried in the text layer: the font has a glyph for every character.
    const { regular, bold } = await invoiceFonts();
    for (const ch of Object.values(words).join('').replace(/\s/g, '')) {
      expect(regular.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0), ch).toBe(true);
      expect(bold.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0), ch).toBe(true);
    }
  });

  it('prints characters its font lacks (CJK, emoji) as U+FFFD, keeping the rest of the text intact', async () => {
    const { text } = await readPdf(
      await renderInvoice(
        invoice({
          buyer: {
            name: '山田 Taro',
            email: 'taro@example.com',
            phone: '+81 3 0000 0000',
            address: '東京都 1-1 Chiyoda 🚚',
          },
        }),
      ),
    );
    expect(text).toContain('\uFFFD\uFFFD Taro');
    expect(text).toContain('\uFFFD\uFFFD\uFFFD 1-1 Chiyoda');
    expect(text).toContain('taro@example.com');
  });
});

describe('printable', () => {
  it('composes text, keeps line breaks, makes tabs and other controls spaces, and marks what the font lacks', async () => {
    const fonts = await invoiceFonts();
    expect(printable('Zoe\u0308 Mu\u0308ller', fonts)).toBe('Zoë Müller');
    expect(printable('Łódź\r\nKraków\rWarszawa', fonts)).toBe('Łódź\nKraków\nWarszawa');
    expect(printable('tab\there\u0000x\u0085y', fonts)).toBe('tab here x y');
    expect(printable('Москва Αθήνα 東京 🚚', fonts)).toBe('Москва Αθήνα \uFFFD\uFFFD \uFFFD');
  });
});
