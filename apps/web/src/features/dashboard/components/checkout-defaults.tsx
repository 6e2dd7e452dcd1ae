import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountMessages,
  profileMessages as m,
  type ProfileDefaults,
  profileDefaultsSchema,
  uiMessages,
} from '@store/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Field, TextAreaField } from '../../../components/ui/field';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { authKeys, profileQuery } from '../../../lib/account-queries';
import { ApiError } from '../../../lib/api-client';
import { saveProfileDefaults } from '../api';

/** An empty field is "no default" (null), never an empty string the order rules would refuse. */
const blankIsNull = {
  setValueAs: (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value),
};
const fields = ['phone', 'address', 'companyName', 'vatNumber'] as const;

/**
 * My Profile's defaults: the phone and address checkout starts from, and for a
 * business the company name and VAT number its invoices carry (orders placed afterwards).
 */
export function CheckoutDefaults({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery(email));
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileDefaults>({
    resolver: zodResolver(profileDefaultsSchema),
    values: profile.data && {
      phone: profile.data.phone,
      address: profile.data.address,
      companyName: profile.data.companyName,
      vatNumber: profile.data.vatNumber,
    },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await saveProfileDefaults(input);
      queryClient.setQueryData(authKeys.profile(email), saved);
      reset(saved);
      toast.success(accountMessages.profileDefaultsSaved);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const field of fields) {
          const message = error.fields[field];
          if (message) setError(field, { message });
        }
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  if (profile.isPending) return <LoadingState label={m.loadingDetails} />;
  if (profile.isError) return <ErrorState onRetry={() => profile.refetch()} />;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-8 flex flex-col gap-3"
      aria-labelledby="defaults-title"
    >
      <h3 id="defaults-title" className="text-lg font-semibold">
        {m.defaultsTitle}
      </h3>
      <p className="text-sm text-base-content/70">{m.defaultsHint}</p>
      <Field
        label={m.defaultPhone}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone', blankIsNull)}
      />
      <TextAreaField
        label={m.defaultAddress}
        rows={3}
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address', blankIsNull)}
      />
      <Field
        label={m.companyName}
        autoComplete="organization"
        error={errors.companyName?.message}
        {...register('companyName', blankIsNull)}
      />
      <Field label={m.vatNumber} error={errors.vatNumber?.message} {...register('vatNumber', blankIsNull)} />
      <button type="submit" className="btn btn-primary self-start" disabled={isSubmitting || !isDirty}>
        {isSubmitting ? uiMessages.saving : m.saveDetails}
      </button>
    </form>
  );
}
