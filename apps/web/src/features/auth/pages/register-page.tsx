import { zodResolver } from '@hookform/resolvers/zod';
import { authPageMessages as m, type RegisterInput, registerSchema } from '@store/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router-dom';
import { Field } from '../../../components/ui/field';
import { describeAuthError } from '../../../lib/describe-auth-error';
import { useSessionUser } from '../../../lib/session';
import { startSession } from '../../../lib/start-session';
import { AuthCard } from '../components/auth-card';
import { AuthFooter, ProviderError } from '../components/auth-footer';

export default function RegisterPage() {
  const user = useSessionUser();
  const [providerError, setProviderError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({ resolver: zodResolver(registerSchema) });

  // A visitor who has registered goes to /.
  if (user) return <Navigate to="/" replace />;

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    setProviderError(undefined);
    try {
      const { registerWithPassword } = await import('../../../lib/firebase');
      await startSession(await registerWithPassword(name, email, password));
    } catch (error) {
      setProviderError(describeAuthError(error));
    }
  });

  return (
    <AuthCard title={m.register}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <Field label={m.name} autoComplete="name" error={errors.name?.message} {...register('name')} />
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
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        >
          <ProviderError message={providerError} />
        </Field>
        <button type="submit" className="btn btn-primary mt-2 w-full" disabled={isSubmitting}>
          {isSubmitting ? m.creatingAccount : m.register}
        </button>
      </form>
      <AuthFooter
        link={
          <>
            {m.haveAccount}{' '}
            <Link to="/login" className="link link-primary">
              {m.pleaseLogin}
            </Link>
          </>
        }
        onGoogleError={(error) => setProviderError(describeAuthError(error))}
        disabled={isSubmitting}
      />
    </AuthCard>
  );
}
