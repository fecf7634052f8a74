import type { Person } from '@relate/contracts';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatDateTime } from '@/lib/format';
import { CUSTOM_PREFIX, contactLabel, fieldByKey, hasName, NAME_KEYS, optionLabel } from '../fields';

/** The raw value of a column for a person (custom_<name> reads custom_fields). */
export function columnValue(person: Person, key: string): string | null {
  if (key.startsWith(CUSTOM_PREFIX)) return person.custom_fields?.[key.slice(CUSTOM_PREFIX.length)] ?? null;
  const value = (person as unknown as Record<string, unknown>)[key];
  return value === null || value === undefined ? null : String(value);
}

const statusVariant: Record<string, 'success' | 'secondary' | 'warning' | 'default' | 'outline'> = {
  active: 'success',
  client: 'default',
  partner: 'default',
  prospect: 'warning',
  inactive: 'secondary',
};

/**
 * A column's value as the list shows it. A contact without a name shows its e-mail, phone or
 * organization in its first name column (`standIn`) and nothing in the other name columns, never '— —'.
 */
export function CellValue({
  person,
  columnKey,
  standIn = false,
}: {
  person: Person;
  columnKey: string;
  standIn?: boolean;
}) {
  const value = columnValue(person, columnKey);
  if (!value && NAME_KEYS.has(columnKey) && !hasName(person))
    return standIn ? <span className="text-muted-foreground italic">{contactLabel(person)}</span> : null;
  if (!value) return <span className="text-muted-foreground/60">—</span>;
  const kind = fieldByKey.get(columnKey)?.kind;
  if (columnKey === 'status')
    return <Badge variant={statusVariant[value] ?? 'outline'}>{optionLabel(value)}</Badge>;
  if (columnKey === 'priority')
    return (
      <Badge variant={value === 'high' ? 'destructive' : value === 'medium' ? 'warning' : 'secondary'}>
        {optionLabel(value)}
      </Badge>
    );
  if (kind === 'select') return <>{optionLabel(value)}</>;
  if (columnKey === 'created_at' || kind === 'datetime') return <>{formatDateTime(value)}</>;
  if (kind === 'date') return <>{formatDate(value)}</>;
  if (kind === 'email')
    return (
      <a
        href={`mailto:${value}`}
        className="text-primary hover:underline"
        onClick={(event) => event.stopPropagation()}
      >
        {value}
      </a>
    );
  if (kind === 'url')
    return (
      <a
        href={value}
        target="_blank"
        rel="noreferrer noopener"
        className="text-primary hover:underline"
        onClick={(event) => event.stopPropagation()}
      >
        {value.replace(/^https?:\/\/(www\.)?/, '')}
      </a>
    );
  return <span className="line-clamp-2">{value}</span>;
}
