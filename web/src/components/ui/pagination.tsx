import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Input } from './input';

/** Up to `maxButtons` page numbers centred on the current page. */
export function pageWindow(page: number, pageCount: number, maxButtons = 5): number[] {
  const count = Math.min(maxButtons, pageCount);
  let first = Math.max(1, page - Math.floor(count / 2));
  first = Math.min(first, pageCount - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

/** A list's total as the server counted it: "1,000+" when counting stopped before the last match. */
export function formatListTotal(total: number, capped = false): string {
  return `${formatNumber(total)}${capped ? '+' : ''}`;
}

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  maxButtons?: number;
  className?: string;
}

/** The page a typed number stands for, within 1..pageCount; null when it is not a number. */
export function pageFromInput(text: string, pageCount: number): number | null {
  const number = Number.parseInt(text.replace(/[^\d]/g, ''), 10);
  if (!Number.isFinite(number)) return null;
  return Math.min(Math.max(number, 1), pageCount);
}

/** "Page [n] of N": jumps to the typed page on Enter or Go. */
function PageJump({ page, pageCount, onPageChange }: Omit<PaginationProps, 'maxButtons' | 'className'>) {
  const [text, setText] = useState(String(page));
  useEffect(() => setText(String(page)), [page]);
  const go = () => {
    const target = pageFromInput(text, pageCount);
    if (target === null) setText(String(page));
    else if (target !== page) onPageChange(target);
    else setText(String(page));
  };
  return (
    <form
      className="ml-1 flex items-center gap-1.5 text-sm text-muted-foreground"
      onSubmit={(event) => {
        event.preventDefault();
        go();
      }}
    >
      <span aria-hidden>Page</span>
      <Input
        inputMode="numeric"
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-8 w-16 px-2 text-center tabular-nums"
        aria-label="Go to page"
      />
      <span className="whitespace-nowrap tabular-nums">of {formatNumber(pageCount)}</span>
      <Button type="submit" variant="outline" size="sm">
        Go
      </Button>
    </form>
  );
}

/** The shared pager: first, previous, a window of page numbers, next, last, and a jump to any page. */
export function Pagination({ page, pageCount, onPageChange, maxButtons = 5, className }: PaginationProps) {
  if (pageCount <= 1) return null;
  const atStart = page <= 1;
  const atEnd = page >= pageCount;
  return (
    <nav aria-label="Pagination" className={cn('flex flex-wrap items-center gap-1', className)}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(1)}
        disabled={atStart}
        aria-label="First page"
      >
        <ChevronsLeftIcon />
      </Button>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={atStart}>
        <ChevronLeftIcon />
        <span className="max-sm:sr-only">Previous</span>
      </Button>
      {pageWindow(page, pageCount, maxButtons).map((number) => (
        <Button
          key={number}
          variant={number === page ? 'default' : 'ghost'}
          size="sm"
          className="min-w-8 tabular-nums"
          aria-current={number === page ? 'page' : undefined}
          onClick={() => onPageChange(number)}
        >
          {formatNumber(number)}
        </Button>
      ))}
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={atEnd}>
        <span className="max-sm:sr-only">Next</span>
        <ChevronRightIcon />
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(pageCount)}
        disabled={atEnd}
        aria-label="Last page"
      >
        <ChevronsRightIcon />
      </Button>
      {pageCount > maxButtons && <PageJump page={page} pageCount={pageCount} onPageChange={onPageChange} />}
    </nav>
  );
}
