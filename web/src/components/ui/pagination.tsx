import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from './button';

/** Up to `maxButtons` page numbers centred on the current page. */
export function pageWindow(page: number, pageCount: number, maxButtons = 5): number[] {
  const count = Math.min(maxButtons, pageCount);
  let first = Math.max(1, page - Math.floor(count / 2));
  first = Math.min(first, pageCount - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

/** A list's total as the server counted it: "1,000+" when counting stopped before the last match. */
export function formatListTotal(total: number, capped = false): string {
  return `${total.toLocaleString()}${capped ? '+' : ''}`;
}

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  maxButtons?: number;
  className?: string;
}

export function Pagination({ page, pageCount, onPageChange, maxButtons = 5, className }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className={cn('flex flex-wrap items-center gap-1', className)}>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        <ChevronLeftIcon />
        Previous
      </Button>
      {pageWindow(page, pageCount, maxButtons).map((number) => (
        <Button
          key={number}
          variant={number === page ? 'default' : 'ghost'}
          size="sm"
          className="min-w-8"
          aria-current={number === page ? 'page' : undefined}
          onClick={() => onPageChange(number)}
        >
          {number}
        </Button>
      ))}
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pageCount}>
        Next
        <ChevronRightIcon />
      </Button>
    </nav>
  );
}
