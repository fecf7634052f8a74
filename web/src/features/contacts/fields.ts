import { CONTACT_STATUSES, GENDERS, JOB_STATUSES, type PersonBody, PRIORITIES } from '@relate/contracts';

/** How each contact field is shown and edited, grouped by the dialog tab that shows it (spec section 2, 3). */
export type FieldKind = 'text' | 'email' | 'url' | 'tel' | 'textarea' | 'date' | 'datetime' | 'select';

/** What an input needs to know about a field (contact fields and custom fields alike). */
export interface FieldSpec {
  key: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  options?: readonly string[];
}

export interface ContactField extends FieldSpec {
  key: ContactFieldKey;
}

/** Every field of a contact the forms edit: the contract's body fields, less the derived full name. */
export type ContactFieldKey = Exclude<keyof PersonBody, 'full_name' | 'custom_fields'>;

export const CONTACT_TABS = [
  {
    key: 'general',
    label: 'General Info',
    fields: [
      { key: 'first_name', label: 'First Name', kind: 'text', required: true },
      { key: 'last_name', label: 'Last Name', kind: 'text', required: true },
      { key: 'email', label: 'Email', kind: 'email' },
      { key: 'phone', label: 'Phone', kind: 'tel' },
      { key: 'mobile', label: 'Mobile', kind: 'tel' },
      { key: 'gender', label: 'Gender', kind: 'select', options: GENDERS },
      { key: 'birthday', label: 'Birthday', kind: 'date' },
      { key: 'address', label: 'Address', kind: 'textarea' },
    ],
  },
  {
    key: 'professional',
    label: 'Professional Info',
    fields: [
      { key: 'organization', label: 'Organization', kind: 'text' },
      { key: 'job_title', label: 'Job Title', kind: 'text' },
      { key: 'job_status', label: 'Job Status', kind: 'select', options: JOB_STATUSES },
    ],
  },
  {
    key: 'social',
    label: 'Social & Online Profiles',
    fields: [
      { key: 'linkedin_url', label: 'LinkedIn URL', kind: 'url' },
      { key: 'github_url', label: 'GitHub URL', kind: 'url' },
      { key: 'facebook_url', label: 'Facebook URL', kind: 'url' },
      { key: 'twitter_url', label: 'Twitter URL', kind: 'url' },
      { key: 'website_url', label: 'Website URL', kind: 'url' },
      { key: 'avatar_url', label: 'Avatar URL', kind: 'url' },
    ],
  },
  {
    key: 'connection',
    label: 'Connection Management',
    fields: [
      { key: 'status', label: 'Status', kind: 'select', options: CONTACT_STATUSES },
      { key: 'priority', label: 'Priority', kind: 'select', options: PRIORITIES },
      { key: 'group', label: 'Group', kind: 'text' },
      { key: 'source', label: 'Source', kind: 'text' },
      { key: 'tags', label: 'Tags', kind: 'text' },
      { key: 'last_contact_date', label: 'Last Contact Date', kind: 'datetime' },
      { key: 'next_follow_up_date', label: 'Next Follow-up Date', kind: 'datetime' },
      { key: 'notes', label: 'Notes', kind: 'textarea' },
    ],
  },
] as const satisfies readonly { key: string; label: string; fields: readonly ContactField[] }[];

export const CONTACT_FIELDS: readonly ContactField[] = CONTACT_TABS.flatMap(
  (tab): readonly ContactField[] => tab.fields,
);

export const fieldByKey = new Map<string, ContactField>(CONTACT_FIELDS.map((field) => [field.key, field]));

export const CUSTOM_PREFIX = 'custom_';

/** A label for any column key: contact fields, custom fields (custom_<name>) and created_at. */
export function columnLabel(key: string): string {
  if (key === 'created_at') return 'Created At';
  if (key.startsWith(CUSTOM_PREFIX)) return key.slice(CUSTOM_PREFIX.length);
  return fieldByKey.get(key)?.label ?? key;
}

/** Sentence case for select values: 'in_progress' → 'In progress'. */
export function optionLabel(value: string): string {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Custom fields as the forms show them: plain text under custom_<name>. */
export const customFieldSpecs = (names: readonly string[]): FieldSpec[] =>
  names.map((name) => ({ key: `${CUSTOM_PREFIX}${name}`, label: name, kind: 'text' }));

/** The columns that hold a contact's name. */
export const NAME_KEYS = new Set(['first_name', 'last_name', 'full_name']);

type Named = Partial<
  Record<
    'full_name' | 'first_name' | 'last_name' | 'email' | 'phone' | 'mobile' | 'organization',
    string | null
  >
>;

export const hasName = (person: Named) => Boolean(person.full_name || person.first_name || person.last_name);

/** What a contact is called on screen: the name, or for a contact without one its e-mail, phone or organization. */
export function contactLabel(person: Named): string | null {
  const name = person.full_name?.trim() || [person.first_name, person.last_name].filter(Boolean).join(' ');
  return name || person.email || person.phone || person.mobile || person.organization || null;
}
