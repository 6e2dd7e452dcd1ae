/** A cart line's problems, in words next to the line (issue 22). */
export const cartMessages = {
  belowMinimum: (minimum: number) => `The minimum order for this part is ${minimum}.`,
  notMultiple: (pack: number) => `This part is sold in packs of ${pack}: choose a multiple of ${pack}.`,
  overStock: (available: number) => `Only ${available} left in stock.`,
  unavailable: 'This part is no longer available.',
  notEnoughForMinimum: (available: number, minimum: number) =>
    `Only ${available} left, fewer than the minimum order of ${minimum}.`,
} as const;
