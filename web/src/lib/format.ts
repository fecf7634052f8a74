import { format, isValid, parseISO } from 'date-fns';

export function formatDate(value: string | null | undefined, pattern = 'MMM d, yyyy'): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, pattern) : '';
}

export function formatDateTime(value: string | null | undefined): string {
  return formatDate(value, 'MMM d, yyyy HH:mm');
}

/** The spec's notification ages: 'Just now', then hours under a day, then days. */
export function formatAge(value: string, now = new Date()): string {
  const hours = Math.floor((now.getTime() - parseISO(value).getTime()) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  return `${days}d ago`;
}

export function initials(nameOrEmail: string | null | undefined): string {
  return (nameOrEmail?.trim()?.[0] ?? '?').toUpperCase();
}
