import { pageMessages, uiMessages } from '@store/shared';
import type { ReactNode } from 'react';

/** Loading, error and empty states shared by every query-backed section. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-base-content/70">
      <span className="loading loading-spinner loading-md" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function ErrorState({
  message = pageMessages.loadFailed,
  onRetry,
}: {
  message?: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="alert alert-error alert-soft mx-auto max-w-xl">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {uiMessages.tryAgain}
        </button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-box bg-base-200 px-6 py-10 text-center text-base-content/70">{children}</p>;
}
