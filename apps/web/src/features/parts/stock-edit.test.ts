import { apiMessages, productUpdateSchema } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { StockMovedError, stockFieldAfter, stockMovedTo, toProductUpdate } from './stock-edit';

/** The edit form's rules for a stock that orders move while the admin edits. */
const input = {
  name: 'Quiet fan',
  img: '/media/parts/quiet-fan.svg',
  price: 12.5,
  availableQuantity: 100,
  minOrderQuantity: 10,
  sku: 'QF-120',
  orderMultiple: 1,
  description: 'A fan that keeps quiet.',
  bulkDiscount: false,
};

describe('the update the edit form sends', () => {
  it('leaves the stock out when the admin did not change it, so orders are never undone', () => {
    const update = toProductUpdate({ ...input, name: 'Quieter fan' }, 100);
    expect(update).not.toHaveProperty('availableQuantity');
    expect(update).not.toHaveProperty('availableQuantityBefore');
    expect(productUpdateSchema.safeParse(update).success).toBe(true);
  });

  it('sends a changed stock with the stock the form was based on', () => {
    const update = toProductUpdate({ ...input, availableQuantity: 150 }, 100);
    expect(update).toMatchObject({ availableQuantity: 150, availableQuantityBefore: 100 });
    expect(productUpdateSchema.safeParse(update).success).toBe(true);
  });
});

describe('a save refused because the stock moved', () => {
  it('is read from a 409 that carries the current stock, and nothing else', () => {
    expect(stockMovedTo(new ApiError(409, apiMessages.stockChanged(70), { availableQuantity: '70' }))).toBe(
      70,
    );
    expect(stockMovedTo(new ApiError(409, 'Conflict'))).toBeUndefined();
    expect(stockMovedTo(new ApiError(400, 'Bad', { availableQuantity: '70' }))).toBeUndefined();
    expect(stockMovedTo(new ApiError(409, 'Odd', { availableQuantity: 'seventy' }))).toBeUndefined();
    expect(stockMovedTo(new Error('offline'))).toBeUndefined();
  });

  it('says what the stock is now, in the issue’s words', () => {
    expect(new StockMovedError(100, 70).message).toBe('Stock changed to 70 since you opened this form');
  });

  it('takes the current stock into an untouched field and keeps a figure the admin typed', () => {
    const moved = new StockMovedError(100, 70);
    expect(stockFieldAfter(100, moved)).toBe(70);
    expect(stockFieldAfter(150, moved)).toBe(150);
  });

  it('makes the next save succeed: an untouched field is then left out, a typed one is based on the new stock', () => {
    const moved = new StockMovedError(100, 70);
    const untouched = toProductUpdate(
      { ...input, availableQuantity: stockFieldAfter(100, moved) },
      moved.current,
    );
    expect(untouched).not.toHaveProperty('availableQuantity');
    const typed = toProductUpdate(
      { ...input, availableQuantity: stockFieldAfter(150, moved) },
      moved.current,
    );
    expect(typed).toMatchObject({ availableQuantity: 150, availableQuantityBefore: 70 });
  });
});
