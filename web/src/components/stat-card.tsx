import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';

/** A figure with its title, an icon and a one-line hint (the hint hides on phones). */
export function StatCard({
  title,
  value,
  hint,
  icon: Icon,
  loading = false,
}: {
  title: string;
  value: number;
  hint?: string;
  icon: LucideIcon;
  loading?: boolean;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 p-4 pb-2 sm:p-6 sm:pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <span className="hidden size-8 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary sm:flex">
          <Icon className="size-4" />
        </span>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {loading ? (
          <Skeleton className="h-9 w-20" />
        ) : (
          <p className="text-2xl font-semibold tabular-nums sm:text-3xl" data-testid={`stat-${title}`}>
            {formatNumber(value)}
          </p>
        )}
        {hint && <p className="mt-1 hidden text-xs text-muted-foreground sm:block">{hint}</p>}
      </CardContent>
    </Card>
  );
}
