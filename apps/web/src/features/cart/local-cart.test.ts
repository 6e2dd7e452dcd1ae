import { MAX_CART_LINES, MAX_QUANTITY } from '@store/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  addedTo,
  type CartStorage,
  createLocalCart,
  LOCAL_CART_KEY,
  MAX_LINE_QUANTITY,
  parseLines,
} from '../../lib/local-cart';
import { mergeLocalCart } from './merge-local-cart';

function memoryStorage(): CartStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const localCartIn = (storage: CartStorage) => createLocalCart(() => storage);

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('a visitor’s cart in the browser', () => {
  it('adds to a line already there, keeps the order added, sets and removes', () => {
    const storage = memoryStorage();
    const cart = createLocalCart(() => storage);
    cart.add(A, 10);
    cart.add(B, 5);
    cart.add(A, 10);
    expect(cart.lines()).toEqual([
      { partId: A, quantity: 20 },
      { partId: B, quantity: 5 },
    ]);
    cart.set(B, 15);
    cart.remove(A);
    expect(cart.lines()).toEqual([{ partId: B, quantity: 15 }]);
    cart.clear();
    expect(cart.lines()).toEqual([]);
    expect(storage.data.has(LOCAL_CART_KEY)).toBe(false);
  });

  it('gives the same snapshot until the cart changes, and tells its listeners', () => {
    const cart = localCartIn(memoryStorage());
    const storage = memoryStorage();
    const stable = createLocalCart(() => storage);
    stable.add(A, 1);
    expect(stable.lines()).toBe(stable.lines());
    const listener = vi.fn();
    stable.subscribe(listener);
    stable.add(B, 1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(cart.lines()).toEqual([]);
  });

  it('reads anything unreadable as no line', () => {
    expect(parseLines('not json')).toEqual([]);
    expect(parseLines('{"a":1}')).toEqual([]);
    expect(
      parseLines(
        JSON.stringify([
          { partId: A, quantity: 2 },
          { partId: A, quantity: 3 },
          { partId: B, quantity: 0 },
          { partId: B, quantity: 1.5 },
          { partId: 7, quantity: 1 },
        ]),
      ),
    ).toEqual([{ partId: A, quantity: 2 }]);
  });

  it('holds at most the server’s number of lines and quantities the API takes', () => {
    expect(MAX_LINE_QUANTITY).toBe(MAX_QUANTITY);
    let lines = Array.from({ length: MAX_CART_LINES }, (_, i) => ({ partId: `p${i}`, quantity: 1 }));
    lines = addedTo(lines, 'one-too-many', 1);
    expect(lines).toHaveLength(MAX_CART_LINES);
    expect(addedTo([{ partId: A, quantity: MAX_QUANTITY }], A, 5)).toEqual([
      { partId: A, quantity: MAX_QUANTITY },
    ]);
  });

  it('works with no storage at all (storage off)', () => {
    const cart = createLocalCart(() => ({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    }));
    cart.add(A, 1);
    expect(cart.lines()).toEqual([]);
  });
});

describe('merging the visitor’s cart at sign-in (decision 041)', () => {
  it('sends the lines once and empties the browser’s cart', async () => {
    const cart = localCartIn(memoryStorage());
    cart.add(A, 10);
    cart.add(B, 5);
    const send = vi.fn(async (lines: unknown) => lines);
    await expect(mergeLocalCart(cart, send)).resolves.toEqual([
      { partId: A, quantity: 10 },
      { partId: B, quantity: 5 },
    ]);
    expect(cart.lines()).toEqual([]);
    // A second merge (another tab, the catch-up) finds nothing to send: nothing is added twice.
    await expect(mergeLocalCart(cart, send)).resolves.toBeUndefined();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing twice when two merges start together', async () => {
    const storage = memoryStorage();
    const tabOne = createLocalCart(() => storage);
    const tabTwo = createLocalCart(() => storage);
    tabOne.add(A, 10);
    const send = vi.fn(async () => 'merged');
    const results = await Promise.all([mergeLocalCart(tabOne, send), mergeLocalCart(tabTwo, send)]);
    expect(results).toEqual(['merged', undefined]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('puts the lines back when the merge fails, added to those added meanwhile', async () => {
    const cart = localCartIn(memoryStorage());
    cart.add(A, 10);
    const failing = mergeLocalCart(cart, async () => {
      cart.add(A, 5);
      cart.add(B, 1);
      throw new Error('offline');
    });
    await expect(failing).rejects.toThrow('offline');
    expect(cart.lines()).toEqual([
      { partId: A, quantity: 15 },
      { partId: B, quantity: 1 },
    ]);
  });
});
