import { z } from 'zod';

export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

/** Row ids are PostgreSQL integers: a larger number names no row and must not reach a query. */
export const MAX_ID = 2_147_483_647;
export const IdSchema = z.number().int().positive().max(MAX_ID, { error: 'No such id' });
export const IdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID, { error: 'No such id' }),
});

/** ISO 8601 timestamp as sent over the wire. */
export const TimestampSchema = z.string();

/** `{ "confirm": true }`: the body of every "delete all" call. */
export const ConfirmBodySchema = z.object({
  confirm: z.literal(true, { error: 'Set confirm to true to delete everything' }),
});

/** Trimmed e-mail, lower-cased so that comparisons are case-insensitive. */
export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254));

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});

const HAS_OFFSET = /(?:z|[+-]\d{2}(?::?\d{2})?)$/i;

/** An ISO date or date-time as a full UTC ISO timestamp; a time without an offset is UTC. */
export const toIsoTimestamp = (value: string) =>
  new Date(value.includes('T') && !HAS_OFFSET.test(value) ? `${value}Z` : value).toISOString();

const knownTimeZones = new Set<string>();

/**
 * Whether `zone` is an IANA time zone this runtime knows. Asking Intl costs a formatter's construction
 * (about 0.1 ms), which a sync of thousands of events paid twice per event: a zone once known is
 * remembered. Unknown names are not, so hostile input cannot grow the set.
 */
export function isTimeZone(zone: string): boolean {
  if (knownTimeZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  knownTimeZones.add(zone);
  return true;
}

/**
 * Dates are kept between the years 1000 and 9999, on every path that stores one (the API, CSV and .ics
 * imports, the Google sync): what every database and spreadsheet stores exactly (PostgreSQL would keep
 * year 1 but some drivers and parsers read two-digit years as 19xx/20xx). A date outside is refused with
 * its field or line, never moved into the range.
 */
export const FIRST_STORED_YEAR = 1000;
export const LAST_STORED_YEAR = 9999;
export const isStoredYear = (year: number) =>
  Number.isInteger(year) && year >= FIRST_STORED_YEAR && year <= LAST_STORED_YEAR;
/** Whether an ISO date or date-time text is written with a year in the stored range. */
export const inStoredYears = (value: string) =>
  /^\d{4}-/.test(value) && isStoredYear(Number(value.slice(0, 4)));
export const storedYearsMessage = (label: string) =>
  `${label} must be between the years ${FIRST_STORED_YEAR} and ${LAST_STORED_YEAR}`;
const yearMessage = storedYearsMessage;

/** A required ISO date-time or date, normalised with `toIsoTimestamp`. */
export const isoDateTime = (label: string) =>
  z
    .union([z.iso.datetime({ offset: true, local: true }), z.iso.date()], {
      error: `${label} must be an ISO date-time`,
    })
    .refine(inStoredYears, { error: yearMessage(label) })
    .transform(toIsoTimestamp);

/** An ISO date-time or date normalised with `toIsoTimestamp`; '' or null → null. */
export const optionalIsoDateTime = (label: string) =>
  z
    .union([z.iso.datetime({ offset: true, local: true }), z.iso.date(), z.literal(''), z.null()], {
      error: `${label} must be an ISO date-time or empty`,
    })
    .refine((value) => !value || inStoredYears(value), { error: yearMessage(label) })
    .transform((value) => (value ? toIsoTimestamp(value) : null));

/**
 * Half of a UTF-16 surrogate pair without its other half: JSON columns refuse it and text columns turn
 * it into '�'. NUL (U+0000) no PostgreSQL text can hold.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isStorableText = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);
export const UNSTORABLE_TEXT_MESSAGE =
  'Text must not contain a NUL character or an unpaired UTF-16 surrogate';

/**
 * The string of every free-text field of a request: NUL or an unpaired surrogate is refused (400 naming
 * the field) instead of failing in the database. Chain trim/min/max on it as on `z.string()`.
 */
export const storedText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { error: UNSTORABLE_TEXT_MESSAGE });

/** A list filter's text: trimmed, at most 200 characters, '' → not filtered. */
export const filterText = storedText()
  .trim()
  .max(200)
  .transform((value) => value || undefined)
  .optional();
