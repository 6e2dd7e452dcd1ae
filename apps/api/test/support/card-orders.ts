import { parts } from '../../src/db/schema.js';
import { accountWithToken } from './accounts.js';
import { client } from './client.js';
import { type createTestApp, partRow } from './helpers.js';
import { placeOrder } from './orders.js';
import type { StripeStandIn } from './stripe-stand-in.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A customer's `count` orders of one unit each, of a part of the call's own (£5.00, 1,000 in
 * stock), each with the Checkout session that pays it opened at the Stripe stand-in and not yet
 * paid: where a race between a card payment and something else begins.
 */
export async function ordersOpenForCard(ctx: TestApp, standIn: StripeStandIn, count: number) {
  const customer = await accountWithToken(ctx);
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ priceCents: 500, minOrderQuantity: 1, availableQuantity: 1000 }))
    .returning();
  if (!part) throw new Error('insert returned no part');
  const api = client(ctx.http, customer.auth);
  const orders: { id: string; sessionId: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const { id } = await placeOrder(api, part.id, { phone: '+44 117 496 0000', address: '7 Quay Street' });
    const paying = await api.payments.pay({ params: { id } }).expect(200);
    const session = [...standIn.sessions.values()].find((s) => s.url === paying.body.url);
    if (!session) throw new Error('no session');
    orders.push({ id, sessionId: session.id });
  }
  return { customer, partId: part.id, orders };
}
