import type { ColumnDef, VisibilityState } from '@tanstack/react-table';
import { Columns3Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export interface HideableColumn {
  id: string;
  label: string;
}

/** The columns a user may hide: every one with a label but the primary one (the row's name). */
export function hideableColumns<T>(
  columns: readonly ColumnDef<T, never>[] | readonly ColumnDef<T>[],
): HideableColumn[] {
  return columns.flatMap((column) => {
    const id = column.id ?? ('accessorKey' in column ? String(column.accessorKey) : undefined);
    const label = column.meta?.label;
    return id && label && !column.meta?.primary ? [{ id, label }] : [];
  });
}

/** A "Columns" menu that shows or hides a DataTable's columns. */
export function ColumnVisibilityMenu({
  columns,
  visibility,
  onVisibilityChange,
}: {
  columns: HideableColumn[];
  visibility: VisibilityState;
  onVisibilityChange: (visibility: VisibilityState) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3Icon />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {columns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={visibility[column.id] !== false}
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) => onVisibilityChange({ ...visibility, [column.id]: checked })}
          >
            {column.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
