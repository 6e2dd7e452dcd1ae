import type { Contract, Part } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { type FeatureHandlers, type HandlerEntry, reply } from '../../src/lib/route-handlers.js';

/**
 * What the handlers' types refuse (decision 032). Each `@ts-expect-error` below must meet an
 * error, or `tsc -p apps/api/tsconfig.json` fails: these are checked by the typecheck, not here.
 */
type PartGet = HandlerEntry<Contract['parts']['get']>;
type PartAdd = HandlerEntry<Contract['parts']['add']>;
type Webhook = HandlerEntry<Contract['payments']['webhook']>;
const part: Part = {
  _id: 'p',
  thumb: '/media/parts/x.svg',
  createdAt: '2026-01-01T00:00:00.000Z',
  stock: 'in',
  category: null,
  brand: null,
  attributes: {},
  name: 'Part',
  img: '/media/parts/x.svg',
  price: 1,
  sku: 'PART-1',
  minOrderQuantity: 1,
  orderMultiple: 1,
  availableQuantity: 1,
  description: 'A part.',
  bulkDiscount: false,
};

const samples = {
  // @ts-expect-error 418 is no status GET /api/part/:id declares
  undeclaredStatus: { handle: () => reply(418, { message: 'teapot' }) } satisfies PartGet,
  // @ts-expect-error a part without its price is not the body GET /api/part/:id declares
  wrongBody: { handle: () => ({ _id: 'p', name: 'No price' }) } satisfies PartGet,
  wrongSuccess: {
    // @ts-expect-error POST /api/addproduct answers 201: a bare body is its only success, not a 200
    handle: () => reply(200, { acknowledged: true as const, insertedId: 'p' }),
  } satisfies PartAdd,
  // @ts-expect-error GET /api/part/:id takes no body
  noBody: { handle: ({ body }) => body.name } satisfies PartGet,
  // @ts-expect-error GET /api/part/:id is public: it has no caller
  noCaller: { handle: ({ user }) => user } satisfies PartGet,
  declared: { handle: ({ params }) => ({ ...part, _id: params.id }) } satisfies PartGet,
  created: {
    handle: ({ user }) => reply(201, { acknowledged: true as const, insertedId: user.email }),
  } satisfies PartAdd,
  rawUnparsed: {
    // @ts-expect-error a raw route's body is not parsed: its handler reads the bytes (`rawBody`)
    handle: ({ body }) => ({ received: true as const, duplicate: body.id === '' }),
  } satisfies Webhook,
  rawBytes: {
    handle: ({ rawBody }) => ({ received: true as const, duplicate: rawBody.length === 0 }),
  } satisfies Webhook,
};

const anyHandler = { handle: () => ({ items: [], total: 0 }) };
// @ts-expect-error outbox.list has no handler
const missing: FeatureHandlers<'outbox'> = {};
const extra: FeatureHandlers<'outbox'> = {
  list: anyHandler,
  // @ts-expect-error outbox.refund is no route of the contract
  refund: anyHandler,
};

describe('the handlers’ types', () => {
  it('are checked by the typecheck (this file must compile with each expected error)', () => {
    expect(Object.keys(samples)).toHaveLength(9);
    expect(missing).toEqual({});
    expect(Object.keys(extra)).toEqual(['list', 'refund']);
  });
});
