import { birthdayLeftOut, birthdayProblem } from '@relate/contracts';
import type { GooglePerson } from './google.client';

/** The contact fields the Google sync keeps equal on both sides. */
export const SYNCED_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'mobile',
  'organization',
  'job_title',
  'address',
  'birthday',
  'notes',
  'linkedin_url',
  'github_url',
  'website_url',
] as const;
export type SyncedField = (typeof SYNCED_FIELDS)[number];
export type SyncedValues = Record<SyncedField, string | null>;

const clean = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
const primaryFirst = <T extends { metadata?: { primary?: boolean | null } | null }>(items: T[] | undefined) =>
  [...(items ?? [])].sort(
    (a, b) => Number(Boolean(b.metadata?.primary)) - Number(Boolean(a.metadata?.primary)),
  );

/**
 * A Google birthday as Relate keeps it: full dates only, under the contact rule of the API and the CSV
 * importer (`birthdayProblem`: a real day from the year 1000 up to today). A date that breaks it is left
 * out with the importer's warning; its year is written as Google sent it (99 is 0099, never 1999).
 */
export function personBirthday(person: GooglePerson): { value: string | null; problem: string | null } {
  const date = primaryFirst(person.birthdays)[0]?.date;
  if (!date?.year || !date.month || !date.day) return { value: null, problem: null }; // Relate keeps full dates only
  const pad = (part: number, width: number) => String(part).padStart(width, '0');
  const written = `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
  const problem = birthdayProblem(written);
  return problem
    ? { value: null, problem: birthdayLeftOut(`"${written}"`, problem) }
    : { value: written, problem: null };
}

/** A Google contact as Relate contact fields (the first, or primary, value of each list). */
export function personToValues(person: GooglePerson): SyncedValues {
  const name = primaryFirst(person.names)[0];
  const organization = primaryFirst(person.organizations)[0];
  const phones = primaryFirst(person.phoneNumbers);
  const urls = person.urls ?? [];
  const url = (pattern: RegExp) =>
    clean(urls.find((entry) => entry.value && pattern.test(entry.value))?.value);
  return {
    first_name: clean(name?.givenName),
    last_name: clean(name?.familyName),
    email: clean(primaryFirst(person.emailAddresses)[0]?.value),
    phone: clean(phones.find((phone) => phone.type !== 'mobile')?.value),
    mobile: clean(phones.find((phone) => phone.type === 'mobile')?.value),
    organization: clean(organization?.name),
    job_title: clean(organization?.title),
    address: clean(primaryFirst(person.addresses)[0]?.formattedValue),
    birthday: personBirthday(person).value,
    notes: clean(primaryFirst(person.biographies)[0]?.value),
    linkedin_url: url(/linkedin\.com/i),
    github_url: url(/github\.com/i),
    website_url: clean(
      urls.find((entry) => entry.value && !/linkedin\.com|github\.com/i.test(entry.value))?.value,
    ),
  };
}

/** The display name of a Google contact: its name, else its e-mail. */
export function personDisplayName(person: GooglePerson, values: SyncedValues): string | null {
  const name = clean(primaryFirst(person.names)[0]?.displayName);
  return name ?? ([values.first_name, values.last_name].filter(Boolean).join(' ') || null);
}

/**
 * The Google contact after Relate's values are written into it: the synced fields are replaced, other
 * entries (a second e-mail, a home phone) are kept. Sent to updateContact / createContact.
 */
export function valuesToPerson(values: SyncedValues, base: GooglePerson = {}): GooglePerson {
  const withFirst = <T>(items: T[] | null | undefined, value: string | null, make: (value: string) => T) =>
    value ? [make(value), ...(items ?? []).slice(1)] : (items ?? []).slice(1);
  const phones = (base.phoneNumbers ?? []).filter((phone) => phone.type !== 'mobile').slice(1);
  const urls = (base.urls ?? [])
    .filter((entry) => !/linkedin\.com|github\.com/i.test(entry.value ?? ''))
    .slice(1);
  return {
    etag: base.etag,
    metadata: base.metadata ? { sources: base.metadata.sources } : undefined,
    names: [{ givenName: values.first_name ?? undefined, familyName: values.last_name ?? undefined }],
    emailAddresses: withFirst(base.emailAddresses, values.email, (value) => ({ value })),
    phoneNumbers: [
      ...(values.phone ? [{ value: values.phone, type: 'work' }] : []),
      ...(values.mobile ? [{ value: values.mobile, type: 'mobile' }] : []),
      ...phones,
    ],
    organizations:
      values.organization || values.job_title
        ? [{ name: values.organization ?? undefined, title: values.job_title ?? undefined }]
        : [],
    addresses: withFirst(base.addresses, values.address, (value) => ({ formattedValue: value })),
    biographies: values.notes ? [{ value: values.notes, contentType: 'TEXT_PLAIN' }] : [],
    urls: [
      ...(values.linkedin_url ? [{ value: values.linkedin_url, type: 'profile' }] : []),
      ...(values.github_url ? [{ value: values.github_url, type: 'profile' }] : []),
      ...(values.website_url ? [{ value: values.website_url, type: 'homePage' }] : []),
      ...urls,
    ],
  };
}

/** Normalised keys that make a Google contact a likely duplicate of a Relate contact. */
export const normalizeEmail = (value: string | null | undefined) => clean(value)?.toLowerCase() ?? null;
export function normalizePhone(value: string | null | undefined): string | null {
  const digits = value?.replace(/\D/g, '') ?? '';
  return digits.length >= 7 ? digits.slice(-9) : null; // the last 9 digits: equal with or without country code
}
export const normalizeName = (value: string | null | undefined) =>
  clean(value)?.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ') ?? null;
