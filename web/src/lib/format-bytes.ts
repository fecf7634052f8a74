import { formatCount } from './format';

/*
 * Apart from format.ts (whose formats every page loads): only Settings → System shows sizes, and
 * /contacts' first load is at its budget.
 */
const BYTE_UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const byteFormats = BYTE_UNITS.map(
  (unit) => new Intl.NumberFormat(undefined, { style: 'unit', unit, maximumFractionDigits: 1 }),
);

/** A size in the largest unit (of 1,024) that keeps it at 1 or more: '512 bytes', '12.5 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return formatCount(bytes, 'byte', 'bytes');
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return byteFormats[unit].format(value);
}
