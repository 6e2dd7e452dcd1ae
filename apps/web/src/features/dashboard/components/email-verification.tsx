import { accountMessages } from '@store/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { authKeys } from '../../../lib/account-queries';
import { describeAuthError } from '../../../lib/describe-auth-error';
import { session } from '../../../lib/session';
import { startSession } from '../../../lib/start-session';

const identityKey = (email: string) => ['identity', email] as const;

/**
 * My Profile's e-mail verification. The provider holds the state; once it says verified, the
 * sign-in exchange runs again so the store sees it (an ADMIN_EMAILS address becomes admin, an
 * admin's powers start). Shopping never waits for it.
 */
export function EmailVerification({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const identity = useQuery({
    queryKey: identityKey(email),
    queryFn: async () => {
      const { refreshIdentity } = await import('../../../lib/firebase');
      const fresh = await refreshIdentity();
      if (!fresh) return null;
      // The link was followed elsewhere and our token says the store does not know yet: trade the
      // fresh ID token for one that does, and ask the role again, so that the role shown matches
      // 'Verified' without signing out.
      if (fresh.emailVerified && session.user()?.emailVerified === false) {
        await startSession({ email: fresh.email, idToken: fresh.idToken });
        await queryClient.invalidateQueries({ queryKey: authKeys.admin(email) });
      }
      return { emailVerified: fresh.emailVerified };
    },
    // Asked again each time My Profile opens until verified; once verified it stays so.
    staleTime: (query) => (query.state.data?.emailVerified ? Number.POSITIVE_INFINITY : 0),
  });

  const send = useMutation({
    mutationFn: async () => {
      const { sendVerificationEmail } = await import('../../../lib/firebase');
      await sendVerificationEmail();
    },
    onSuccess: () => toast.info(accountMessages.verificationSent(email)),
    onError: (error) => toast.error(describeAuthError(error)),
  });

  const check = useMutation({
    mutationFn: async () => {
      const { refreshIdentity } = await import('../../../lib/firebase');
      const fresh = await refreshIdentity();
      if (!fresh) return null;
      if (fresh.emailVerified) await startSession({ email: fresh.email, idToken: fresh.idToken });
      return { emailVerified: fresh.emailVerified };
    },
    onSuccess: (status) => {
      queryClient.setQueryData(identityKey(email), status);
      if (!status?.emailVerified) {
        toast.warn(accountMessages.stillUnverified);
        return;
      }
      toast.success(accountMessages.nowVerified);
      void queryClient.invalidateQueries({ queryKey: authKeys.admin(email) });
    },
    onError: (error) => toast.error(describeAuthError(error)),
  });

  // Signed in through the store but not (any more) through the provider: nothing to offer.
  if (!identity.data) return null;
  if (identity.data.emailVerified) {
    return (
      <span className="badge badge-success badge-soft" data-testid="email-status">
        {accountMessages.emailVerified}
      </span>
    );
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <span className="badge badge-warning badge-soft" data-testid="email-status">
        {accountMessages.emailNotVerified}
      </span>
      <p className="text-sm text-base-content/70">{accountMessages.verifyEmailHint}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={send.isPending}
          onClick={() => send.mutate()}
        >
          {accountMessages.verifyEmail}
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={check.isPending}
          onClick={() => check.mutate()}
        >
          {accountMessages.verificationCheck}
        </button>
      </div>
    </div>
  );
}
