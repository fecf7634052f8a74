import type { ConnectionStrength } from '@relate/contracts';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { strengthLabel, tagColour } from '../company-form';

/** Spec section 9: a row shows 2 domains, then a '+n' badge. */
export const DOMAINS_SHOWN = 2;

const None = () => <span className="text-muted-foreground">—</span>;

/** The first `limit` items, then a '+n' badge whose tooltip names the rest. */
function OverflowList({
  items,
  limit,
  wrap,
  render,
}: {
  items: string[];
  limit: number;
  wrap: boolean;
  render: (item: string) => ReactNode;
}) {
  if (items.length === 0) return <None />;
  const rest = items.slice(limit);
  return (
    <div className={cn('flex items-center gap-1', wrap ? 'flex-wrap' : 'flex-nowrap')}>
      {items.slice(0, limit).map(render)}
      {rest.length > 0 && (
        <Tooltip>
          <TooltipTrigger asChild>
            <Badge variant="secondary" tabIndex={0} aria-label={`${rest.length} more: ${rest.join(', ')}`}>
              +{rest.length}
            </Badge>
          </TooltipTrigger>
          <TooltipContent className="max-w-72">{rest.join(', ')}</TooltipContent>
        </Tooltip>
      )}
    </div>
  );
}

export function TagBadge({ tag }: { tag: string }) {
  return (
    <Badge className={cn('max-w-40 border-transparent', tagColour(tag))}>
      <span className="truncate">{tag}</span>
    </Badge>
  );
}

/** Every tag, or in a table row the first `limit` of them. */
export function TagList({ tags, limit }: { tags: string[]; limit?: number }) {
  return (
    <OverflowList
      items={tags}
      limit={limit ?? tags.length}
      wrap={limit === undefined}
      render={(tag) => <TagBadge key={tag} tag={tag} />}
    />
  );
}

export function DomainList({ domains, wrap = false }: { domains: string[]; wrap?: boolean }) {
  return (
    <OverflowList
      items={domains}
      limit={DOMAINS_SHOWN}
      wrap={wrap}
      render={(domain) => (
        <Badge key={domain} variant="outline" className="max-w-32 font-normal">
          <span className="truncate">{domain}</span>
        </Badge>
      )}
    />
  );
}

const STRENGTH_STYLE: Record<
  ConnectionStrength,
  { variant: 'success' | 'warning' | 'secondary'; dot: string }
> = {
  strong: { variant: 'success', dot: 'bg-success' },
  medium: { variant: 'warning', dot: 'bg-warning' },
  weak: { variant: 'secondary', dot: 'bg-muted-foreground/60' },
};

export function StrengthBadge({ strength }: { strength: ConnectionStrength | null }) {
  if (!strength) return <None />;
  const style = STRENGTH_STYLE[strength];
  return (
    <Badge variant={style.variant}>
      <span className={cn('size-1.5 rounded-full', style.dot)} />
      {strengthLabel(strength)}
    </Badge>
  );
}
