import { partPageMessages } from '@store/shared';
import { useState } from 'react';
import { island } from '../../../components/island';
import { type BillPart, BillPreview } from '../../../components/ui/bill-preview';
import { formatQuantity } from '../../../lib/format';

/**
 * The quantity field and its live bill on a part's page: the page's only interactive part, so an
 * island (decision 023). Its ids are fixed, not `useId`'s: the island is rendered again in the
 * browser outside the page's tree, and its label and hint must still find it.
 */
function PartBill({ part }: { part: BillPart }) {
  // Kept as typed: an empty or partial field shows no bill rather than jumping back.
  const [quantityText, setQuantityText] = useState(String(part.minOrderQuantity));
  const quantity = quantityText.trim() === '' ? Number.NaN : Number(quantityText);
  return (
    <section aria-label="Your bill" className="flex flex-col gap-3">
      <div>
        <label htmlFor="part-quantity" className="label mb-1 text-sm font-medium text-base-content">
          Quantity
        </label>
        <input
          id="part-quantity"
          type="number"
          inputMode="numeric"
          min={part.minOrderQuantity}
          max={part.availableQuantity}
          step={1}
          className="input w-full"
          aria-describedby="part-quantity-hint"
          value={quantityText}
          onChange={(event) => setQuantityText(event.target.value)}
        />
        <p id="part-quantity-hint" className="mt-1 text-xs text-base-content/70">
          {partPageMessages.quantityRange(
            formatQuantity(part.minOrderQuantity),
            formatQuantity(part.availableQuantity),
          )}
        </p>
      </div>
      <BillPreview part={part} quantity={quantity} totalTestId="bill-total" />
    </section>
  );
}

export const PartBillIsland = island('part-bill', PartBill);
