import { fromCents, invoiceMessages as m, type Seller } from '@store/shared';
import type { InvoiceOrder } from '../orders/dto.js';
import { type InvoiceFonts, invoiceFonts, printable } from './invoice-font.js';

export type { Seller };

export interface InvoiceData {
  order: InvoiceOrder;
  seller: Seller;
  /** How to pay (PAYMENT_INSTRUCTIONS), as on the Payment page. */
  paymentInstructions: string;
}

// Prices and dates read as they do in the web app (apps/web/src/lib/format.ts).
const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const integer = new Intl.NumberFormat('en-US');
// Orders are stamped in UTC; an invoice must not change its date with the server's zone.
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const money = (cents: number) => currency.format(fromCents(cents));

const MARGIN = 50;
/** The names the embedded fonts are registered under in each document. */
const FONT = 'body';
const BOLD = 'body-bold';
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const STATUS_COLOURS = { unpaid: '#b45309', paid: '#15803d', shipped: '#15803d', cancelled: '#b91c1c' };

/** Table columns, left to right: the description takes what the figures leave. */
const FIGURE_WIDTHS = { quantity: 70, unitPrice: 95, amount: 95 };

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
  text(`${m.issueDate}: ${longDate.format(order.placedAt)}`);
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
  doc.moveDown(1.5);

  drawLines(doc, order, { left, width }, fonts);

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

/** The order's line, the bulk discount when there was one, and the total, as a table. */
function drawLines(
  doc: PDFKit.PDFDocument,
  order: InvoiceOrder,
  { left, width }: { left: number; width: number },
  fonts: InvoiceFonts,
) {
  const { quantity: qW, unitPrice: uW, amount: aW } = FIGURE_WIDTHS;
  const descW = width - qW - uW - aW;
  const cols = { desc: left, qty: left + descW, unit: left + descW + qW, amount: left + descW + qW + uW };
  const cell = (value: string, x: number, y: number, w: number, align: 'left' | 'right') =>
    doc.text(printable(value, fonts), x, y, { width: w, align });
  const rule = (y: number) =>
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();

  const description = printable(order.line.description, fonts);
  doc.font(FONT).fontSize(10);
  const rowHeight = doc.heightOfString(description, { width: descW - 10 });
  // Header, row and totals stay together: start a page rather than split the table.
  if (doc.y + rowHeight + 110 > doc.page.height - doc.page.margins.bottom) doc.addPage();

  let y = doc.y;
  doc.fillColor(MUTED).font(BOLD).fontSize(9);
  cell(m.description, cols.desc, y, descW - 10, 'left');
  cell(m.quantity, cols.qty, y, qW, 'right');
  cell(m.unitPrice, cols.unit, y, uW, 'right');
  cell(m.amount, cols.amount, y, aW, 'right');
  y = doc.y + 4;
  rule(y);
  y += 6;

  doc.fillColor(INK).font(FONT).fontSize(10);
  doc.text(description, cols.desc, y, { width: descW - 10 });
  cell(integer.format(order.line.quantity), cols.qty, y, qW, 'right');
  cell(money(order.line.unitPriceCents), cols.unit, y, uW, 'right');
  cell(money(order.line.amountCents), cols.amount, y, aW, 'right');
  y += rowHeight + 6;
  rule(y);
  y += 8;

  const labelX = cols.qty - 60;
  const labelW = qW + uW + 60;
  if (order.discount) {
    cell(m.subtotal, labelX, y, labelW, 'right');
    cell(money(order.line.amountCents), cols.amount, y, aW, 'right');
    y = doc.y + 4;
    cell(m.bulkDiscount(order.discount.percent), labelX, y, labelW, 'right');
    cell(`-${money(order.discount.amountCents)}`, cols.amount, y, aW, 'right');
    y = doc.y + 6;
  }
  doc.font(BOLD).fontSize(12);
  cell(m.total, labelX, y, labelW, 'right');
  cell(money(order.totalCents), cols.amount, y, aW, 'right');
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
