import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountMessages,
  profileMessages as m,
  type ProfileUpdate,
  profileUpdateSchema,
  roleLabels,
  uiMessages,
} from '@store/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { EmailAddress } from '../../../components/ui/email-address';
import { Field } from '../../../components/ui/field';
import { useAdminStatus } from '../../../hooks/use-admin-status';
import { profileQuery } from '../../../lib/account-queries';
import { ApiError } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/session';
import { renameProfile } from '../api';
import { CheckoutDefaults } from '../components/checkout-defaults';
import { EmailVerification } from '../components/email-verification';

/**
 * My Profile: name, e-mail (and whether it is verified) and role; the user edits their display
 * name, and the defaults checkout and invoices start from.
 */
export default function ProfilePage() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const admin = useAdminStatus();
  const profile = useQuery({ ...profileQuery(user?.email ?? ''), enabled: !!user });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    values: { name: user?.name ?? '' },
  });

  if (!user) return null;
  const role = admin.isSuccess ? (admin.data.admin ? roleLabels.admin : roleLabels.customer) : '…';
  // The admin role granted to an address not verified yet: its powers wait (docs/architecture.md,
  // 'Admin powers').
  const adminWaits = admin.data?.admin === false && profile.data?.role === 'admin';

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      const updated = await renameProfile({ name });
      reset({ name: updated.name });
      toast.success(accountMessages.nameUpdated);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      // Firebase's copy of the name follows; the store's own record is already saved.
      const { updateDisplayName } = await import('../../../lib/firebase');
      await updateDisplayName(updated.name).catch(() => undefined);
    } catch (error) {
      setError('name', { message: error instanceof ApiError ? error.message : String(error) });
    }
  });

  return (
    <div className="max-w-xl">
      <h2 className="text-2xl font-bold">{m.title}</h2>
      <dl className="mt-6 grid grid-cols-[8rem_1fr] gap-y-3 rounded-box border border-base-300 p-5">
        <dt className="text-base-content/60">{m.name}</dt>
        <dd className="font-semibold" data-testid="profile-name">
          {user.name}
        </dd>
        <dt className="text-base-content/60">{m.email}</dt>
        <dd className="font-semibold">
          <EmailAddress email={user.email} />
        </dd>
        <dt className="text-base-content/60">{m.emailStatus}</dt>
        <dd>
          <EmailVerification email={user.email} />
        </dd>
        <dt className="text-base-content/60">{m.role}</dt>
        <dd className="font-semibold" data-testid="profile-role">
          {adminWaits ? m.adminWaiting(accountMessages.adminWaitingForVerification) : role}
        </dd>
      </dl>
      <form onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-3">
        <h3 className="text-lg font-semibold">{m.changeName}</h3>
        <Field label={m.displayName} autoComplete="name" error={errors.name?.message} {...register('name')} />
        <button type="submit" className="btn btn-primary self-start" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? uiMessages.saving : m.saveName}
        </button>
      </form>
      <CheckoutDefaults email={user.email} />
    </div>
  );
}
