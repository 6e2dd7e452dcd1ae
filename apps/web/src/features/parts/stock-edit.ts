import { apiMessages, type ProductInput, type ProductUpdate } from '@store/shared';
import { ApiError } from '../../lib/api-client';

/**
 * Edits never undo orders: the edit form sends the stock only when the admin changed
 * it, together with the stock it was loaded with, and the API refuses the save (409) when orders
 * have moved the stock since. These are the form's rules for that, kept free of React.
 */

/**
 * The update for a product form's values. `stockBefore` is the stock the form is based on: an
 * unchanged stock field is left out, so an edit of the name alone never touches the stock.
 */
export function toProductUpdate(input: ProductInput, stockBefore: number): ProductUpdate {
  const { availableQuantity, ...rest } = input;
  if (availableQuantity === stockBefore) return rest;
  return { ...rest, availableQuantity, availableQuantityBefore: stockBefore };
}

/** The stock the API says a refused save found (409 with `fields.availableQuantity`), if that is the refusal. */
export function stockMovedTo(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const current = Number(error.fields?.availableQuantity ?? Number.NaN);
  return Number.isInteger(current) && current >= 0 ? current : undefined;
}

/** The save was refused because the stock moved from `before` to `current` since the form loaded. */
export class StockMovedError extends Error {
  constructor(
    readonly before: number,
    readonly current: number,
  ) {
    super(apiMessages.stockChanged(current));
    this.name = 'StockMovedError';
  }
}

/**
 * The stock field after a refused save: the current stock if the admin had left it as loaded
 * (so the next save leaves the stock alone), otherwise the admin's own figure, kept.
 */
export const stockFieldAfter = (field: number, moved: StockMovedError): number =>
  field === moved.before ? moved.current : field;
