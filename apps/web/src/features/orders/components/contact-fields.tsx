import { purchaseMessages as m } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, TextAreaField } from '../../../components/ui/field';
import { profileQuery } from '../../auth';

type ContactField = 'phone' | 'address';

/** The two fields every order asks for (spec §4): the part's Purchase page and the cart's checkout. */
export function ContactFields({
  phone,
  address,
  errors,
}: {
  phone: UseFormRegisterReturn<'phone'>;
  address: UseFormRegisterReturn<'address'>;
  errors: Partial<Record<ContactField, { message?: string }>>;
}) {
  return (
    <>
      <Field label={m.phone} type="tel" autoComplete="tel" error={errors.phone?.message} {...phone} />
      <TextAreaField
        label={m.address}
        rows={3}
        autoComplete="street-address"
        error={errors.address?.message}
        {...address}
      />
    </>
  );
}

/**
 * Checkout remembers: phone and address start from My Profile's defaults, else from
 * the last order, as the server answers; a field the customer has typed in is left alone.
 */
export function useRememberedContact(
  email: string | undefined,
  form: {
    getFieldState: (field: ContactField) => { isDirty: boolean };
    setValue: (field: ContactField, value: string) => void;
  },
): void {
  const profile = useQuery({ ...profileQuery(email ?? ''), enabled: !!email });
  const remembered = profile.data?.checkout;
  const { getFieldState, setValue } = form;
  useEffect(() => {
    if (!remembered) return;
    for (const field of ['phone', 'address'] as const) {
      const value = remembered[field];
      if (value && !getFieldState(field).isDirty) setValue(field, value);
    }
  }, [remembered, getFieldState, setValue]);
}
