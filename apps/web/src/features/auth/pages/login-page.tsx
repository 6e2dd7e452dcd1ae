import { zodResolver } from '@hookform/resolvers/zod';
import {
  headMessages,
  type LoginInput,
  loginSchema,
  authPageMessages as m,
  passwordResetMessages,
} from '@store/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { Field } from '../../../components/ui/field';
import { describeAuthError } from '../../../lib/describe-auth-error';
import { takeReturnPath } from '../../../lib/return-path';
import { useSessionUser } from '../../../lib/session';
import { startSession } from '../../../lib/start-session';
import { AuthCard } from '../components/auth-card';
import { AuthFooter, ProviderError } from '../components/auth-footer';
import { returnPath } from '../return-path';

export default function LoginPage() {
  const user = useSessionUser();
  const location = useLocation();
  const [providerError, setProviderError] = useState<string>();
  // Read once: the page a visitor left by loading this one (a server-rendered page's Login).
  const [remembered] = useState(takeReturnPath);
  const [reset, setReset] = useState<{ sending: true } | { sentTo: string }>();
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema) });

  // Signing in sets the session, and this sends the user back where they came from.
  if (user) return <Navigate to={returnPath(location.state, remembered)} replace />;

  // The link to choose a new password, for the e-mail typed above. The answer is the same whether
  // or not it has an account (the store's forwarded calls, like Firebase, never say which).
  const onForgotPassword = async () => {
    setProviderError(undefined);
    setReset(undefined);
    if (!(await trigger('email'))) return;
    const email = getValues('email');
    setReset({ sending: true });
    try {
      const { sendPasswordReset } = await import('../../../lib/firebase');
      await sendPasswordReset(email);
      setReset({ sentTo: email });
    } catch (error) {
      setReset(undefined);
      setProviderError(describeAuthError(error));
    }
  };

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setProviderError(undefined);
    setReset(undefined);
    try {
      const { signInWithPassword } = await import('../../../lib/firebase');
      await startSession(await signInWithPassword(email, password));
    } catch (error) {
      setProviderError(describeAuthError(error));
    }
  });

  return (
    <AuthCard title={m.login}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <Field
          label={m.email}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label={m.password}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        >
          <ProviderError message={providerError} />
        </Field>
        <button
          type="button"
          className="link link-primary self-end text-sm"
          onClick={onForgotPassword}
          disabled={isSubmitting || (reset !== undefined && 'sending' in reset)}
        >
          {reset && 'sending' in reset ? passwordResetMessages.sending : passwordResetMessages.forgot}
        </button>
        {reset && 'sentTo' in reset && (
          <p role="status" className="text-sm text-base-content/80" data-testid="password-reset-sent">
            {passwordResetMessages.sent(reset.sentTo)}
          </p>
        )}
        <button type="submit" className="btn btn-primary mt-2 w-full" disabled={isSubmitting}>
          {isSubmitting ? m.signingIn : m.login}
        </button>
      </form>
      <AuthFooter
        link={
          <>
            {m.newTo(headMessages.siteName)}{' '}
            <Link to="/register" state={location.state} className="link link-primary">
              {m.createAccount}
            </Link>
          </>
        }
        onGoogleError={(error) => setProviderError(describeAuthError(error))}
        disabled={isSubmitting}
        returnTo={returnPath(location.state, remembered)}
      />
    </AuthCard>
  );
}
