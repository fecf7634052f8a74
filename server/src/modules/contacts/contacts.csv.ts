import type { Readable } from 'node:stream';
import {
  birthdayLeftOut,
  birthdayProblem,
  CSV_PREVIEW_ROWS,
  EMPTY_CONTACT_MESSAGE,
  isEmailAddress,
  isEmptyContact,
  isReservedFieldName,
  normaliseTags,
  normaliseUrl,
  PersonBodySchema,
  type PersonInput,
  reservedFieldNameMessage,
  storedBirthday,
} from '@relate/contracts';
import { openCsv } from '../../lib/csv';
import { combineValues, findClashes } from '../../lib/csv/clash';
import { parseCsvDate } from '../../lib/csv/dates';
import {
  type CombineMode,
  contactTargetFields,
  fieldLabel,
  looksLikePhone,
  suggestContactMapping,
} from '../../lib/csv/profiles';
import { fieldError } from '../../lib/errors';
import { fieldBag } from '../../lib/field-bag';
import { FIELD_COLUMNS, type PersonField } from './contacts.fields';

export const SKIP = 'skip';
export const FULL_NAME = 'full_name';
export const PHONE_BY_LABEL = 'phone_by_label';
export const CUSTOM_PREFIX = 'custom_';
const MAX_CUSTOM_FIELD_NAME = 100;
const COMBINE_MODES = new Set<CombineMode>(['join', 'lines', 'first']);

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
  | { kind: 'phone_by_label'; labelIndex: number }
  | { kind: 'field'; field: PersonField }
  | { kind: 'custom'; name: string };

/** A checked mapping: where each column goes and how columns sharing a field combine. */
export interface ImportPlan {
  targets: ColumnTarget[];
  combine: Record<string, CombineMode>;
  /** A Full Name column fills first and last name only when no column does. */
  splitFullName: boolean;
  customNames: string[];
}

function jsonObject(text: string | undefined, field: string, what: string): Record<string, unknown> {
  if (text === undefined || text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fieldError(field, `${field} must be a JSON object of ${what}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw fieldError(field, `${field} must be a JSON object of ${what}`);
  // Looked up by CSV header: a column named 'constructor' must not find Object's.
  return Object.assign(fieldBag<unknown>(), value);
}

/** The multipart text fields of an import: mapping (column → target) and combine (field → join | lines | first). */
export function readMappingFields(fields: Record<string, string | undefined>) {
  if (!fields.mapping)
    throw fieldError('mapping', 'mapping must be a JSON object of CSV column to contact field');
  return {
    mapping: jsonObject(fields.mapping, 'mapping', 'CSV column to contact field'),
    combine: jsonObject(fields.combine, 'combine', 'field to join, lines or first'),
  };
}

/** Google's Phone 1 - Value is read with Phone 1 - Label (current) or Phone 1 - Type (older export). */
function labelColumn(headers: string[], header: string): number {
  const base = header.replace(/ - value$/i, '');
  return headers.findIndex((other) => /^(.*) - (label|type)$/i.exec(other)?.[1] === base);
}

function resolveTarget(headers: string[], header: string, target: unknown): ColumnTarget {
  if (target === undefined || target === null || target === '' || target === SKIP) return { kind: 'skip' };
  if (typeof target !== 'string')
    throw fieldError(`mapping.${header}`, `Unknown field for column "${header}"`);
  if (target === FULL_NAME) return { kind: 'full_name' };
  if (target === PHONE_BY_LABEL) return { kind: 'phone_by_label', labelIndex: labelColumn(headers, header) };
  if (target.startsWith(CUSTOM_PREFIX) && target.slice(CUSTOM_PREFIX.length).trim()) {
    const name = target.slice(CUSTOM_PREFIX.length).trim();
    // The custom-field rules (contracts' CustomFieldNameSchema) hold for names an import brings too.
    if (name.length > MAX_CUSTOM_FIELD_NAME)
      throw fieldError(`mapping.${header}`, `Field name must be at most ${MAX_CUSTOM_FIELD_NAME} characters`);
    if (isReservedFieldName(name)) throw fieldError(`mapping.${header}`, reservedFieldNameMessage(name));
    return { kind: 'custom', name };
  }
  if (Object.hasOwn(FIELD_COLUMNS, target)) return { kind: 'field', field: target as PersonField };
  throw fieldError(`mapping.${header}`, `Unknown field "${target}" for column "${header}"`);
}

const quoteList = (headers: string[]) =>
  headers.length === 2
    ? `"${headers[0]}" and "${headers[1]}"`
    : `${headers
        .slice(0, -1)
        .map((header) => `"${header}"`)
        .join(', ')} and "${headers.at(-1)}"`;

/**
 * Reads a client's mapping (CSV header → target). Two columns on one field must come with the
 * person's choice of how to combine them (combine[field]); otherwise 400 naming the field.
 */
export function planImport(
  headers: string[],
  mapping: Record<string, unknown>,
  combine: Record<string, unknown> = {},
): ImportPlan {
  const targets = headers.map((header) => resolveTarget(headers, header, mapping[header]));
  if (targets.every((target) => target.kind === 'skip'))
    throw fieldError('mapping', 'Map at least one column to a contact field');
  const chosen: Record<string, CombineMode> = {};
  const claims = headers.map((header, index) => {
    const target = mapping[header];
    return {
      header,
      fields: typeof target === 'string' ? contactTargetFields(target) : [],
      group: targets[index].kind === 'phone_by_label' ? PHONE_BY_LABEL : undefined,
    };
  });
  for (const clash of findClashes(claims)) {
    const mode = combine[clash.field];
    const label = fieldLabel(clash.field);
    const grouped = claims.some((claim) => claim.group && clash.headers.includes(claim.header));
    if (grouped || !COMBINE_MODES.has(mode as CombineMode))
      throw fieldError(
        `combine.${clash.field}`,
        `${quoteList(clash.headers)} all go to ${label}: choose one column for ${label}${grouped ? '' : ', or join them or keep the first value'}`,
      );
    chosen[clash.field] = mode as CombineMode;
  }
  const mapsNames = targets.some(
    (target) => target.kind === 'field' && (target.field === 'first_name' || target.field === 'last_name'),
  );
  return {
    targets,
    combine: chosen,
    splitFullName: !mapsNames,
    customNames: [...new Set(targets.flatMap((target) => (target.kind === 'custom' ? [target.name] : [])))],
  };
}

const MULTI = / ::: /;
/** A phone label that means a mobile number, in the languages exports come in. */
export const MOBILE_LABEL = /mobil|cell|handy|portable|m[oó]vil|celular|iphone/i;
const NO_DATE = new Set(['0/0/00', '0.0.00', '00.00.0000']);
const DATE_FIELDS = new Set<PersonField>(['last_contact_date', 'next_follow_up_date']);

const URL_FIELDS = new Set<PersonField>([
  'linkedin_url',
  'github_url',
  'facebook_url',
  'twitter_url',
  'website_url',
  'avatar_url',
]);

/** Google writes several values in one cell separated by ' ::: ' and marks its own groups with '* '. */
const tagList = (value: string) =>
  normaliseTags(
    value
      .split(MULTI)
      .filter((tag) => !tag.trim().startsWith('* '))
      .join(', '),
  );

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const shown = (value: string) => `"${value.slice(0, 60)}"`;

/** A birthday as written in exports: ISO, year-less (--12-10) or a spreadsheet's date; undefined when none. */
export function birthdayValue(raw: string, warnings: string[]): string | undefined {
  if (NO_DATE.has(raw)) return undefined;
  const parsed = /^(\d{4}|-)-\d{2}-\d{2}$/.test(raw) ? raw : parseCsvDate(raw) && isoDay(parseCsvDate(raw)!);
  if (!parsed) {
    warnings.push(`Birthday ${shown(raw)} is not a date; left out`);
    return undefined;
  }
  const problem = birthdayProblem(parsed);
  if (!problem) return storedBirthday(parsed);
  warnings.push(birthdayLeftOut(shown(raw), problem));
  return undefined;
}

/** Turns the cells of one field into its stored text, or a warning when the value cannot be kept (the API's rules). */
function fieldValue(field: PersonField, raw: string, warnings: string[]): string | undefined {
  if (field === 'tags') return tagList(raw) || undefined;
  if (field === 'email') {
    const email = raw.split(MULTI)[0].trim();
    if (isEmailAddress(email)) return email;
    warnings.push(`${shown(email)} is not an e-mail address; left out`);
    return undefined;
  }
  if (URL_FIELDS.has(field)) {
    const url = normaliseUrl(raw.split(MULTI)[0]);
    if (url) return url;
    warnings.push(`${shown(raw)} is not a web address; left out`);
    return undefined;
  }
  if (field === 'birthday') return birthdayValue(raw, warnings);
  if (DATE_FIELDS.has(field) && !NO_DATE.has(raw)) return parseCsvDate(raw)?.toISOString() ?? raw;
  if (DATE_FIELDS.has(field)) return undefined;
  return raw;
}

const DIGITS_ONLY = /^\d+$/;

/** Why a column's values do not look like its field, or undefined: phones, e-mails and links are checked. */
function valuesDoubt(field: PersonField, values: string[]): string | undefined {
  const present = values.map((value) => value.trim()).filter(Boolean);
  if (present.length === 0) return undefined;
  const share = (test: (value: string) => boolean) => present.filter(test).length / present.length;
  const example = (test: (value: string) => boolean) => shown(present.find(test) ?? present[0]);
  if (field === 'phone' || field === 'mobile') {
    if (share((value) => DIGITS_ONLY.test(value)) >= 0.8)
      return `Digits only, such as ${example((value) => DIGITS_ONLY.test(value))}: these look like ids, not phone numbers`;
    if (share(looksLikePhone) < 0.5)
      return `Values such as ${example((value) => !looksLikePhone(value))} do not look like phone numbers`;
  }
  if (field === 'email' && share(isEmailAddress) < 0.5)
    return `Values such as ${example((value) => !isEmailAddress(value))} are not e-mail addresses: they will be left out`;
  if (URL_FIELDS.has(field) && share((value) => normaliseUrl(value) !== null) < 0.5)
    return `Values such as ${example((value) => normaliseUrl(value) === null)} are not web addresses: they will be left out`;
  return undefined;
}

/** The columns whose first values (`samples`, per column) do not look like the field the plan puts them on. */
export function columnChecks(headers: string[], plan: ImportPlan, samples: string[][]) {
  return plan.targets.flatMap((target, index) => {
    if (target.kind !== 'field') return [];
    const message = valuesDoubt(target.field, samples[index] ?? []);
    return message ? [{ column: headers[index], field: target.field, message }] : [];
  });
}

export type ParsedContactRow = { person: PersonInput; warnings: string[] } | { error: string };

/** One CSV row as a contact body, or the reason it cannot be imported; null for a row with nothing mapped in it. */
export function parseContactRow(plan: ImportPlan, values: string[]): ParsedContactRow | null {
  const cells = new Map<string, string[]>();
  const custom = fieldBag<string>();
  const customCells = new Map<string, string[]>();
  const phones: { label: string; value: string }[] = [];
  const warnings: string[] = [];
  let fullName: string | undefined;
  let empty = true;
  plan.targets.forEach((target, index) => {
    // A leading apostrophe before a formula character is the escaping of an export (ours among them).
    const value =
      values[index]
        ?.replace(/\r\n?/g, '\n')
        .replace(/^'(?=[=+\-@\t\r])/, '')
        .trim() ?? '';
    if (!value || target.kind === 'skip') return;
    empty = false;
    if (target.kind === 'full_name') fullName = value;
    else if (target.kind === 'phone_by_label') {
      const label = (values[target.labelIndex] ?? '').replace(/^\* /, '').trim();
      for (const number of value.split(MULTI))
        if (number.trim()) phones.push({ label, value: number.trim() });
    } else if (target.kind === 'custom')
      customCells.set(target.name, [...(customCells.get(target.name) ?? []), value]);
    else cells.set(target.field, [...(cells.get(target.field) ?? []), value]);
  });
  if (empty) return null;

  const body: Record<string, unknown> = {};
  for (const [field, parts] of cells) {
    const joined = parts.length === 1 ? parts[0] : combineValues(parts, plan.combine[field] ?? 'first');
    const value = fieldValue(field as PersonField, joined, warnings);
    if (value !== undefined) body[field] = value;
  }
  for (const [name, parts] of customCells)
    custom[name] =
      parts.length === 1
        ? parts[0]
        : combineValues(parts, plan.combine[`custom_${name.toLowerCase()}`] ?? 'first');
  const extraPhones: string[] = [];
  for (const { label, value } of phones) {
    const slot = MOBILE_LABEL.test(label) ? 'mobile' : 'phone';
    if (body[slot] === undefined) body[slot] = value;
    else extraPhones.push(`${label || 'Phone'}: ${value}`);
  }
  if (extraPhones.length > 0) body.notes = [body.notes, ...extraPhones].filter(Boolean).join('\n');
  if (fullName) {
    body.full_name = fullName;
    if (plan.splitFullName) {
      const parts = fullName.split(/\s+/);
      body.first_name = parts[0];
      if (parts.length > 1) body.last_name = parts.slice(1).join(' ');
    }
  }
  if (Object.keys(custom).length > 0) body.custom_fields = custom;
  if (isEmptyContact(body)) return { error: EMPTY_CONTACT_MESSAGE };
  const parsed = PersonBodySchema.safeParse(body);
  if (!parsed.success) return { error: parsed.error.issues.map((issue) => issue.message).join('; ') };
  return { person: parsed.data, warnings };
}

/** Values per column the mapping guess looks at. */
const GUESS_SAMPLE_ROWS = 50;

/**
 * The columns, row count and first few rows (keyed by column) of an uploaded CSV, with the export it
 * was recognised as and the mapping the dialog starts from. Reads the whole file: it runs on a worker
 * thread (lib/workers).
 */
export async function inspectContactsCsv(file: Readable | Buffer) {
  const table = await openCsv(file);
  let totalRows = 0;
  const preview: Record<string, string>[] = [];
  const samples: string[][] = table.headers.map(() => []);
  const filled = table.headers.map(() => false);
  for await (const { values } of table.records) {
    totalRows++;
    values.forEach((value, index) => {
      if (!filled[index] && value.trim()) filled[index] = true;
    });
    if (totalRows <= GUESS_SAMPLE_ROWS)
      values.forEach((value, index) => {
        samples[index].push(value);
      });
    if (preview.length < CSV_PREVIEW_ROWS)
      preview.push(
        Object.fromEntries(table.headers.map((header, index) => [header, values[index].slice(0, 200)])),
      );
  }
  const suggestion = suggestContactMapping(table.headers, samples, filled);
  return {
    format: 'csv' as const,
    csv_columns: table.headers,
    contact_fields: CSV_CONTACT_FIELDS,
    total_rows: totalRows,
    preview,
    profile: suggestion.profile,
    suggested_mapping: suggestion.mapping,
    reasons: suggestion.reasons,
    combine: suggestion.combine,
  };
}
