import { cn } from '@/lib/utils';

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M10 23V9h6.5a4.5 4.5 0 0 1 1.2 8.84L22 23h-3.4l-3.8-5H13v5zm3-8h3.3a1.75 1.75 0 0 0 0-3.5H13z"
          className="fill-primary-foreground"
        />
      </svg>
      <span className="text-lg">Relate</span>
    </span>
  );
}
