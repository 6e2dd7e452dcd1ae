import type { InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';

/** A labelled input whose error is announced and tied to it for screen readers. */
export function Field({
  label,
  error,
  children,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  children?: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-control w-full">
      <label htmlFor={id} className="label mb-1 text-sm font-medium text-base-content">
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}
