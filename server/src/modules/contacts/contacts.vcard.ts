/**
 * A vCard as a contact, and a contact as a vCard (decision 46). Importing needs no mapping: each property
 * has its field. What a contact has one of (e-mail, phone, mobile, address, website) takes the card's
 * preferred value; the others are kept as lines of the notes ("E-mail (work): …"), as the CSV import
 * keeps extra phone numbers. Relate's own fields without a vCard property (status, priority, source,
 * group, dates, custom fields) are written and read as X-RELATE-… properties, so a round trip keeps them.
 */
import {
  EMPTY_CONTACT_MESSAGE,
  isEmailAddress,
  isEmptyContact,
  isReservedFieldName,
  isYearlessBirthday,
  normaliseTags,
  normaliseUrl,
  type Person,
  PersonBodySchema,
} from '@relate/contracts';
import { fieldBag, ownValue } from '../../lib/field-bag';
import { splitValue, unescapeText, type VCard, type VCardProperty } from '../../lib/vcard/read';
import { contentLine, escapeText } from '../../lib/vcard/write';
import { birthdayValue, MOBILE_LABEL, type ParsedContactRow } from './contacts.csv';

/** A card being read into a contact body. */
interface Draft {
  card: VCard;
  body: Record<string, unknown>;
  custom: Record<string, string>;
  /** Lines added to the notes: values the contact has no field for. */
  extras: string[];
  warnings: string[];
}

const SOCIAL_FIELDS = {
  linkedin: 'linkedin_url',
  github: 'github_url',
  facebook: 'facebook_url',
  twitter: 'twitter_url',
  x: 'twitter_url',
} as const;
type Social = keyof typeof SOCIAL_FIELDS;
const SOCIAL_HOSTS: [RegExp, Social][] = [
  [/(^|\.)linkedin\.com$/i, 'linkedin'],
  [/(^|\.)github\.com$/i, 'github'],
  [/(^|\.)(facebook|fb)\.com$/i, 'facebook'],
  [/(^|\.)(twitter|x)\.com$/i, 'twitter'],
];
const SOCIAL_PROFILE_URLS: Record<Social, string> = {
  linkedin: 'https://www.linkedin.com/in/',
  github: 'https://github.com/',
  facebook: 'https://www.facebook.com/',
  twitter: 'https://twitter.com/',
  x: 'https://twitter.com/',
};
/** Type words that say nothing a person would want in a label. */
const PLAIN_TYPES = new Set([
  'internet',
  'pref',
  'voice',
  'x400',
  'text',
  'msg',
  'postal',
  'parcel',
  'dom',
  'intl',
]);
const MAX_CUSTOM_FIELD_NAME = 100;

const shown = (value: string) => `"${value.slice(0, 60)}"`;
const types = (property: VCardProperty) => (property.params.TYPE ?? []).map((type) => type.toLowerCase());
/** How preferred a value is: 4.0's PREF=1 (most) to 100, 2.1 and 3.0's TYPE=pref as 1, none as 101. */
const preference = (property: VCardProperty) => {
  const pref = Number(property.params.PREF?.[0]);
  if (pref >= 1) return pref;
  return types(property).includes('pref') ? 1 : 101;
};
/** Words a label shows for a type. */
const TYPE_LABELS: Record<string, string> = { cell: 'Mobile', iphone: 'iPhone', fax: '' };

/** Apple's label of a grouped property (`item1.X-ABLabel:_$!<Mobile>!$_` → Mobile), else its types. */
function labelOf(card: VCard, property: VCardProperty): string {
  const label =
    property.group &&
    card.properties.find(
      (other) => other.group?.toLowerCase() === property.group?.toLowerCase() && other.name === 'X-ABLABEL',
    );
  if (label)
    return unescapeText(label.value)
      .replace(/^_\$!<(.*)>!\$_$/, '$1')
      .trim();
  const words = types(property)
    .filter((type) => !PLAIN_TYPES.has(type))
    .map((word) => ownValue(TYPE_LABELS, word) ?? word.charAt(0).toUpperCase() + word.slice(1));
  return [...new Set(words.filter(Boolean))].join(', ');
}

/** The card's properties of these names, the preferred ones first. */
const named = (card: VCard, ...names: string[]) =>
  card.properties
    .filter((property) => names.includes(property.name))
    .sort((a, b) => preference(a) - preference(b));

const text = (property: VCardProperty) => unescapeText(property.value).trim();
const extra = (what: string, label: string, value: string) =>
  `${what}${label ? ` (${label})` : ''}: ${value.replace(/\s*\n\s*/g, ', ')}`;

/** One line per line of the address: street, "City, Region Code", country. */
function addressText(property: VCardProperty): string {
  const [poBox, extended, street, locality, region, code, country] = splitValue(property.value).map((part) =>
    part.trim(),
  );
  const place = [[locality, region].filter(Boolean).join(', '), code].filter(Boolean).join(' ');
  return [poBox, extended, street, place, country].filter(Boolean).join('\n');
}

/** FN, N and ORG: a name split from FN only when the card has no N at all. */
function readNames(draft: Draft): void {
  const { card, body } = draft;
  const fullName = named(card, 'FN').map(text).find(Boolean);
  const org = named(card, 'ORG')
    .map((property) => splitValue(property.value).map((part) => part.trim()))
    .find((parts) => parts.some(Boolean));
  if (org) body.organization = org.filter(Boolean).join(', ');
  const [n] = named(card, 'N');
  const [family, given] = n ? splitValue(n.value).map((part) => part.trim()) : [];
  if (family) body.last_name = family;
  if (given) body.first_name = given;
  const company = named(card, 'X-ABSHOWAS').some((property) => /company/i.test(property.value));
  // Apple's "show as company": the FN is the company's name, not the person's.
  if (!fullName || (company && fullName === body.organization)) return;
  body.full_name = fullName;
  if (n) return;
  const parts = fullName.split(/\s+/);
  body.first_name = parts[0];
  if (parts.length > 1) body.last_name = parts.slice(1).join(' ');
}

/** EMAIL: the preferred valid address is the e-mail, the others go to the notes. */
function readEmails(draft: Draft): void {
  for (const property of named(draft.card, 'EMAIL')) {
    const address = text(property).replace(/^mailto:/i, '');
    if (!address) continue;
    if (!isEmailAddress(address)) draft.warnings.push(`${shown(address)} is not an e-mail address; left out`);
    else if (draft.body.email === undefined) draft.body.email = address;
    else draft.extras.push(extra('E-mail', labelOf(draft.card, property), address));
  }
}

/** TEL: a mobile number (by its type or label) is the mobile, another the phone; faxes and the rest go to the notes. */
function readPhones(draft: Draft): void {
  for (const property of named(draft.card, 'TEL')) {
    const number = text(property).replace(/^tel:/i, '');
    if (!number) continue;
    const label = labelOf(draft.card, property);
    const kinds = types(property);
    const fax = kinds.includes('fax') || /fax/i.test(label);
    const slot = kinds.includes('cell') || MOBILE_LABEL.test(label) ? 'mobile' : 'phone';
    if (!fax && draft.body[slot] === undefined) draft.body[slot] = number;
    else draft.extras.push(extra(fax ? 'Fax' : 'Phone', label, number));
  }
}

function readAddresses(draft: Draft): void {
  for (const property of named(draft.card, 'ADR')) {
    const address = addressText(property);
    if (!address) continue;
    if (draft.body.address === undefined) draft.body.address = address;
    else draft.extras.push(extra('Address', labelOf(draft.card, property), address));
  }
}

/** Which of LinkedIn, GitHub, Facebook or Twitter a link is, by its label, type or host. */
function socialOf(label: string, property: VCardProperty, url: string | null): Social | undefined {
  const named = [label, ...types(property)]
    .map((word) => word.toLowerCase())
    .find((word) => word in SOCIAL_FIELDS);
  if (named) return named as Social;
  const host = url ? URL.parse(url)?.hostname : '';
  return SOCIAL_HOSTS.find(([pattern]) => pattern.test(host ?? ''))?.[1];
}

/** URL and X-SOCIALPROFILE (and the older X-TWITTER, X-LINKEDIN …): profile links to their fields, one other to the website. */
function readLinks(draft: Draft): void {
  const { card, body } = draft;
  const links = named(card, 'URL', 'X-SOCIALPROFILE', 'X-TWITTER', 'X-LINKEDIN', 'X-FACEBOOK', 'X-GITHUB');
  for (const property of links) {
    const value = text(property);
    const label =
      property.name.startsWith('X-') && property.name !== 'X-SOCIALPROFILE'
        ? property.name.slice(2).toLowerCase()
        : labelOf(card, property);
    let url = normaliseUrl(value);
    const social = socialOf(label, property, url);
    const user = property.params['X-USER']?.[0];
    const handle = (user ?? value).replace(/^(x-apple:)?@?/i, '');
    if (!url && social && /^[\w.-]+$/.test(handle)) url = normaliseUrl(SOCIAL_PROFILE_URLS[social] + handle);
    if (!url) {
      if (value) draft.extras.push(extra('Profile', label, value));
      continue;
    }
    const field = social ? SOCIAL_FIELDS[social] : 'website_url';
    if (body[field] === undefined) body[field] = url;
    else draft.extras.push(extra('Web', label, url));
  }
}

/** BDAY as vCards write it: 1985-04-15, 19850415, --0415, --04-15, a date-time, Apple's year 1604 for none. */
function readBirthday(draft: Draft): void {
  const [property] = named(draft.card, 'BDAY');
  const raw = property && text(property);
  if (!raw) return;
  const omitYear = property.params['X-APPLE-OMIT-YEAR']?.[0];
  const match = /^(\d{4}|--)-?(\d{2})-?(\d{2})(?:T.*)?$/.exec(raw);
  if (!match) {
    draft.warnings.push(`Birthday ${shown(raw)} is not a date; left out`);
    return;
  }
  const year = match[1] === '--' || match[1] === omitYear ? '-' : match[1];
  const birthday = birthdayValue(`${year}-${match[2]}-${match[3]}`, draft.warnings);
  if (birthday !== undefined) draft.body.birthday = birthday;
}

/** TITLE, ROLE, NOTE, CATEGORIES, GENDER, PHOTO by link, and a few more kept in the notes. */
function readOthers(draft: Draft): void {
  const { card, body } = draft;
  const [title, ...otherTitles] = named(card, 'TITLE', 'ROLE').map(text).filter(Boolean);
  if (title) body.job_title = title;
  for (const role of otherTitles) draft.extras.push(extra('Role', '', role));
  const notes = named(card, 'NOTE').map(text).filter(Boolean);
  if (notes.length > 0) body.notes = notes.join('\n');
  const tags = named(card, 'CATEGORIES').flatMap((property) => splitValue(property.value, ','));
  if (tags.length > 0) body.tags = normaliseTags(tags.join(', '));
  const gender = named(card, 'GENDER', 'X-GENDER').map((property) => splitValue(property.value)[0].trim());
  const sex = { m: 'male', f: 'female', o: 'other' }[gender[0]?.charAt(0).toLowerCase() ?? ''];
  if (sex) body.gender = sex;
  const photo = named(card, 'PHOTO')
    .map((property) => normaliseUrl(text(property)))
    .find(Boolean);
  if (photo) body.avatar_url = photo;
  for (const property of named(
    card,
    'NICKNAME',
    'IMPP',
    'X-ABDATE',
    'ANNIVERSARY',
    'X-ABRELATEDNAMES',
    'RELATED',
  )) {
    const what = { NICKNAME: 'Nickname', IMPP: 'Chat', ANNIVERSARY: 'Anniversary', 'X-ABDATE': 'Date' }[
      property.name
    ];
    const value = text(property);
    if (value) draft.extras.push(extra(what ?? 'Related', labelOf(card, property), value));
  }
}

/** Relate's own X-RELATE-… properties, as `contactVCard` writes them. */
const RELATE_FIELDS: Record<string, string> = {
  'X-RELATE-JOB-STATUS': 'job_status',
  'X-RELATE-STATUS': 'status',
  'X-RELATE-PRIORITY': 'priority',
  'X-RELATE-SOURCE': 'source',
  'X-RELATE-GROUP': 'group',
  'X-RELATE-LAST-CONTACT': 'last_contact_date',
  'X-RELATE-NEXT-FOLLOW-UP': 'next_follow_up_date',
};

function readRelateFields(draft: Draft): void {
  for (const property of draft.card.properties) {
    const field = Object.hasOwn(RELATE_FIELDS, property.name) ? RELATE_FIELDS[property.name] : undefined;
    if (field) draft.body[field] = text(property);
    if (property.name !== 'X-RELATE-CUSTOM') continue;
    const name = property.params.NAME?.[0]?.trim();
    if (!name || name.length > MAX_CUSTOM_FIELD_NAME || isReservedFieldName(name))
      draft.warnings.push(`The custom field ${shown(name ?? '')} cannot be kept; left out`);
    else if (text(property)) draft.custom[name] = text(property);
  }
}

/** One card as a contact body, or the reason it cannot be imported (the API's rules, as for a CSV row). */
export function cardToContact(card: VCard): ParsedContactRow {
  const draft: Draft = { card, body: {}, custom: fieldBag(), extras: [], warnings: [...card.warnings] };
  for (const read of [readNames, readEmails, readPhones, readAddresses, readLinks, readBirthday, readOthers])
    read(draft);
  readRelateFields(draft);
  const { body } = draft;
  if (draft.extras.length > 0) body.notes = [body.notes, ...draft.extras].filter(Boolean).join('\n');
  if (Object.keys(draft.custom).length > 0) body.custom_fields = draft.custom;
  if (isEmptyContact(body)) return { error: EMPTY_CONTACT_MESSAGE };
  return validated(body, draft.warnings);
}

/**
 * The body through the API's schema. A field it refuses is left out with a warning (a card's one bad
 * value costs that value, not the contact); a card left with nothing to know it by is refused.
 */
function validated(body: Record<string, unknown>, warnings: string[]): ParsedContactRow {
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = PersonBodySchema.safeParse(body);
    if (parsed.success) return { person: parsed.data, warnings };
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field in body) warnings.push(`${issue.message}; ${shown(String(body[field]))} left out`);
      delete body[field];
    }
    if (isEmptyContact(body)) return { error: EMPTY_CONTACT_MESSAGE };
  }
  return { error: 'The card could not be read' };
}

const RELATE_PROPERTIES = Object.entries(RELATE_FIELDS) as [string, keyof Person][];
const LINKS: [keyof Person, string][] = [
  ['linkedin_url', 'LinkedIn'],
  ['github_url', 'GitHub'],
  ['facebook_url', 'Facebook'],
  ['twitter_url', 'Twitter'],
];

/** The birthday as vCard 3.0 writes it: 1985-04-15, or --04-15 without a year. */
const bday = (birthday: string) => (isYearlessBirthday(birthday) ? `--${birthday.slice(5)}` : birthday);

/** Names, organization, e-mail, phones, address and birthday: the properties every address book reads. */
function identityLines(person: Person): string[] {
  const company = !person.full_name && !person.first_name && !person.last_name && person.organization;
  const lines = [
    contentLine(
      'N',
      [person.last_name, person.first_name, '', '', ''].map((part) => escapeText(part ?? '')).join(';'),
    ),
    contentLine('FN', escapeText(person.full_name ?? (company ? person.organization! : ''))),
  ];
  if (company) lines.push(contentLine('X-ABShowAs', 'COMPANY'));
  if (person.organization) lines.push(contentLine('ORG', escapeText(person.organization)));
  if (person.job_title) lines.push(contentLine('TITLE', escapeText(person.job_title)));
  if (person.email) lines.push(contentLine('EMAIL', escapeText(person.email), { TYPE: 'INTERNET' }));
  if (person.mobile) lines.push(contentLine('TEL', escapeText(person.mobile), { TYPE: 'CELL' }));
  if (person.phone) lines.push(contentLine('TEL', escapeText(person.phone), { TYPE: 'VOICE' }));
  if (person.address) lines.push(contentLine('ADR', `;;${escapeText(person.address)};;;;`));
  if (person.birthday) lines.push(contentLine('BDAY', bday(person.birthday)));
  return lines;
}

/**
 * Links as Apple and Google write them (a URL with its X-ABLabel, so each keeps its kind), the notes,
 * tags, gender, photo link, and Relate's own fields and custom fields as X-RELATE-… properties.
 */
function otherLines(person: Person): string[] {
  const lines: string[] = [];
  if (person.website_url) lines.push(contentLine('URL', escapeText(person.website_url)));
  let item = 0;
  for (const [field, label] of LINKS) {
    const url = person[field];
    if (typeof url !== 'string') continue;
    item++;
    lines.push(contentLine(`item${item}.URL`, escapeText(url)), contentLine(`item${item}.X-ABLabel`, label));
  }
  if (person.notes) lines.push(contentLine('NOTE', escapeText(person.notes)));
  if (person.tags) lines.push(contentLine('CATEGORIES', person.tags.split(', ').map(escapeText).join(',')));
  if (person.gender) lines.push(contentLine('X-GENDER', escapeText(person.gender)));
  if (person.avatar_url) lines.push(contentLine('PHOTO', escapeText(person.avatar_url), { VALUE: 'uri' }));
  for (const [property, field] of RELATE_PROPERTIES) {
    const value = person[field];
    if (typeof value === 'string' && value) lines.push(contentLine(property, escapeText(value)));
  }
  for (const [name, value] of Object.entries(person.custom_fields))
    if (value) lines.push(contentLine('X-RELATE-CUSTOM', escapeText(value), { NAME: name }));
  return lines;
}

/** One contact as a vCard 3.0, CRLF line ends, lines folded at 75 bytes. */
export function contactVCard(person: Person): string {
  return [
    'BEGIN:VCARD\r\n',
    'VERSION:3.0\r\n',
    'PRODID:-//Relate//Contacts//EN\r\n',
    ...identityLines(person),
    ...otherLines(person),
    contentLine('REV', person.updated_at),
    'END:VCARD\r\n',
  ].join('');
}
