import {
  DEFAULT_MONEY_PATTERN,
  formatCents,
  type MoneyPattern,
  invoiceMessages as m,
  type Seller,
} from '@store/shared';
import type { InvoiceOrder } from '../orders/dto.js';
import { type InvoiceFonts, invoiceFonts, printable } from './invoice-font.js';

export type { Seller };

export interface InvoiceData {
  order: InvoiceOrder;
  seller: Seller;
  /** How to pay (PAYMENT_INSTRUCTIONS), as on the Payment page. */
  paymentInstructions: string;
  /** How the store writes money (decision 056); the default's (£, en-GB) when not given. */
  money?: MoneyPattern;
}

// Quantities and dates read as they do in the web app (apps/web/src/lib/format.ts); prices in
// the store's money, as everywhere (decision 056).
const integer = new Intl.NumberFormat('en-US');
// Orders are stamped in UTC; an invoice must not change its date with the server's zone. Written
// as the store's locale writes dates (LOCALE: '4 March 2026' in en-GB).
const longDate = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });

const MARGIN = 50;
/** The names the embedded fonts are registered under in each document. */
const FONT = 'body';
const BOLD = 'body-bold';
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const STATUS_COLOURS = { unpaid: '#b45309', paid: '#15803d', shipped: '#15803d', cancelled: '#b91c1c' };

/** Table columns, left to right: the description takes what the SKU and the figures leave. */
const FIGURE_WIDTHS = { quantity: 55, unitPrice: 80, amount: 85 };
/**
 * The SKU column: as wide as the invoice's longest SKU at the table's size (a part number read
 * across a line break is misread), from MIN to MAX; a SKU wider than MAX (the schema allows 40
 * characters) is set smaller instead, so it still sits whole on one line.
 */
const SKU_COLUMN = { min: 80, max: 170, gap: 8 };
const TABLE_SIZE = 10;
/** Room kept under the last line for the totals, so they never sit alone at a page's top. */
const TOTALS_HEIGHT = 120;

/**
 * The invoice as an A4 PDF, in an embedded Unicode font (invoice-font.ts). Pure: plain data in,
 * the bytes of the PDF out.
 */
export async function renderInvoice(data: InvoiceData): Promise<Buffer> {
  // Loaded on the first invoice: pdfkit and its font engine cost the store ~10 MB from start to
  // stop otherwise, for a download few visitors make (docs/decisions/019).
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), invoiceFonts()]);
  const { order, seller } = data;
  const title = m.title(order.number);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'en-US',
    displayTitle: true,
    info: { Title: title, Author: seller.name, Subject: title, Creator: seller.name },
  });
  const pdf = collect(doc);
  // pdfkit takes a parsed fontkit font as it is (typed for file names and bytes only).
  doc.registerFont(FONT, fonts.regular as never);
  doc.registerFont(BOLD, fonts.bold as never);

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => {
    doc.text(printable(value, fonts), options);
  };

  if (order.status === 'cancelled') watermark(doc, m.cancelledWatermark);

  // Header: the title and the invoice's facts on the left, the seller on the right.
  const sellerX = left + width * 0.55;
  const sellerWidth = width * 0.45;
  const top = doc.y;
  doc.fillColor(INK).font(BOLD).fontSize(22);
  text(title, { width: sellerX - left - 20 });
  doc.moveDown(0.4).font(FONT).fontSize(10);
  const issued = longDate((data.money ?? DEFAULT_MONEY_PATTERN).locale).format(order.placedAt);
  text(`${m.issueDate}: ${issued}`);
  doc.fillColor(STATUS_COLOURS[order.status]).font(BOLD);
  text(`${m.status}: ${m.statusLabels[order.status]}`);
  const leftBottom = doc.y;

  doc.fillColor(MUTED).font(FONT).fontSize(9);
  doc.text(printable(m.seller, fonts), sellerX, top, { width: sellerWidth });
  doc.fillColor(INK).font(BOLD).fontSize(12);
  text(seller.name, { width: sellerWidth });
  doc.font(FONT).fontSize(10);
  text(seller.address, { width: sellerWidth });
  text(m.taxId(seller.taxId), { width: sellerWidth });
  doc.x = left;
  doc.y = Math.max(leftBottom, doc.y) + 24;

  // The buyer.
  doc.fillColor(MUTED).font(FONT).fontSize(9);
  text(m.buyer, { width });
  doc.fillColor(INK).font(BOLD).fontSize(11);
  text(order.buyer.name, { width });
  doc.font(FONT).fontSize(10);
  const { companyName, vatNumber } = order.buyer;
  // A business buyer's company and VAT number, as they were when the order was placed.
  if (companyName) text(companyName, { width });
  if (vatNumber) text(m.taxId(vatNumber), { width });
  for (const line of [order.buyer.email, order.buyer.phone, order.buyer.address]) text(line, { width });
  if (order.poReference) {
    doc.moveDown(0.4).font(BOLD);
    text(m.poReference(order.poReference), { width });
    doc.font(FONT);
  }
  doc.moveDown(1.5);

  drawLines(doc, order, { left, width }, fonts, data.money ?? DEFAULT_MONEY_PATTERN);

  // How to pay, or why nothing is due.
  doc.x = left;
  doc.moveDown(2);
  doc.fillColor(INK).font(BOLD).fontSize(11);
  text(m.paymentDetails, { width });
  doc.font(FONT).fontSize(10).moveDown(0.3);
  // A cancelled order is not to be paid: no bank details to mislead.
  if (order.status !== 'cancelled') {
    text(data.paymentInstructions, { width });
    doc.moveDown(0.5);
  }
  doc.fillColor(STATUS_COLOURS[order.status]).font(BOLD);
  text(statusNote(order), { width });
  doc.moveDown(2).fillColor(MUTED).font(FONT).fontSize(9);
  text(`${m.thanks} ${seller.name} - ${m.taxId(seller.taxId)}`, { width, align: 'center' });

  doc.end();
  return pdf;
}

function statusNote(order: InvoiceOrder): string {
  switch (order.status) {
    case 'unpaid':
      return m.quoteNumber(order.number);
    case 'paid':
      return m.paymentReceived;
    case 'shipped':
      return `${m.paymentReceived} ${m.shippedWith(order.carrier, order.trackingNumber)}`;
    case 'cancelled':
      return m.cancelledNote;
  }
}

/**
 * Every line of the order (SKU, description, quantity, unit price, amount, and the line's bulk
 * discount under it), then the subtotal, discounts and total, as a table. A line that does not
 * fit starts a new page, which repeats the column headings; the totals stay with the last lines.
 */
function drawLines(
  doc: PDFKit.PDFDocument,
  order: InvoiceOrder,
  { left, width }: { left: number; width: number },
  fonts: InvoiceFonts,
  pattern: MoneyPattern,
) {
  const money = (cents: number) => formatCents(cents, pattern);
  const { quantity: qW, unitPrice: uW, amount: aW } = FIGURE_WIDTHS;
  const sku = skuColumn(doc, order, fonts);
  const sW = sku.width;
  const descW = width - sW - qW - uW - aW;
  const cols = {
    sku: left,
    desc: left + sW,
    qty: left + sW + descW,
    unit: left + sW + descW + qW,
    amount: left + sW + descW + qW + uW,
  };
  const cell = (value: string, x: number, y: number, w: number, align: 'left' | 'right') =>
    doc.text(printable(value, fonts), x, y, { width: w, align });
  const rule = (y: number) =>
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const headings = (top: number) => {
    doc.fillColor(MUTED).font(BOLD).fontSize(9);
    cell(m.sku, cols.sku, top, sW - SKU_COLUMN.gap, 'left');
    cell(m.description, cols.desc, top, descW - 10, 'left');
    cell(m.quantity, cols.qty, top, qW, 'right');
    cell(m.unitPrice, cols.unit, top, uW, 'right');
    cell(m.amount, cols.amount, top, aW, 'right');
    const y = doc.y + 4;
    rule(y);
    return y + 6;
  };
  const newPage = () => {
    doc.addPage();
    if (order.status === 'cancelled') watermark(doc, m.cancelledWatermark);
    return headings(doc.page.margins.top);
  };

  // The headings and the first line stay together.
  if (doc.y + 60 > bottom()) doc.addPage();
  let y = headings(doc.y);
  order.lines.forEach((line, index) => {
    const description = printable(line.description, fonts);
    const note =
      line.discountCents > 0 ? m.lineDiscount(line.discountPercent, money(line.discountCents)) : '';
    const skuSize = sku.sizeOf(line.sku);
    const skuHeight = doc.font(FONT).fontSize(skuSize).currentLineHeight(true);
    doc.fontSize(TABLE_SIZE);
    const descHeight =
      doc.heightOfString(description, { width: descW - 10 }) +
      (note ? doc.fontSize(8.5).heightOfString(printable(note, fonts), { width: descW - 10 }) + 2 : 0);
    const rowHeight = Math.max(skuHeight, descHeight);
    const last = index === order.lines.length - 1;
    if (y + rowHeight + 8 + (last ? TOTALS_HEIGHT : 0) > bottom()) y = newPage();

    doc.fillColor(INK).font(FONT).fontSize(skuSize);
    // Measured to fit; never wrapped, whatever rounding says.
    doc.text(printable(line.sku, fonts), cols.sku, y, { width: sW - SKU_COLUMN.gap, lineBreak: false });
    doc.fontSize(TABLE_SIZE);
    doc.text(description, cols.desc, y, { width: descW - 10 });
    if (note) {
      doc.fillColor(MUTED).fontSize(8.5);
      doc.text(printable(note, fonts), cols.desc, doc.y + 2, { width: descW - 10 });
      doc.fillColor(INK).fontSize(10);
    }
    cell(integer.format(line.quantity), cols.qty, y, qW, 'right');
    cell(money(line.unitPriceCents), cols.unit, y, uW, 'right');
    cell(money(line.amountCents), cols.amount, y, aW, 'right');
    y += rowHeight + 4;
    rule(y);
    y += 6;
  });
  y += 2;

  const labelX = cols.qty - 60;
  const labelW = qW + uW + 60;
  doc.fillColor(INK).font(FONT).fontSize(10);
  if (order.discount) {
    const subtotal = order.lines.reduce((sum, line) => sum + line.amountCents, 0);
    cell(m.subtotal, labelX, y, labelW, 'right');
    cell(money(subtotal), cols.amount, y, aW, 'right');
    y = doc.y + 4;
    const label = order.discount.percent === null ? m.bulkDiscounts : m.bulkDiscount(order.discount.percent);
    cell(label, labelX, y, labelW, 'right');
    cell(`-${money(order.discount.amountCents)}`, cols.amount, y, aW, 'right');
    y = doc.y + 6;
  }
  cell(m.net, labelX, y, labelW, 'right');
  cell(money(order.netCents), cols.amount, y, aW, 'right');
  y = doc.y + 4;
  cell(m.tax(order.taxRate), labelX, y, labelW, 'right');
  cell(money(order.taxCents), cols.amount, y, aW, 'right');
  y = doc.y + 6;
  doc.font(BOLD).fontSize(12);
  cell(m.total, labelX, y, labelW, 'right');
  cell(money(order.totalCents), cols.amount, y, aW, 'right');
}

/**
 * The SKU column's width, and each SKU's size in it: the table's, or smaller for a SKU too wide
 * for the column at its widest, so every SKU sits whole on one line and only the too-wide shrink.
 */
function skuColumn(doc: PDFKit.PDFDocument, order: InvoiceOrder, fonts: InvoiceFonts) {
  doc.font(FONT).fontSize(TABLE_SIZE);
  const measure = (sku: string) => doc.widthOfString(printable(sku, fonts));
  const widest = Math.max(0, ...order.lines.map((line) => measure(line.sku)));
  const { min, max, gap } = SKU_COLUMN;
  const width = Math.min(max, Math.max(min, Math.ceil(widest) + 1 + gap));
  const room = width - gap - 1;
  const sizeOf = (sku: string) => {
    doc.font(FONT).fontSize(TABLE_SIZE);
    const natural = measure(sku);
    return natural > room ? Math.floor(((TABLE_SIZE * room) / natural) * 10) / 10 : TABLE_SIZE;
  };
  return { width, sizeOf };
}

/** A large, pale word across the page, drawn first so everything else sits on top of it. */
function watermark(doc: PDFKit.PDFDocument, word: string) {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-35, { origin: [width / 2, height / 2] });
  doc.font(BOLD).fontSize(80).fillColor('#fee2e2');
  doc.text(word, 0, height / 2 - 40, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc.x = MARGIN;
  doc.y = MARGIN;
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
