import { partMessages as m, type Part } from '@store/shared';

/**
 * The brand, the part number customers quote and, when a pack holds more than one
 * unit, the pack size: small and muted beside the name, on cards, the part page and
 * the purchase page.
 */
export function PartSku({
  part,
  className = '',
}: {
  part: Pick<Part, 'sku' | 'orderMultiple'> & Partial<Pick<Part, 'brand'>>;
  className?: string;
}) {
  return (
    <p className={`flex flex-wrap gap-x-3 text-xs text-base-content/70 ${className}`}>
      {part.brand && (
        <span className="font-semibold" data-testid="part-brand">
          {part.brand}
        </span>
      )}
      <span data-testid="part-sku">{m.sku(part.sku)}</span>
      {part.orderMultiple > 1 && <span data-testid="part-pack">{m.soldInPacks(part.orderMultiple)}</span>}
    </p>
  );
}
