/**
 * The stepper's next quantities: whole packs. From a quantity off the packs, a step
 * lands on the nearest pack that way; never below one pack.
 */
export function stepDown(quantity: number, pack: number): number {
  const size = Math.max(1, pack);
  const off = quantity % size;
  return Math.max(size, off === 0 ? quantity - size : quantity - off);
}

export function stepUp(quantity: number, pack: number): number {
  const size = Math.max(1, pack);
  return quantity - (quantity % size) + size;
}

/** A typed quantity: a whole number from 1, else undefined (the field then keeps the line's). */
export function typedQuantity(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const quantity = Number(trimmed);
  return Number.isSafeInteger(quantity) && quantity > 0 ? quantity : undefined;
}
