import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangleIcon, RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

function LoadingRows() {
  return (
    <div className="grid gap-2" aria-busy="true">
      {['a', 'b', 'c', 'd'].map((key) => (
        <Skeleton key={key} className="h-12 w-full" />
      ))}
    </div>
  );
}

/** What a failed query shows: its message and a way to try again. */
export function QueryError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-10 text-center"
    >
      <AlertTriangleIcon className="size-6 text-destructive" />
      <div className="grid gap-1">
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{error.message}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCwIcon />
        Try again
      </Button>
    </div>
  );
}

/**
 * Loading, error and empty states of a query in one place; `children` renders the data. Data kept from an
 * earlier page (placeholder data) is shown while the next one loads.
 */
export function QueryState<T>({
  query,
  errorTitle = 'Something went wrong',
  loading = <LoadingRows />,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  errorTitle?: string;
  loading?: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError)
    return <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (empty !== undefined && isEmpty?.(query.data)) return empty;
  return children(query.data);
}
