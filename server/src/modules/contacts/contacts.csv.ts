import { PersonBodySchema, type PersonInput } from '@relate/contracts';
import { fieldError } from '../../lib/errors';
import { FIELD_COLUMNS, type PersonField } from './contacts.mapper';

export const SKIP = 'skip';
export const FULL_NAME = 'full_name';
export const CUSTOM_PREFIX = 'custom_';

/** The fields a CSV column can be mapped to, for the mapping step (required ones marked). */
export const CSV_CONTACT_FIELDS: { key: string; label: string; required: boolean }[] = (
  Object.keys(FIELD_COLUMNS) as PersonField[]
)
  .filter((key) => key !== 'full_name')
  .map((key) => ({
    key,
    label: key
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' '),
    required: key === 'first_name' || key === 'last_name',
  }));

export type ColumnTarget =
  | { kind: 'skip' }
  | { kind: 'full_name' }
  | { kind: 'field'; field: PersonField }
  | { kind: 'custom'; name: string };

/** Reads a client's mapping (CSV header → target); an unknown target is a 400 naming the column. */
export function resolveMapping(headers: string[], mapping: Record<string, unknown>): ColumnTarget[] {
  return headers.map((header) => {
    const target = mapping[header];
    if (target === undefined || target === null || target === '' || target === SKIP) return { kind: 'skip' };
    if (typeof target !== 'string')
      throw fieldError(`mapping.${header}`, `Unknown field for column "${header}"`);
    if (target === FULL_NAME) return { kind: 'full_name' };
    if (target.startsWith(CUSTOM_PREFIX) && target.length > CUSTOM_PREFIX.length)
      return { kind: 'custom', name: target.slice(CUSTOM_PREFIX.length).trim() };
    if (target in FIELD_COLUMNS) return { kind: 'field', field: target as PersonField };
    throw fieldError(`mapping.${header}`, `Unknown field "${target}" for column "${header}"`);
  });
}

/** One CSV row as a contact body, or the reason it cannot be imported; null for a row with nothing mapped in it. */
export function parseContactRow(
  targets: ColumnTarget[],
  values: string[],
): { person: PersonInput } | { error: string } | null {
  const body: Record<string, unknown> = {};
  const custom: Record<string, string> = {};
  let empty = true;
  targets.forEach((target, index) => {
    const value = values[index]?.replace(/\r\n?/g, '\n').trim() ?? '';
    if (!value || target.kind === 'skip') return;
    empty = false;
    if (target.kind === 'full_name') {
      const parts = value.split(/\s+/);
      body.full_name = value;
      body.first_name ??= parts[0];
      if (parts.length > 1) body.last_name ??= parts.slice(1).join(' ');
    } else if (target.kind === 'custom') custom[target.name] = value;
    else body[target.field] = value;
  });
  if (empty) return null;
  if (Object.keys(custom).length > 0) body.custom_fields = custom;
  const parsed = PersonBodySchema.safeParse(body);
  if (!parsed.success) return { error: parsed.error.issues.map((issue) => issue.message).join('; ') };
  return { person: parsed.data };
}
