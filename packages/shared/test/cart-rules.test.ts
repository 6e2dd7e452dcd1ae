import { describe, expect, it } from 'vitest';
import { cartMessages, lineProblem, nearestValidQuantity, validQuantitiesNear } from '../src/index.js';

describe('a cart line’s nearest valid quantity', () => {
  // minimum, pack, stock, asked → suggested (the worked examples first).
  it.each([
    [10, 5, 100, 12, 10],
    [10, 5, 100, 13, 15],
    [1, 1, 5, 6, 5],
    [10, 5, 100, 3, 10],
    [10, 5, 100, 15, 15],
    [10, 5, 12, 14, 10],
    [10, 5, 9, 10, null],
    [4, 4, 100, 10, 12],
    [4, 4, 100, 9, 8],
    [6, 3, 100, 0, 6],
    [1, 1, 0, 1, null],
    [100, 50, 1000, 1001, 1000],
  ])('minimum %i, packs of %i, stock %i: %i → %s', (minimum, pack, stock, asked, suggested) => {
    expect(
      nearestValidQuantity({
        quantity: asked,
        minOrderQuantity: minimum,
        orderMultiple: pack,
        availableQuantity: stock,
      }),
    ).toBe(suggested);
  });
});

describe('a cart line’s problem', () => {
  const line = { quantity: 10, minOrderQuantity: 10, orderMultiple: 5, availableQuantity: 100, listed: true };

  it('is none for a quantity that keeps every rule', () => {
    expect(lineProblem(line)).toBeNull();
    expect(lineProblem({ ...line, quantity: 100 })).toBeNull();
  });

  it('names the broken rule, in the catalogue’s words, with the nearest valid quantity', () => {
    expect(lineProblem({ ...line, quantity: 12 })).toEqual({
      code: 'not-multiple',
      message: cartMessages.notMultiple(5),
      suggestedQuantity: 10,
    });
    expect(lineProblem({ ...line, quantity: 5 })).toEqual({
      code: 'below-minimum',
      message: cartMessages.belowMinimum(10),
      suggestedQuantity: 10,
    });
    expect(lineProblem({ ...line, quantity: 105 })).toEqual({
      code: 'over-stock',
      message: cartMessages.overStock(100),
      suggestedQuantity: 100,
    });
  });

  it('is unavailable, with no suggestion, for a delisted part or too little stock for the minimum', () => {
    expect(lineProblem({ ...line, listed: false })).toEqual({
      code: 'unavailable',
      message: cartMessages.unavailable,
      suggestedQuantity: null,
    });
    expect(lineProblem({ ...line, availableQuantity: 9 })).toEqual({
      code: 'unavailable',
      message: cartMessages.notEnoughForMinimum(9, 10),
      suggestedQuantity: null,
    });
  });
});

describe('the quantities a quantity field offers', () => {
  // minimum, pack, stock, asked → offered.
  it.each([
    [20, 10, 5000, 25, [20, 30]],
    [20, 10, 5000, 35, [30, 40]],
    [20, 10, 5000, 10, [20]],
    [20, 10, 5000, 6000, [5000]],
    [20, 10, 5000, 12.5, [20]],
    [20, 10, 5000, 30, []],
    [20, 10, 15, 25, []],
  ])('minimum %i, packs of %i, stock %i: %d → %j', (minimum, pack, stock, asked, offered) => {
    const rules = {
      quantity: asked,
      minOrderQuantity: minimum,
      orderMultiple: pack,
      availableQuantity: stock,
    };
    expect(validQuantitiesNear(rules)).toEqual(offered);
  });
});
