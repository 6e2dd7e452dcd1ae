import { cartMessages, type Part, taxRuleOf } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { stepDown, stepUp, typedQuantity } from './quantity-steps';
import { visitorCart, visitorLine } from './visitor-lines';

const part: Part = {
  _id: '00000000-0000-4000-8000-00000000000a',
  name: 'DDR5 module',
  img: 'https://example.com/a.png',
  thumb: 'https://example.com/a-small.png',
  price: 12.5,
  sku: 'RAM-DDR5-16',
  minOrderQuantity: 10,
  orderMultiple: 5,
  availableQuantity: 1000,
  description: 'Memory',
  bulkDiscount: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  stock: 'in',
  category: null,
  brand: null,
  attributes: {},
};

describe('a visitor’s cart drawn as the server draws one', () => {
  it('prices a line with its bulk discount', () => {
    const line = visitorLine({ partId: part._id, quantity: 500 }, part);
    expect(line).toMatchObject({
      sku: 'RAM-DDR5-16',
      unitPrice: 12.5,
      discountPercent: 5,
      discount: 312.5,
      lineTotal: 5937.5,
      problem: null,
    });
  });

  it('flags a line off the packs with the nearest valid quantity', () => {
    expect(visitorLine({ partId: part._id, quantity: 12 }, part).problem).toEqual({
      code: 'not-multiple',
      message: cartMessages.notMultiple(5),
      suggestedQuantity: 10,
    });
  });

  it('flags a part no longer listed, with no suggestion', () => {
    const line = visitorLine({ partId: part._id, quantity: 3 }, null);
    expect(line.problem).toMatchObject({ code: 'unavailable', suggestedQuantity: null });
    expect(line.lineTotal).toBe(0);
  });

  it('adds the totals in cents', () => {
    const cart = visitorCart([
      visitorLine({ partId: 'a', quantity: 500 }, part),
      visitorLine({ partId: 'b', quantity: 10 }, { ...part, _id: 'b', price: 0.1, bulkDiscount: false }),
    ]);
    expect(cart).toMatchObject({ subtotal: 6251, discount: 312.5, total: 5938.5, units: 510 });
  });
});

describe('the stepper', () => {
  it('steps by whole packs, never below one pack', () => {
    expect(stepUp(10, 5)).toBe(15);
    expect(stepUp(12, 5)).toBe(15);
    expect(stepDown(12, 5)).toBe(10);
    expect(stepDown(15, 5)).toBe(10);
    expect(stepDown(5, 5)).toBe(5);
    expect(stepUp(1, 1)).toBe(2);
  });

  it('takes a typed whole number only', () => {
    expect(typedQuantity(' 150 ')).toBe(150);
    expect(typedQuantity('1.5')).toBeUndefined();
    expect(typedQuantity('0')).toBeUndefined();
    expect(typedQuantity('')).toBeUndefined();
  });
});

describe('a visitor’s cart taxed by the store’s rule (decision 053, from the settings: 056)', () => {
  const cheap = (id: string): Part => ({
    ...part,
    _id: id,
    price: 0.05,
    minOrderQuantity: 1,
    orderMultiple: 1,
    bulkDiscount: false,
  });

  it('taxes each line after its discount, half up, and adds the lines up unrounded', () => {
    const tax = taxRuleOf({ rate: 10, pricesIncludeTax: false }, 'gbp');
    const lines = ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2'].map((id) =>
      visitorLine({ partId: id, quantity: 1 }, cheap(id), tax),
    );
    // 5p at 10% is 0.5p of tax: 1p per line, 2p in all (10p taxed at once would be 1p).
    expect(lines.map((l) => l.lineTotal)).toEqual([0.06, 0.06]);
    expect(visitorCart(lines, tax)).toMatchObject({ subtotal: 0.1, net: 0.1, tax: 0.02, total: 0.12 });
  });

  it('takes the tax out of prices that include it', () => {
    const tax = taxRuleOf({ rate: 20, pricesIncludeTax: true }, 'gbp');
    const line = visitorLine({ partId: part._id, quantity: 500 }, part, tax);
    // £5,937.50 after the discount, tax included: net 593,750 ÷ 1.2 = 494,791.67 → 494,792p.
    expect(line.lineTotal).toBe(5937.5);
    expect(visitorCart([line], tax)).toMatchObject({ net: 4947.92, tax: 989.58, total: 5937.5 });
  });

  it('shows no tax without a rate, as the store ships', () => {
    const line = visitorLine({ partId: part._id, quantity: 500 }, part);
    expect(visitorCart([line])).toMatchObject({ net: 5937.5, tax: 0, total: 5937.5 });
  });
});
