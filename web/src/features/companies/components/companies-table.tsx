import type { Company } from '@relate/contracts';
import type { ColumnDef, VisibilityState } from '@tanstack/react-table';
import { EyeIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { hideableColumns } from '@/components/data-table/column-visibility-menu';
import { DataTable } from '@/components/data-table/data-table';
import { IconButton } from '@/components/icon-button';
import { formatCompactNumber, formatDate, formatNumber } from '@/lib/format';
import type { ListSort } from '@/lib/use-list-state';
import { cn } from '@/lib/utils';
import { DomainList, StrengthBadge, TagList } from './company-badges';

const Muted = ({ children }: { children?: string | null }) =>
  children || <span className="text-muted-foreground">—</span>;

/** The spec's columns; all but Domains sort on the server. */
const columns: ColumnDef<Company>[] = [
  {
    accessorKey: 'id',
    header: 'Record ID',
    enableSorting: true,
    meta: { label: 'Record ID', className: 'font-mono text-xs text-muted-foreground tabular-nums' },
    cell: ({ row }) => `#${row.original.id}`,
  },
  {
    accessorKey: 'record',
    header: 'Record',
    enableSorting: true,
    meta: { label: 'Record', primary: true, className: 'max-w-64 min-w-44' },
    cell: ({ row }) => (
      <>
        {/* The company's page (its people); the rest of the row opens its details. */}
        <Link
          to={`/companies/${row.original.id}`}
          onClick={(event) => event.stopPropagation()}
          className="block truncate font-medium underline-offset-4 hover:underline"
        >
          {row.original.record}
        </Link>
        {row.original.tags.length > 0 && (
          <div className="mt-1">
            <TagList tags={row.original.tags} limit={3} />
          </div>
        )}
      </>
    ),
  },
  {
    accessorKey: 'categories',
    header: 'Categories',
    enableSorting: true,
    meta: { label: 'Categories', className: 'max-w-40 truncate' },
    cell: ({ row }) => <Muted>{row.original.categories}</Muted>,
  },
  {
    id: 'domains',
    header: 'Domains',
    meta: { label: 'Domains' },
    cell: ({ row }) => <DomainList domains={row.original.domains} />,
  },
  {
    accessorKey: 'last_interaction',
    header: 'Last Interaction',
    enableSorting: true,
    meta: { label: 'Last Interaction', className: 'whitespace-nowrap' },
    cell: ({ row }) => <Muted>{formatDate(row.original.last_interaction)}</Muted>,
  },
  {
    accessorKey: 'connection_strength',
    header: 'Connection Strength',
    enableSorting: true,
    meta: { label: 'Connection Strength' },
    cell: ({ row }) => <StrengthBadge strength={row.original.connection_strength} />,
  },
  {
    accessorKey: 'twitter_follower_count',
    header: 'Twitter Followers',
    enableSorting: true,
    meta: { label: 'Twitter Followers', className: 'text-right tabular-nums' },
    cell: ({ row }) => (
      <span title={formatNumber(row.original.twitter_follower_count)}>
        {formatCompactNumber(row.original.twitter_follower_count)}
      </span>
    ),
  },
  {
    accessorKey: 'created_at',
    header: 'Created At',
    enableSorting: true,
    meta: { label: 'Created At', className: 'whitespace-nowrap text-muted-foreground' },
    cell: ({ row }) => formatDate(row.original.created_at),
  },
];

/** The columns the "Columns" menu can hide (all but Record). */
export const COMPANY_HIDEABLE_COLUMNS = hideableColumns(columns);

interface CompaniesTableProps {
  companies: Company[];
  sort: ListSort;
  onSortChange: (sort: ListSort) => void;
  onView: (company: Company) => void;
  onEdit: (company: Company) => void;
  onDelete: (company: Company) => void;
  /** Fades the rows while the next page loads. */
  stale?: boolean;
  columnVisibility?: VisibilityState;
}

/** The company directory: server-side sort, the actions pinned to the right, cards on phones. */
export function CompaniesTable({
  companies,
  sort,
  onSortChange,
  onView,
  onEdit,
  onDelete,
  stale,
  columnVisibility,
}: CompaniesTableProps) {
  return (
    <DataTable
      label="Companies"
      columns={columns}
      data={companies}
      getRowId={(company) => String(company.id)}
      sort={sort}
      onSortChange={onSortChange}
      onRowOpen={onView}
      columnVisibility={columnVisibility}
      rowProps={() => ({ 'data-testid': 'company-row' })}
      className={cn('transition-opacity sm:min-w-[1000px]', stale && 'opacity-60')}
      rowActions={(company) => (
        <>
          <IconButton
            icon={EyeIcon}
            label={`View details of ${company.record}`}
            onClick={() => onView(company)}
          />
          <IconButton icon={PencilIcon} label={`Edit ${company.record}`} onClick={() => onEdit(company)} />
          <IconButton
            icon={Trash2Icon}
            label={`Delete ${company.record}`}
            onClick={() => onDelete(company)}
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          />
        </>
      )}
    />
  );
}
