import { isValid, lightFormat, parseISO } from 'date-fns';
import { CONTACT_FIELDS, CUSTOM_PREFIX, type FieldKind } from './fields';

/**
 * Contact values as the forms and the list's inline row editor hold them, and back. Free of zod: the
 * list loads this, while the dialogs' validation (contact-form-schema.ts) loads with the dialogs.
 */

/** What the contact forms edit: every value a string, custom fields under `custom_<name>`. */
export type ContactFormValues = Record<string, string>;

type ContactLike = { custom_fields?: Record<string, string | null> | null } & Record<string, unknown>;

function toInput(value: unknown, kind: FieldKind): string {
  if (value === null || value === undefined) return '';
  if (kind === 'date' || kind === 'datetime') {
    const date = parseISO(String(value));
    if (!isValid(date)) return '';
    return lightFormat(date, kind === 'date' ? 'yyyy-MM-dd' : "yyyy-MM-dd'T'HH:mm");
  }
  return String(value);
}

function fromInput(value: string, kind: FieldKind): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (kind === 'datetime') {
    const date = new Date(trimmed);
    return isValid(date) ? date.toISOString() : null;
  }
  return trimmed;
}

export function toFormValues(
  contact: ContactLike | null,
  customFieldNames: readonly string[],
): ContactFormValues {
  const values: ContactFormValues = {};
  for (const field of CONTACT_FIELDS) values[field.key] = toInput(contact?.[field.key], field.kind);
  for (const name of customFieldNames)
    values[`${CUSTOM_PREFIX}${name}`] = contact?.custom_fields?.[name] ?? '';
  return values;
}

/** Every field, empty values as null, custom_ keys moved into custom_fields (the add form and the detail dialog). */
export function toPayload(values: ContactFormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const customFields: Record<string, string | null> = {};
  for (const field of CONTACT_FIELDS) payload[field.key] = fromInput(values[field.key] ?? '', field.kind);
  for (const [key, value] of Object.entries(values)) {
    if (key.startsWith(CUSTOM_PREFIX))
      customFields[key.slice(CUSTOM_PREFIX.length)] = fromInput(value, 'text');
  }
  payload.custom_fields = customFields;
  return payload;
}

/**
 * Only what changed (spec section 5 "Contact edit save"): empty values become null; a changed custom
 * field sends the whole custom_fields map, so that the others are kept.
 */
export function changedFields(
  original: ContactFormValues,
  values: ContactFormValues,
): Record<string, unknown> {
  const all = toPayload(values);
  const before = toPayload(original);
  const changes: Record<string, unknown> = {};
  for (const field of CONTACT_FIELDS) {
    if (all[field.key] !== before[field.key]) changes[field.key] = all[field.key];
  }
  const customAfter = all.custom_fields as Record<string, string | null>;
  const customBefore = before.custom_fields as Record<string, string | null>;
  if (Object.keys(customAfter).some((name) => customAfter[name] !== customBefore[name])) {
    changes.custom_fields = customAfter;
  }
  return changes;
}
