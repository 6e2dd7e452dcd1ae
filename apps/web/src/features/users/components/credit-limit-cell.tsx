import {
  creditLimitInputSchema,
  DEFAULT_MONEY_PATTERN,
  type MoneyPattern,
  creditLimitMessages as m,
  type UserListItem,
  validationMessages,
} from '@store/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { storeSettings } from '../../../lib/store-settings';
import { setCreditLimit, userKeys } from '../api';

/**
 * The amount typed, as the API takes it: in the store's currency, with the grouping separators
 * and the currency's symbol people type forgiven (as the store writes money: decision 056); the
 * error message (from the shared schema) when it is not one.
 */
export function parseCreditLimit(
  text: string,
  money: MoneyPattern = DEFAULT_MONEY_PATTERN,
): { creditLimit: number } | { error: string } {
  let cleaned = text.replace(/\s/g, '').replaceAll(money.symbol, '').replaceAll('$', '');
  if (money.group) cleaned = cleaned.replaceAll(money.group, '');
  if (money.decimal !== '.') cleaned = cleaned.replaceAll(money.decimal, '.');
  if (cleaned === '') return { error: validationMessages.creditLimitRequired };
  if (!/^-?\d*\.?\d*$/.test(cleaned) || cleaned === '.' || cleaned === '-') {
    return { error: validationMessages.creditLimitNumber };
  }
  const parsed = creditLimitInputSchema.safeParse({ creditLimit: Number(cleaned) });
  if (!parsed.success)
    return { error: parsed.error.issues[0]?.message ?? validationMessages.creditLimitNumber };
  return { creditLimit: parsed.data.creditLimit ?? 0 };
}

/**
 * One user's credit limit on the Users page (decision 027): what their unpaid orders may total,
 * shown with '(default)' when it is the store's MAX_UNPAID_TOTAL, and edited in place. Focus
 * goes to the amount on Edit and back to Edit when done; Escape cancels.
 */
export function CreditLimitCell({ user }: { user: UserListItem }) {
  const who = user.email;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  /** Whether Edit should take the focus back once shown again (not on the first render). */
  const refocus = useRef(false);
  const id = useId();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (editing) input.current?.focus();
    else if (refocus.current) {
      refocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    refocus.current = true;
    setEditing(false);
    setError(undefined);
  };

  const save = useMutation({
    mutationFn: setCreditLimit,
    onSuccess: (result) => {
      toast.success(m.saved(who, formatPrice(result.user.creditLimit)));
      close();
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (failure) =>
      setError(
        failure instanceof ApiError ? (failure.fields?.creditLimit ?? failure.message) : failure.message,
      ),
  });

  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span data-testid="credit-limit">
          {formatPrice(user.creditLimit)}
          {!user.customCreditLimit && <span className="text-base-content/70"> {m.defaultNote}</span>}
        </span>
        <button
          ref={editButton}
          type="button"
          className="btn btn-ghost btn-xs"
          aria-label={m.edit(who)}
          onClick={() => {
            setText(user.creditLimit.toFixed(2));
            setEditing(true);
          }}
        >
          {m.editText}
        </button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCreditLimit(text, storeSettings().money);
    if ('error' in parsed) {
      setError(parsed.error);
      input.current?.focus();
      return;
    }
    save.mutate({ email: user.email, creditLimit: parsed.creditLimit });
  };

  return (
    <form
      className="flex min-w-56 flex-col gap-1"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
      noValidate
    >
      <label htmlFor={id} className="sr-only">
        {m.label(who, storeSettings().currency.toUpperCase())}
      </label>
      <input
        ref={input}
        id={id}
        className={`input input-sm w-full ${error ? 'input-error' : ''}`}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="text-xs text-base-content/70">
        {m.hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-1">
        <button type="submit" className="btn btn-primary btn-xs" disabled={save.isPending}>
          {m.save}
        </button>
        {user.customCreditLimit && (
          <button
            type="button"
            className="btn btn-outline btn-xs"
            disabled={save.isPending}
            onClick={() => save.mutate({ email: user.email, creditLimit: null })}
          >
            {m.useDefault}
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-xs" onClick={close}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}
