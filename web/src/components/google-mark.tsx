import { cn } from '@/lib/utils';

const G = 'M18.4 6.1A8.5 8.5 0 1 0 20.5 12h-8';

/**
 * A small "G" in lucide's style (24-unit box, 2px stroke, round caps) marking what is linked to Google;
 * lucide ships no brand marks. With a `label` it is an image with that name; without, it is decoration
 * beside text that says the same.
 */
export function GoogleMark({ label, className }: { label?: string; className?: string }) {
  const common = {
    xmlns: 'http://www.w3.org/2000/svg',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2.5,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    className: cn('size-3.5 shrink-0', className),
    'data-testid': 'google-mark',
  } as const;
  if (!label)
    return (
      <svg {...common} aria-hidden="true">
        <path d={G} />
      </svg>
    );
  return (
    <svg {...common} role="img" aria-label={label}>
      <title>{label}</title>
      <path d={G} />
    </svg>
  );
}
