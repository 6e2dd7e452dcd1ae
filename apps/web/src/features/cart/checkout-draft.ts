import { useEffect } from 'react';
import type { ChangeHandler, UseFormRegister, UseFormRegisterReturn, UseFormSetValue } from 'react-hook-form';
import { forgetDraft, keepInDraft, readDraft } from '../../lib/session-drafts';

const FORM = 'checkout';

type DraftFields = { phone: string; address: string; poReference?: string | undefined };
const FIELDS = ['phone', 'address', 'poReference'] as const;
type DraftField = (typeof FIELDS)[number];

/**
 * The cart checkout's draft: the phone, address and PO reference the customer typed, kept for
 * the tab's session so that a look at the catalog mid-checkout loses none of it. Only what they
 * typed, as they type it: the phone and address checkout fills in from the server are not copied
 * into the browser. Restored as typed (dirty), so those remembered values do not replace it; call
 * before useRememberedContact, whose effect must run after this one.
 */
export function useCheckoutDraft(
  email: string,
  form: { register: UseFormRegister<DraftFields>; setValue: UseFormSetValue<DraftFields> },
) {
  const { register, setValue } = form;
  useEffect(() => {
    const draft = readDraft(FORM, email);
    for (const field of FIELDS) {
      const value = draft[field];
      if (value !== undefined) setValue(field, value, { shouldDirty: true });
    }
  }, [email, setValue]);
  return {
    /** `register(field)`, keeping each change in the draft. */
    keep<F extends DraftField>(field: F): UseFormRegisterReturn<F> {
      const registered = register(field);
      return {
        ...registered,
        onChange: (event: Parameters<ChangeHandler>[0]) => {
          keepInDraft(FORM, email, field, String(event.target.value ?? ''));
          return registered.onChange(event);
        },
      };
    },
    forget: () => forgetDraft(FORM, email),
  };
}
