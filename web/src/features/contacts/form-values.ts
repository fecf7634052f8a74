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

/**
 * The company the organization field links to (issue 35): `company_id` holds the id picked from the
 * suggestions (or the stored one), `create_company` is 'true' when "Add company" was chosen. Typing in
 * the field clears both; the server then links by the name typed.
 */
export const COMPANY_KEYS = { id: 'company_id', create: 'create_company' } as const;

export function toFormValues(
  contact: ContactLike | null,
  customFieldNames: readonly string[],
): ContactFormValues {
  const values: ContactFormValues = {};
  for (const field of CONTACT_FIELDS) values[field.key] = toInput(contact?.[field.key], field.kind);
  values[COMPANY_KEYS.id] = toInput(contact?.company_id, 'text');
  values[COMPANY_KEYS.create] = '';
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
  Object.assign(payload, companyChoice(values));
  return payload;
}

/** The company picked in the organization field, as the body sends it (nothing when none was picked). */
function companyChoice(values: ContactFormValues): Record<string, unknown> {
  const id = Number(values[COMPANY_KEYS.id]);
  if (id > 0) return { company_id: id };
  return values[COMPANY_KEYS.create] === 'true' ? { create_company: true } : {};
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
  // A company picked anew; typing an organization alone lets the server link by its name.
  if (all.company_id !== before.company_id || all.create_company) {
    Object.assign(changes, companyChoice(values));
    changes.organization = all.organization;
  }
  const customAfter = all.custom_fields as Record<string, string | null>;
  const customBefore = before.custom_fields as Record<string, string | null>;
  if (Object.keys(customAfter).some((name) => customAfter[name] !== customBefore[name])) {
    changes.custom_fields = customAfter;
  }
  return changes;
}
