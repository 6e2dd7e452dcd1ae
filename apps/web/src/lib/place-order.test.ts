import { createServer, type IncomingMessage, type Server } from 'node:http';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { portOf } from './test-api-server';

/**
 * The Order click's retries, against a real HTTP server that loses the first answer: the
 * connection drops after the request arrived, as when a mobile network goes away mid-order.
 */
let server: Server;
let api: typeof import('./place-order');
let ApiError: typeof import('./api-client').ApiError;
const seen: { key: string | undefined; path: string | undefined; body: unknown }[] = [];
const placed = {
  _id: 'order-1',
  number: 'PD-100001',
  partId: 'p-1',
  productName: 'Ryzen 7',
  userName: 'Ada',
  email: 'ada@example.com',
  unitPrice: 300,
  productQuantity: 10,
  price: 3000,
  discount: 0,
  net: 3000,
  tax: 0,
  taxRate: 0,
  phone: '+1 555 010 2030',
  address: '1 Main Street',
  status: 'unpaid',
  carrier: null,
  trackingNumber: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lines: [
    {
      partId: 'p-1',
      sku: 'RZ-7',
      productName: 'Ryzen 7',
      unitPrice: 300,
      productQuantity: 10,
      discountPercent: 0,
      discount: 0,
      net: 3000,
      tax: 0,
      price: 3000,
    },
  ],
  lineCount: 1,
  poReference: null,
};

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const key = req.headers['idempotency-key'];
    seen.push({ key: typeof key === 'string' ? key : undefined, path: req.url, body: JSON.parse(raw) });
    if (seen.length === 1) {
      req.socket.destroy();
      return;
    }
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ acknowledged: true, insertedId: 'order-1', order: placed }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = portOf(server);
  // The environment is checked once, on the first call, so the address is set before that.
  vi.stubEnv('VITE_API_URL', `http://127.0.0.1:${port}`);
  vi.resetModules();
  api = await import('./place-order');
  ({ ApiError } = await import('./api-client'));
  // Signed in: the client sends no call that needs a token without one.
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  const claims = Buffer.from(JSON.stringify({ sub: 'ada@example.com', exp: Date.now() / 1000 + 600 }));
  (await import('./session')).session.set(`e30.${claims.toString('base64url')}.sig`);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

describe('placing an order', () => {
  it('retries a lost answer with the same Idempotency-Key', async () => {
    const observer = new MutationObserver(new QueryClient(), api.placeOrderMutation);
    const input = { partId: 'p-1', productQuantity: 10, phone: '+1 555 010 2030', address: '1 Main Street' };
    const key = api.newIdempotencyKey();

    const result = await observer.mutate({ input, idempotencyKey: key });

    expect(result.insertedId).toBe('order-1');
    // One order of one line, through checkout, as the cart orders.
    const body = { phone: input.phone, address: input.address, lines: [{ partId: 'p-1', quantity: 10 }] };
    expect(seen).toEqual([
      { key, path: '/api/checkout', body },
      { key, path: '/api/checkout', body },
    ]);
  });

  it('retries only a lost answer or a 503, at most twice', () => {
    const retry = api.shouldRetryOrder;
    expect(retry(0, new ApiError(0, 'unreachable'))).toBe(true);
    expect(retry(1, new ApiError(503, 'down'))).toBe(true);
    expect(retry(2, new ApiError(503, 'down'))).toBe(false);
    for (const status of [400, 401, 409, 422, 500]) expect(retry(0, new ApiError(status, 'no'))).toBe(false);
  });

  it('draws a fresh key for every click', () => {
    const keys = new Set(Array.from({ length: 100 }, api.newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[\x20-\x7e]{1,200}$/);
  });
});
