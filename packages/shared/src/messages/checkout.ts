import { cartApiMessages } from './cart.js';

/** Checkout (`POST /api/checkout`): its input's messages and its refusals. */
export const checkoutMessages = {
  poReferenceTooLong: 'The PO reference must be at most 40 characters.',
  poReferenceInvalid: 'The PO reference contains characters that are not allowed.',
  lineNeedsPart: 'Each line names a part: its partId or its SKU.',
  skuInvalid: 'A SKU is 1 to 40 letters, digits, dots, dashes or underscores.',
  noLines: 'An order needs at least one line.',
  linesInvalid: 'Lines are a list, each with a partId or a SKU and a quantity.',
  tooManyLines: (max: number) => `An order has at most ${max} lines.`,
  emptyCart: 'Your cart is empty: add parts to it before checking out.',
  linesRefused: 'Some lines cannot be ordered as they are: nothing was ordered. Fix them and try again.',
  /** The quick order's words for the same mistake. */
  unknownSku: cartApiMessages.unknownSku,
  unknownPart: 'This part does not exist.',
} as const;
