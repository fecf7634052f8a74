import type { Company, CompanySort } from '@relate/contracts';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, EyeIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { DomainList, StrengthBadge, TagList } from './company-badges';

export interface CompanySortState {
  sort: CompanySort;
  order: 'asc' | 'desc';
}

interface CompaniesTableProps {
  companies: Company[];
  sort: CompanySortState;
  onSortChange: (sort: CompanySortState) => void;
  onView: (company: Company) => void;
  onEdit: (company: Company) => void;
  onDelete: (company: Company) => void;
  /** Fades the rows while the next page loads. */
  stale?: boolean;
}

const followers = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

function SortableHead({
  column,
  label,
  sort,
  onSortChange,
  className,
}: {
  column: CompanySort;
  label: string;
  sort: CompanySortState;
  onSortChange: (sort: CompanySortState) => void;
  className?: string;
}) {
  const active = sort.sort === column;
  const next: CompanySortState = { sort: column, order: active && sort.order === 'asc' ? 'desc' : 'asc' };
  const Icon = !active ? ArrowUpDownIcon : sort.order === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <TableHead
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('h-auto py-1.5 whitespace-normal', className)}
    >
      <button
        type="button"
        className={cn(
          '-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 text-left leading-tight uppercase transition-colors hover:bg-accent hover:text-foreground',
          active && 'text-foreground',
        )}
        onClick={() => onSortChange(next)}
      >
        {label}
        <Icon className={cn('size-3', !active && 'opacity-40')} />
      </button>
    </TableHead>
  );
}

function RowAction({
  label,
  onClick,
  destructive,
  children,
}: {
  label: string;
  onClick: () => void;
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          size="icon"
          variant="ghost"
          className={cn(
            'size-7',
            destructive && 'text-destructive hover:bg-destructive/10 hover:text-destructive',
          )}
          onClick={onClick}
          aria-label={label}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

const Muted = ({ children }: { children?: string | null }) =>
  children || <span className="text-muted-foreground">—</span>;

/** The company directory: server-side sort by the spec's seven columns. */
/** The actions stay in view while a narrow window scrolls the wide table sideways. */
const STICKY_END = 'sticky right-0 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.18)]';

export function CompaniesTable({
  companies,
  sort,
  onSortChange,
  onView,
  onEdit,
  onDelete,
  stale,
}: CompaniesTableProps) {
  const head = { sort, onSortChange };
  return (
    <Table className="min-w-[1000px] [&_td]:px-2.5 [&_th]:px-2.5">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <SortableHead column="id" label="Record ID" {...head} />
          <SortableHead column="record" label="Record" {...head} />
          <SortableHead column="categories" label="Categories" {...head} />
          <TableHead>Domains</TableHead>
          <SortableHead column="last_interaction" label="Last Interaction" {...head} />
          <SortableHead column="connection_strength" label="Connection Strength" {...head} />
          <SortableHead
            column="twitter_follower_count"
            label="Twitter Followers"
            className="text-right"
            {...head}
          />
          <SortableHead column="created_at" label="Created At" {...head} />
          <TableHead
            className={cn(STICKY_END, 'bg-[color-mix(in_oklab,var(--muted)_50%,var(--card))] text-right')}
          >
            Actions
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className={cn('transition-opacity', stale && 'opacity-60')}>
        {companies.map((company) => (
          <TableRow
            key={company.id}
            data-testid="company-row"
            className="cursor-pointer"
            onClick={() => onView(company)}
          >
            <TableCell className="font-mono text-xs text-muted-foreground tabular-nums">
              #{company.id}
            </TableCell>
            <TableCell className="max-w-64 min-w-44">
              <span className="block truncate font-medium">{company.record}</span>
              {company.tags.length > 0 && (
                <div className="mt-1">
                  <TagList tags={company.tags} limit={3} />
                </div>
              )}
            </TableCell>
            <TableCell className="max-w-40 truncate">
              <Muted>{company.categories}</Muted>
            </TableCell>
            <TableCell>
              <DomainList domains={company.domains} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <Muted>{formatDate(company.last_interaction)}</Muted>
            </TableCell>
            <TableCell>
              <StrengthBadge strength={company.connection_strength} />
            </TableCell>
            <TableCell
              className="text-right tabular-nums"
              title={company.twitter_follower_count.toLocaleString()}
            >
              {followers.format(company.twitter_follower_count)}
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {formatDate(company.created_at)}
            </TableCell>
            <TableCell
              className={cn(STICKY_END, 'bg-card text-right')}
              onClick={(event) => event.stopPropagation()}
            >
              <div className="flex justify-end gap-0.5">
                <RowAction label={`View details of ${company.record}`} onClick={() => onView(company)}>
                  <EyeIcon />
                </RowAction>
                <RowAction label={`Edit ${company.record}`} onClick={() => onEdit(company)}>
                  <PencilIcon />
                </RowAction>
                <RowAction label={`Delete ${company.record}`} onClick={() => onDelete(company)} destructive>
                  <Trash2Icon />
                </RowAction>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
