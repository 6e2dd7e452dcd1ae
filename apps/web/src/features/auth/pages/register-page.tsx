import { zodResolver } from '@hookform/resolvers/zod';
import { type RegisterInput, registerSchema } from '@store/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router-dom';
import { Field } from '../../../components/ui/field';
import { useSessionUser } from '../../../lib/session';
import { startSession } from '../api';
import { AuthCard } from '../components/auth-card';
import { AuthFooter, ProviderError } from '../components/auth-footer';
import { describeAuthError } from '../describe-auth-error';

export default function RegisterPage() {
  const user = useSessionUser();
  const [providerError, setProviderError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({ resolver: zodResolver(registerSchema) });

  // On success registration goes to / (spec §2).
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
    <AuthCard title="Register">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <Field label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        >
          <ProviderError message={providerError} />
        </Field>
        <button type="submit" className="btn btn-primary mt-2 w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Register'}
        </button>
      </form>
      <AuthFooter
        link={
          <>
            Already have an account?{' '}
            <Link to="/login" className="link link-primary">
              Please login
            </Link>
          </>
        }
        onGoogleError={(error) => setProviderError(describeAuthError(error))}
        disabled={isSubmitting}
      />
    </AuthCard>
  );
}
