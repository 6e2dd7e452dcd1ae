import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ContactField } from '../components/contact-fields';
import { profileQuery } from '../lib/account-queries';

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
