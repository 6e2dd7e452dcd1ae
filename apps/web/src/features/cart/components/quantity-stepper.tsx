import { cartPageMessages as m } from '@store/shared';
import { useEffect, useState } from 'react';
import { stepDown, stepUp, typedQuantity } from '../quantity-steps';

/**
 * A line's quantity: − and + step by the pack; typing is allowed, and a typed quantity is sent
 * when the field is left or Enter is pressed (not on every key, which would flag '1' of '150').
 */
export function QuantityStepper({
  id,
  name,
  quantity,
  pack,
  describedBy,
  disabled,
  onChange,
}: {
  id: string;
  name: string;
  quantity: number;
  pack: number;
  describedBy?: string;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}) {
  const [text, setText] = useState(String(quantity));
  useEffect(() => setText(String(quantity)), [quantity]);
  const commit = () => {
    const typed = typedQuantity(text);
    if (typed === undefined) setText(String(quantity));
    else if (typed !== quantity) onChange(typed);
  };
  return (
    <div className="join">
      <button
        type="button"
        className="btn join-item btn-sm"
        aria-label={m.decrease(name)}
        disabled={disabled || quantity <= Math.max(1, pack)}
        onClick={() => onChange(stepDown(quantity, pack))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        className="input input-sm join-item w-24 text-center"
        value={text}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      <button
        type="button"
        className="btn join-item btn-sm"
        aria-label={m.increase(name)}
        disabled={disabled}
        onClick={() => onChange(stepUp(quantity, pack))}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
