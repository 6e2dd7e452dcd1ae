/** A cart line's problems, in words next to the line. */
export const cartMessages = {
  belowMinimum: (minimum: number) => `The minimum order for this part is ${minimum}.`,
  notMultiple: (pack: number) => `This part is sold in packs of ${pack}: choose a multiple of ${pack}.`,
  overStock: (available: number) => `Only ${available} left in stock.`,
  unavailable: 'This part is no longer available.',
  notEnoughForMinimum: (available: number, minimum: number) =>
    `Only ${available} left, fewer than the minimum order of ${minimum}.`,
} as const;

/** The cart's API answers: refusals and the quick-order and reorder rows' words. */
export const cartApiMessages = {
  cartFull: (max: number) =>
    `Your cart already holds ${max} different parts, the most it can. Check out or remove a line first.`,
  rowCartFull: (max: number) => `Not added: your cart already holds ${max} different parts.`,
  unknownSku: (sku: string) => `There is no part with the SKU ${sku}.`,
  noSku: 'This row has no SKU.',
  rowQuantityInvalid: 'The quantity must be a whole number from 1 to 1,000,000.',
  tooManyRows: (max: number) => `Paste or upload at most ${max} rows at a time.`,
  textTooLong: (max: number) => `The text must be at most ${max.toLocaleString('en-US')} characters.`,
  textRequired: 'Paste some lines or choose a CSV file.',
  textInvalid: 'The text holds characters that are not allowed (control characters).',
  /** The same words as a cart line flagged 'unavailable'. */
  partGone: cartMessages.unavailable,
  soldOut: 'This part is sold out.',
} as const;
