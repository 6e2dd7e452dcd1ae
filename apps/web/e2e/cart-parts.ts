import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { Part } from '@store/shared';
import { type Account, expect } from './fixtures';

/** A part of the test's own, with the rules a cart line is checked against. */
export async function addCartPart(
  request: APIRequestContext,
  admin: Account,
  rules: { minOrderQuantity: number; orderMultiple: number; availableQuantity: number; price?: number },
): Promise<Part> {
  const tag = randomUUID().slice(0, 8);
  const added = await request.post('/api/addproduct', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      name: `Cart part ${tag}`,
      sku: `CART-${tag}`,
      price: rules.price ?? 1.5,
      minOrderQuantity: rules.minOrderQuantity,
      orderMultiple: rules.orderMultiple,
      availableQuantity: rules.availableQuantity,
      bulkDiscount: false,
      description: 'A part made for one end-to-end test of the cart, so that its lines are that test’s own.',
      img: '/media/parts/nexa-airstream-140-fan.svg',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { insertedId } = (await added.json()) as { insertedId: string };
  return (await (await request.get(`/api/part/${insertedId}`)).json()) as Part;
}

/** Sets a line of `account`'s server cart, as another device of theirs would. */
export async function setServerLine(
  request: APIRequestContext,
  account: Account,
  partId: string,
  quantity: number,
) {
  const res = await request.put(`/api/cart/${partId}`, {
    headers: { authorization: `Bearer ${account.token}` },
    data: { quantity },
  });
  expect(res.status(), await res.text()).toBe(200);
}
