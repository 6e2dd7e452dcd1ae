import { purchaseMessages as m } from '@store/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, TextAreaField } from './ui/field';

/** The contact an order is sent to. */
export type ContactField = 'phone' | 'address';

/** The two fields every order asks for, phone and address: the Purchase page's and the checkout's. */
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
