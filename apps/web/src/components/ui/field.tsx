import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';

interface FieldFrameProps {
  label: string;
  error?: string | undefined;
  children?: ReactNode;
}

/**
 * Label, control and error, tied together so screen readers announce the error with the field:
 * any control (a select, a list of suggestions) given its ids.
 */
export function FieldFrame({
  label,
  error,
  children,
  control,
}: FieldFrameProps & { control: (ids: { id: string; errorId: string }) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-control w-full">
      <label htmlFor={id} className="label mb-1 text-sm font-medium text-base-content">
        {label}
      </label>
      {control({ id, errorId })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

export function Field({
  label,
  error,
  children,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & FieldFrameProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      control={({ id, errorId }) => (
        <input
          id={id}
          className={`input w-full ${error ? 'input-error' : ''}`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
      )}
    >
      {children}
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  error,
  children,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldFrameProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      control={({ id, errorId }) => (
        <textarea
          id={id}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          {...textarea}
        />
      )}
    >
      {children}
    </FieldFrame>
  );
}
