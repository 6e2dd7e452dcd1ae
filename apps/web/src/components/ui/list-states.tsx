import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListResult } from '../../lib/api-client';
import { ErrorState, LoadingState } from './states';

/** Every list's loading, error and empty states, then the list itself. */
export function ListStates<T>({
  query,
  loadingLabel,
  empty,
  children,
}: {
  query: UseQueryResult<ListResult<T>>;
  loadingLabel: string;
  empty: ReactNode;
  children: (list: ListResult<T>) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError) return <ErrorState onRetry={() => query.refetch()} />;
  if (query.data.items.length === 0) return empty;
  return children(query.data);
}
