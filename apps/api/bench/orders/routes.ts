import type { Route } from '../read-path/routes.js';

/** Parts the spread orders are shared over. */
export const SPREAD_PARTS = 200;
/** Lines of a multi-line order. */
export const LINES_PER_ORDER = 5;

const contact = { phone: '+44 114 496 0000', address: '1 Bench Road, Sheffield S1 2AB' };

/**
 * The three cases: single-line orders spread over SPREAD_PARTS parts (`POST /api/order`),
 * orders of LINES_PER_ORDER lines posted in the body (`POST /api/checkout`, distinct parts each,
 * taken in turn), and every order for one part (everyone buys the new GPU). Bodies are taken in
 * turn, customers in turn, a fresh Idempotency-Key each (load-worker.ts).
 */
export function orderRoutes(partIds: string[], tokens: string[], connections: number): Route[] {
  const [hot] = partIds;
  if (!hot || partIds.length < LINES_PER_ORDER) throw new Error('the order bench needs its parts');
  const single = (partId: string) => JSON.stringify({ partId, productQuantity: 1, ...contact });
  const lines = partIds.map((_, n) =>
    JSON.stringify({
      ...contact,
      lines: Array.from({ length: LINES_PER_ORDER }, (_, k) => ({
        partId: partIds[(n * LINES_PER_ORDER + k) % partIds.length],
        quantity: 1,
      })),
    }),
  );
  return [
    {
      key: 'order-spread',
      label: `single-line orders over ${partIds.length} parts`,
      method: 'POST',
      path: '/api/order',
      connections,
      order: { bodies: partIds.map(single), tokens },
    },
    {
      key: 'order-lines',
      label: `${LINES_PER_ORDER}-line orders (lines in the body)`,
      method: 'POST',
      path: '/api/checkout',
      connections,
      order: { bodies: lines, tokens },
    },
    {
      key: 'order-hot',
      label: 'every order for one part',
      method: 'POST',
      path: '/api/order',
      connections,
      order: { bodies: [single(hot)], tokens },
    },
  ];
}
