/**
 * What a contact's e-mail, links, birthday and tags must look like: one set of rules for the API, the
 * CSV importer and the web forms (the contract's PersonBodySchema applies them; the importer uses them
 * to leave a bad value out with a warning instead of refusing the row).
 */
/**
 * One '@' between a local part and a domain, no spaces, no empty or doubled dots in the domain. A dot in
 * the domain is not required: intranet and test addresses ('someone@localhost') are real.
 */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@(?!\.)(?!.*\.\.)[^\s@<>()[\]\\,;:"]+(?<!\.)$/;

export const isEmailAddress = (value: string) => EMAIL.test(value.trim());

const SCHEME = /^([a-z][a-z\d+.-]*):/i;
/** An http(s) address with a dotted host name (or localhost), no spaces. */
const WEB = /^https?:\/\/(?:[^\s/?#@]+@)?(?:localhost|[^\s/?#@:]+\.[^\s/?#@:.]+)(?::\d+)?(?:[/?#]\S*)?$/i;
const HOST_LIKE = /^[^\s/?#@]+\.[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i;

/**
 * A link as stored: http(s) only; a link without a scheme ('linkedin.com/in/grace') gets https://.
 * null when the value is no web address (spaces, no domain, another scheme such as javascript:).
 */
export function normaliseUrl(value: string): string | null {
  const trimmed = value.trim();
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  const bare = trimmed.replace(/^\/\//, '');
  const candidate =
    scheme === 'http' || scheme === 'https' ? trimmed : HOST_LIKE.test(bare) ? `https://${bare}` : null;
  return candidate && WEB.test(candidate) ? candidate : null;
}

/**
 * A birthday without a year ('--12-10', as vCard and Google write it) is stored in year 0004, a leap
 * year so that 29 February fits (decision 41). Clients show such a date without its year.
 */
const YEARLESS_BIRTHDAY_YEAR = '0004';
const YEARLESS = /^--(\d{2})-(\d{2})$/;

/** '--12-10' → '0004-12-10'; other values unchanged. */
export const storedBirthday = (value: string) => value.replace(YEARLESS, `${YEARLESS_BIRTHDAY_YEAR}-$1-$2`);

export const isYearlessBirthday = (value: string) => value.startsWith(`${YEARLESS_BIRTHDAY_YEAR}-`);

/**
 * Why a birthday (YYYY-MM-DD or its year-less form) cannot be kept, or null when it can: a real
 * calendar day between the year 1000 and today (a birthday in 2999 is a typing mistake). "Today" is
 * the latest date anywhere on Earth, so that a birthday entered where it is already tomorrow passes.
 */
export function birthdayProblem(value: string, now: Date = new Date()): string | null {
  const stored = storedBirthday(value);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(stored);
  if (!match) return 'Birthday must be a date (YYYY-MM-DD, or --MM-DD without a year)';
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return 'Birthday must be a real date';
  if (isYearlessBirthday(stored)) return null;
  // The years rule of common.ts (isStoredYear), written out: that module brings zod to the first page.
  if (year < 1000 || year > 9999) return 'Birthday must be between the years 1000 and 9999';
  const latest = new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
  if (stored > latest) return 'Birthday cannot be in the future';
  return null;
}

/** The importers' warning for a birthday left out ('Birthday "2999-05-01": cannot be in the future; left out'). */
export const birthdayLeftOut = (shown: string, problem: string) =>
  `Birthday ${shown}: ${problem.replace(/^Birthday /, '')}; left out`;

/** Tags are kept as one list separated by ', ' (the spec's comma-separated entry), whatever the source used. */
export const normaliseTags = (value: string) =>
  value
    .split(/\s*(?:[,;]| ::: )\s*/)
    .map((tag) => tag.trim())
    .filter(Boolean)
    .join(', ');
