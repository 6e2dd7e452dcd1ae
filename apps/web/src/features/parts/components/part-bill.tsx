import { partMessages as m, partPageMessages } from '@store/shared';
import { useEffect, useState } from 'react';
import { AddToCartButton } from '../../../components/add-to-cart';
import { island } from '../../../components/island';
import { useNavKit } from '../../../components/nav-kit';
import { type BillPart, BillPreview } from '../../../components/ui/bill-preview';
import { QuantityProblem, quantityProblemOf } from '../../../components/ui/quantity-problem';
import { formatQuantity } from '../../../lib/format';

/**
 * The quantity field, its live bill and Purchase on a part's page: the page's only interactive
 * part, so an island (decision 023). Its ids are fixed, not `useId`'s: the island is rendered
 * again in the browser outside the page's tree, and its label and hint must still find it.
 * Purchase carries the quantity in the purchase page's URL, which checks it again.
 */
/**
 * The quantity typed in the part bill drawn last, and its part. On a rendered page the island
 * answers first and the app then draws over it (islands.tsx): what the visitor typed stays.
 */
let typedLast: { partId: string; text: string } | undefined;

function PartBill({ part }: { part: BillPart & { _id: string; name: string } }) {
  const { NavLink } = useNavKit();
  // Kept as typed: an empty or partial field shows no bill rather than jumping back.
  const [quantityText, setQuantityText] = useState(() =>
    typedLast?.partId === part._id ? typedLast.text : String(part.minOrderQuantity),
  );
  useEffect(() => {
    typedLast = { partId: part._id, text: quantityText };
  }, [part._id, quantityText]);
  const quantity = quantityText.trim() === '' ? Number.NaN : Number(quantityText);
  const problem = quantityProblemOf(part, quantity);
  return (
    <section aria-label={m.yourBill} className="flex flex-col gap-3">
      <div>
        <label htmlFor="part-quantity" className="label mb-1 text-sm font-medium text-base-content">
          {m.quantity}
        </label>
        <input
          id="part-quantity"
          type="number"
          inputMode="numeric"
          min={part.minOrderQuantity}
          max={part.availableQuantity}
          // Whole packs from the minimum (a multiple of the pack): the arrows stay on valid counts.
          step={part.orderMultiple}
          className="input w-full"
          aria-describedby={problem ? 'part-quantity-hint part-quantity-problem' : 'part-quantity-hint'}
          aria-invalid={problem ? true : undefined}
          value={quantityText}
          onChange={(event) => setQuantityText(event.target.value)}
        />
        <p id="part-quantity-hint" className="mt-1 text-xs text-base-content/70">
          {partPageMessages.quantityRange(
            formatQuantity(part.minOrderQuantity),
            formatQuantity(part.availableQuantity),
          )}
        </p>
        {problem && (
          <QuantityProblem
            id="part-quantity-problem"
            message={problem.message}
            suggestions={problem.suggestions}
            name={part.name}
            onUse={(valid) => setQuantityText(String(valid))}
          />
        )}
      </div>
      <BillPreview part={part} quantity={quantity} totalTestId="bill-total" />
      <div className="flex flex-wrap items-start gap-3">
        <NavLink to={purchasePath(part._id, quantityText)} end className={() => 'btn btn-primary'}>
          {m.purchase}
          <span className="sr-only"> {part.name}</span>
        </NavLink>
        <AddToCartButton part={part} quantity={quantity} />
      </div>
    </section>
  );
}

/** A whole number goes along as typed (the purchase page shows one out of range as such). */
function purchasePath(partId: string, quantityText: string): string {
  const path = `/purchase/${encodeURIComponent(partId)}`;
  const typed = quantityText.trim();
  return /^\d+$/.test(typed) ? `${path}?quantity=${typed}` : path;
}

export const PartBillIsland = island('part-bill', PartBill);
