import type { Person, PersonDuplicateGroup, PersonInput, SearchResult } from '@relate/contracts';
import { toIso } from '../../lib/time';
import { FIELD_COLUMNS, type PersonField } from './contacts.fields';
import type { ContactRow, ContactSearchRow, ContactValues } from './contacts.repository';

export function toPersonDto(row: ContactRow): Person {
  return {
    id: row.id,
    full_name: row.fullName,
    first_name: row.firstName,
    last_name: row.lastName,
    gender: row.gender,
    birthday: row.birthday,
    email: row.email,
    phone: row.phone,
    mobile: row.mobile,
    address: row.address,
    organization: row.organization,
    company_id: row.companyId,
    job_title: row.jobTitle,
    job_status: row.jobStatus,
    linkedin_url: row.linkedinUrl,
    github_url: row.githubUrl,
    facebook_url: row.facebookUrl,
    twitter_url: row.twitterUrl,
    website_url: row.websiteUrl,
    notes: row.notes,
    source: row.source,
    tags: row.tags,
    last_contact_date: toIso(row.lastContactDate),
    next_follow_up_date: toIso(row.nextFollowUpDate),
    status: row.status,
    priority: row.priority,
    group: row.group,
    avatar_url: row.avatarUrl,
    custom_fields: row.customFields ?? {},
    shared_by: row.sharedBy,
    created_at: toIso(row.createdAt)!,
    updated_at: toIso(row.updatedAt)!,
  };
}

const DATE_FIELDS = new Set<PersonField>(['last_contact_date', 'next_follow_up_date']);

/** Contacts of the same name: the group's key and size, and the people read of it (all, or the first ones). */
interface NamesakeGroup {
  key: string;
  identical: boolean;
  count: number;
  people: ContactRow[];
}

export function toPersonDuplicateGroupDto(group: NamesakeGroup): PersonDuplicateGroup {
  return {
    key: group.key,
    full_name: group.people[0]?.fullName?.trim() ?? group.key,
    identical: group.identical,
    count: group.count,
    people: group.people.map(toPersonDto),
  };
}

/** The columns of the fields present in a validated body; absent fields stay untouched. */
export function toContactValues(body: PersonInput): Partial<ContactValues> {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(FIELD_COLUMNS) as [PersonField, keyof ContactValues][]) {
    const value = body[field];
    if (value === undefined) continue;
    values[column] = DATE_FIELDS.has(field) && value !== null ? new Date(value as string) : value;
  }
  return values as Partial<ContactValues>;
}

/** Drops empty custom values: a contact stores only the custom fields it has. */
export function cleanCustomFields(fields: Record<string, string | null> | undefined): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields ?? {})) if (value) clean[name] = value;
  return clean;
}

/**
 * A new contact's stored values from a body or a CSV row: full_name from the names when not given,
 * only the custom fields that have a value. The import, its preview and bulk creation share it, so the
 * preview shows what the import stores.
 */
export function newContactValues(person: PersonInput): Partial<ContactValues> {
  return { ...withFullName(toContactValues(person)), customFields: cleanCustomFields(person.custom_fields) };
}

/** full_name follows first and last name whenever either changes and full_name itself is not sent. */
export function withFullName(
  values: Partial<ContactValues>,
  current?: Pick<ContactRow, 'firstName' | 'lastName' | 'fullName'>,
): Partial<ContactValues> {
  if (values.fullName !== undefined && values.fullName !== null) return values;
  const touchesName = values.firstName !== undefined || values.lastName !== undefined;
  if (!touchesName && current) return values;
  const first = values.firstName !== undefined ? values.firstName : current?.firstName;
  const last = values.lastName !== undefined ? values.lastName : current?.lastName;
  const joined = [first, last].filter(Boolean).join(' ').trim();
  if (joined) return { ...values, fullName: joined };
  return values.fullName === null || !current ? { ...values, fullName: null } : values;
}

/** A contact found by the quick search: known by its name, else its e-mail, phone or organization. */
export function toContactSearchResult(row: ContactSearchRow): SearchResult {
  const name = row.fullName?.trim() || [row.firstName, row.lastName].filter(Boolean).join(' ');
  const title = name || row.email || row.phone || row.organization || 'Unnamed contact';
  const detail = [row.email, row.organization].filter((part) => part && part !== title).join(' · ');
  return { type: 'contact', id: row.id, title, detail: detail || null, date: null, rank: row.rank };
}
