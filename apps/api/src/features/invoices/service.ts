import type { MoneyPattern } from '@store/shared';
import type { Caller } from '../../auth/caller.js';
import type { OrdersService } from '../orders/service.js';
import type { InvoiceCache } from './cache.js';
import { renderInvoice, type Seller } from './render-invoice.js';

export function createInvoicesService(deps: {
  /** Who may see an order, and its figures, are the orders feature's to decide. */
  orders: Pick<OrdersService, 'invoiceData'>;
  seller: Seller;
  paymentInstructions: string;
  /** How the store writes money (decision 056). */
  money: MoneyPattern;
  cache: InvoiceCache;
}) {
  return {
    /** The order's invoice, for its owner or an admin (anyone else: not found). */
    async invoice(requester: Caller, id: string): Promise<{ fileName: string; pdf: Buffer }> {
      const order = await deps.orders.invoiceData(requester, id);
      const pdf = await deps.cache.get(
        { order, seller: deps.seller, paymentInstructions: deps.paymentInstructions, money: deps.money },
        renderInvoice,
      );
      return { fileName: `invoice-${order.number}.pdf`, pdf };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
