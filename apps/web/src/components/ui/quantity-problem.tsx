import { lineProblem, cartPageMessages as m, validQuantitiesNear } from '@store/shared';
import { formatQuantity } from '../../lib/format';

/** What a quantity field checks a typed quantity against: the part's rules. */
export interface QuantityRules {
  minOrderQuantity: number;
  orderMultiple: number;
  availableQuantity: number;
}

/**
 * What is wrong with a typed quantity of a listed part, and the quantities to offer instead; none
 * for a valid one, or for an empty field (nothing to explain yet).
 */
export function quantityProblemOf(
  part: QuantityRules,
  quantity: number,
): { message: string; suggestions: number[] } | undefined {
  if (!Number.isFinite(quantity)) return undefined;
  const rules = { ...part, quantity };
  const problem = lineProblem({ ...rules, listed: true });
  return problem ? { message: problem.message, suggestions: validQuantitiesNear(rules) } : undefined;
}

/**
 * Why a quantity cannot be ordered, in words next to its field (which names `id` in its
 * aria-describedby), with the valid quantities as buttons that set it. The cart's lines, the part
 * page and the purchase page say it alike, from the shared rules (cart-rules.ts).
 */
export function QuantityProblem({
  id,
  message,
  suggestions,
  name,
  disabled,
  onUse,
  testId = 'quantity-problem',
}: {
  id: string;
  message: string;
  suggestions: readonly number[];
  /** The part's name: each button says what it sets, read out of context too. */
  name: string;
  disabled?: boolean;
  onUse: (quantity: number) => void;
  testId?: string;
}) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2" data-testid={testId}>
      <p id={id} className="text-sm font-medium text-error">
        {message}
      </p>
      {suggestions.map((quantity) => (
        <button
          key={quantity}
          type="button"
          className="btn btn-warning btn-xs"
          aria-label={m.suggestionFor(formatQuantity(quantity), name)}
          disabled={disabled}
          onClick={() => onUse(quantity)}
        >
          {m.suggestion(formatQuantity(quantity))}
        </button>
      ))}
    </div>
  );
}
