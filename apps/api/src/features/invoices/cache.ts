import { createHash } from 'node:crypto';
import type { InvoiceData } from './render-invoice.js';

/** Rendered invoices kept at most (a few hundred: an invoice is 15 to 40 KB). */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * Rendered invoices by what they show, so one customer asking for the same invoice hundreds of
 * times a second costs one render. The key is a digest of the whole invoice's data, so an order
 * that changes (paid, shipped, cancelled, its tracking number) is a new key and a new PDF, and
 * nothing needs forgetting; old versions fall out, least recently used first, past MAX_BYTES.
 * Only answered after the caller was found to be the order's owner or an admin (service.ts).
 */
export class InvoiceCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  /** Renders spared and done, for the tests and the logs. */
  readonly counts = { hits: 0, misses: 0 };

  constructor(private readonly maxBytes = MAX_BYTES) {}

  async get(data: InvoiceData, render: (data: InvoiceData) => Promise<Buffer>): Promise<Buffer> {
    const key = createHash('sha256').update(JSON.stringify(data)).digest('base64url');
    const cached = this.entries.get(key);
    if (cached) {
      this.counts.hits += 1;
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    this.counts.misses += 1;
    const pdf = await render(data);
    if (pdf.length > this.maxBytes || this.entries.has(key)) return pdf;
    this.entries.set(key, pdf);
    this.bytes += pdf.length;
    for (const [oldest, body] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= body.length;
    }
    return pdf;
  }
}
