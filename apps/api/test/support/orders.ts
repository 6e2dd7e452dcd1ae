import type { CheckoutInput, OrderInput } from '@store/shared';
import type { TestClient } from './client.js';

/** A phone and an address every order form accepts. */
export const ORDER_PHONE = '+1 555 010 2030';
export const ORDER_ADDRESS = '1 Main Street, Springfield';

/** Headers with the `Idempotency-Key` when there is one, named as the contract names it. */
const keyed = (key: string | undefined) => (key === undefined ? {} : { 'idempotency-key': key });

export interface CheckoutOptions extends Partial<CheckoutInput> {
  /**
   * An `Idempotency-Key`. None unless given: a key is kept with its order for a day, so a suite
   * that sends one means to, and names it.
   */
  key?: string;
}

/**
 * An order placed through `POST /api/checkout` by the client's account: of `lines` (each a
 * `partId` or `sku` with a `quantity`), or of the account's cart without them, delivered to a
 * phone and address that pass unless given. Fails the test, with the answer, unless it is 201;
 * a test of a refusal sends the same request with `sendCheckout()` and expects its status.
 */
export async function checkout(api: TestClient, options: CheckoutOptions = {}) {
  const placed = await sendCheckout(api, options).expect(201);
  return { id: placed.body.insertedId, ...placed.body.order };
}

/** The same request as `checkout()`, for a test of its answer, whatever it is (`.expect(409)`). */
export const sendCheckout = (api: TestClient, { key, ...body }: CheckoutOptions = {}) =>
  api.orders.checkout({ body: { phone: ORDER_PHONE, address: ORDER_ADDRESS, ...body }, headers: keyed(key) });

export interface PlaceOptions extends Partial<Omit<OrderInput, 'partId'>> {
  /** As for checkout: none unless given. */
  key?: string;
}

/**
 * A one-part order placed through `POST /api/order` (the spec's own route): one unit unless
 * `productQuantity` says otherwise. Fails the test, with the answer, unless it is 201.
 */
export async function placeOrder(api: TestClient, partId: string, options: PlaceOptions = {}) {
  const placed = await sendOrder(api, partId, options).expect(201);
  return { id: placed.body.insertedId, ...placed.body.order };
}

/** The same request as `placeOrder()`, for a test of its answer, whatever it is (`.expect(409)`). */
export const sendOrder = (api: TestClient, partId: string, { key, ...body }: PlaceOptions = {}) =>
  api.orders.place({
    body: { partId, productQuantity: 1, phone: ORDER_PHONE, address: ORDER_ADDRESS, ...body },
    headers: keyed(key),
  });
