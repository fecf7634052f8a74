import { z } from 'zod';
import {
  filterText,
  IdSchema,
  MAX_ID,
  optionalIsoDateTime,
  PageQuerySchema,
  storedText,
  TimestampSchema,
} from './common';
import { CONTACT_STATUSES, GENDERS, JOB_STATUSES, PRIORITIES } from './contact-options';
import {
  birthdayProblem,
  isEmailAddress,
  normaliseTags,
  normaliseUrl,
  storedBirthday,
} from './contact-values';

export const GenderSchema = z.enum(GENDERS);
export const JobStatusSchema = z.enum(JOB_STATUSES);
export const ContactStatusSchema = z.enum(CONTACT_STATUSES);
export const PrioritySchema = z.enum(PRIORITIES);

/**
 * The plain text fields of a contact (spec section 3 "Contact (person)"), for clients' field lists.
 * @public
 */
export const CONTACT_TEXT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'mobile',
  'address',
  'organization',
  'job_title',
  'linkedin_url',
  'github_url',
  'facebook_url',
  'twitter_url',
  'website_url',
  'notes',
  'source',
  'tags',
  'group',
  'avatar_url',
] as const;

/** Contact as the client sees it. */
export const PersonSchema = z.object({
  id: z.number().int(),
  full_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  gender: GenderSchema.nullable(),
  birthday: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  address: z.string().nullable(),
  organization: z.string().nullable(),
  /** The user's company this person works at; `organization` is then its name (issue 35). */
  company_id: z.number().int().nullable(),
  job_title: z.string().nullable(),
  job_status: JobStatusSchema.nullable(),
  linkedin_url: z.string().nullable(),
  github_url: z.string().nullable(),
  facebook_url: z.string().nullable(),
  twitter_url: z.string().nullable(),
  website_url: z.string().nullable(),
  notes: z.string().nullable(),
  source: z.string().nullable(),
  tags: z.string().nullable(),
  last_contact_date: TimestampSchema.nullable(),
  next_follow_up_date: TimestampSchema.nullable(),
  status: ContactStatusSchema.nullable(),
  priority: PrioritySchema.nullable(),
  group: z.string().nullable(),
  avatar_url: z.string().nullable(),
  custom_fields: z.record(z.string(), z.string().nullable()),
  /** Who shared this copy, when it came from a group member. */
  shared_by: z.string().nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Person = z.infer<typeof PersonSchema>;

const text = (label: string, max = 2000) =>
  storedText({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullable()
    .transform((value) => value || null);

/** '' or null → null; otherwise one of the choices, case-insensitive. */
const choice = <T extends readonly [string, ...string[]]>(label: string, options: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || null : value),
    z.enum(options, { error: `${label} must be one of ${options.join(', ')}` }).nullable(),
  );

/** A link field: stored with its scheme (https:// added when missing); anything else is refused. */
const link = (label: string) =>
  text(label).transform((value, context) => {
    if (value === null) return null;
    const url = normaliseUrl(value);
    if (url === null)
      context.addIssue({
        code: 'custom',
        message: `${label} must be a web address such as example.com/page`,
      });
    return url;
  });

const email = text('Email', 320).refine((value) => value === null || isEmailAddress(value), {
  error: 'Email must be an e-mail address such as name@example.com',
});

const birthday = z
  .union(
    [
      z.iso.date(),
      z.iso.datetime({ offset: true, local: true }),
      z.string().regex(/^--\d{2}-\d{2}$/),
      z.literal(''),
      z.null(),
    ],
    { error: 'Birthday must be a date (YYYY-MM-DD, or --MM-DD without a year) or empty' },
  )
  .transform((value, context) => {
    if (!value) return null;
    const day = storedBirthday(value.slice(0, 10));
    const problem = birthdayProblem(day);
    if (problem) context.addIssue({ code: 'custom', message: problem });
    return day;
  });

const tags = text('Tags', 2000).transform((value) => (value === null ? null : normaliseTags(value) || null));

/**
 * Names every JavaScript object has already (`constructor`, `toString`, `__proto__`…, in any case): a
 * custom field named so would read as that property wherever values are looked up by name.
 */
const RESERVED_FIELD_NAMES = new Set(
  Object.getOwnPropertyNames(Object.prototype).map((name) => name.toLowerCase()),
);
export const isReservedFieldName = (name: string) => RESERVED_FIELD_NAMES.has(name.trim().toLowerCase());
export const reservedFieldNameMessage = (name: string) =>
  `"${name.trim()}" is a reserved name: choose another field name`;
const notReserved = (name: string, context: z.RefinementCtx) => {
  if (isReservedFieldName(name))
    context.addIssue({ code: 'custom', message: reservedFieldNameMessage(name) });
};

const customFields = z
  .record(
    storedText().trim().min(1).max(100).superRefine(notReserved),
    z
      .union([storedText(), z.number(), z.null()])
      .transform((value) => (value === null ? null : String(value).trim() || null)),
    { error: 'custom_fields must map field names to text' },
  )
  .refine((value) => Object.keys(value).length <= 200, { error: 'At most 200 custom fields' });

/** A company's id: a positive PostgreSQL integer. */
const companyId = (error: string) =>
  z.number({ error }).int({ error }).positive({ error }).max(MAX_ID, { error });
const COMPANY_ID_MESSAGE = 'company_id must be the id of one of your companies';

const personFields = {
  full_name: text('Full name', 400).optional(),
  first_name: text('First name', 200).optional(),
  last_name: text('Last name', 200).optional(),
  gender: choice('Gender', GENDERS).optional(),
  birthday: birthday.optional(),
  email: email.optional(),
  phone: text('Phone', 100).optional(),
  mobile: text('Mobile', 100).optional(),
  address: text('Address').optional(),
  organization: text('Organization', 300).optional(),
  company_id: companyId('company_id must be the id of one of your companies, or null').nullable().optional(),
  create_company: z.boolean({ error: 'create_company must be true or false' }).optional(),
  job_title: text('Job title', 300).optional(),
  job_status: choice('Job status', JOB_STATUSES).optional(),
  linkedin_url: link('LinkedIn URL').optional(),
  github_url: link('GitHub URL').optional(),
  facebook_url: link('Facebook URL').optional(),
  twitter_url: link('Twitter URL').optional(),
  website_url: link('Website URL').optional(),
  notes: text('Notes', 50_000).optional(),
  source: text('Source', 300).optional(),
  tags: tags.optional(),
  last_contact_date: optionalIsoDateTime('Last contact date').optional(),
  next_follow_up_date: optionalIsoDateTime('Next follow-up date').optional(),
  status: choice('Status', CONTACT_STATUSES).optional(),
  priority: choice('Priority', PRIORITIES).optional(),
  group: text('Group', 300).optional(),
  avatar_url: link('Avatar URL').optional(),
  custom_fields: customFields.optional(),
};

/** Spec section 5 leaves names optional, but a contact must hold something to find it by. */
export const EMPTY_CONTACT_MESSAGE =
  'A contact needs a name, an e-mail address, a phone number or an organization';
export const CONTACT_IDENTITY_FIELDS = [
  'full_name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'mobile',
  'organization',
] as const;

/** True when none of the fields a person is known by has a value. */
export const isEmptyContact = (values: Partial<Record<(typeof CONTACT_IDENTITY_FIELDS)[number], unknown>>) =>
  CONTACT_IDENTITY_FIELDS.every((field) => {
    const value = values[field];
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  });

/**
 * POST /api/people and PUT /api/people/{id}: only the fields sent change on PUT (null clears; id,
 * created_at and updated_at are ignored). first_name/last_name are not enforced (spec section 5).
 * custom_fields sent on PUT are merged into the stored ones; a null value removes that field.
 *
 * The company (issue 35): `company_id` links the person to one of the user's companies and sets
 * `organization` to its name; null unlinks (the organization text stays). An `organization` sent
 * without `company_id` links to the user's company of that name (case, accents, punctuation and a legal
 * form like Ltd or GmbH aside), or unlinks when none has it; with `create_company: true` a company of
 * that name is added when none has it.
 */
export const PersonBodySchema = z.object(personFields);
export type PersonBody = z.input<typeof PersonBodySchema>;
export type PersonInput = z.output<typeof PersonBodySchema>;

export const PERSON_SORT_COLUMNS = [
  'id',
  'full_name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'mobile',
  'organization',
  'job_title',
  'status',
  'priority',
  'group',
  'source',
  'linkedin_url',
  'github_url',
  'website_url',
  'address',
  'notes',
  'tags',
  'last_contact_date',
  'next_follow_up_date',
  'birthday',
  'created_at',
  'updated_at',
] as const;

/**
 * GET /api/people. Besides these, every column can be filtered by its own query parameter
 * (`?email=acme`, `?custom_<name>=x`): case-insensitive substring matches. Sorting by a custom
 * field is `sort=custom_<name>`.
 */
export const ListPeopleQuerySchema = PageQuerySchema.extend({
  q: filterText,
  sort: z
    .string()
    .trim()
    .refine(
      (value) => (PERSON_SORT_COLUMNS as readonly string[]).includes(value) || value.startsWith('custom_'),
      {
        error: `Sort by one of ${PERSON_SORT_COLUMNS.join(', ')} or custom_<name>`,
      },
    )
    .default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
  /** Only the people of this company of the user's (issue 35). */
  company_id: z.coerce.number({ error: COMPANY_ID_MESSAGE }).pipe(companyId(COMPANY_ID_MESSAGE)).optional(),
}).loose();
export type ListPeopleQuery = z.input<typeof ListPeopleQuerySchema>;
export type PeopleListQuery = z.output<typeof ListPeopleQuerySchema>;

export const PeopleResponseSchema = z.object({
  people: z.array(PersonSchema),
  total: z.number().int(),
  /**
   * When true, more rows match than were counted: `total` is a lower bound (shown as "1,000+"). Counting
   * stops 1,000 rows past the start of the requested page, so pages further on still work.
   */
  total_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type PeopleResponse = z.infer<typeof PeopleResponseSchema>;

/** What a delete of people moved to the Trash; `trash_batch` is what POST /api/trash/restore takes to undo it. */
export const DeletedPeopleSchema = z.object({
  deleted: z.number().int(),
  trash_batch: z.string().nullable(),
});
export type DeletedPeople = z.infer<typeof DeletedPeopleSchema>;

/** How many people of each group the duplicates scan sends; the group route sends them all. */
export const DUPLICATE_PEOPLE_SHOWN = 10;

/** GET /api/people/duplicates: people grouped by trimmed, lower-cased full name. */
export const PersonDuplicateGroupSchema = z.object({
  key: z.string(),
  full_name: z.string(),
  identical: z.boolean(),
  /** How many people the group has. */
  count: z.number().int(),
  /**
   * Ordered by id. In the scan only the first DUPLICATE_PEOPLE_SHOWN; GET
   * /api/people/duplicates/group?key= answers the group with every one.
   */
  people: z.array(PersonSchema),
});
export type PersonDuplicateGroup = z.infer<typeof PersonDuplicateGroupSchema>;
/** GET /api/people/duplicates/group?key=: one group by its key (404 unless two or more of the caller's share it). */
export const PersonDuplicateGroupQuerySchema = z.object({ key: z.string().min(1).max(2000) });
export const PersonDuplicatesResponseSchema = z.object({
  groups: z.array(PersonDuplicateGroupSchema),
  total_duplicates: z.number().int(),
  auto_mergeable: z.number().int(),
  manual_review: z.number().int(),
});
export type PersonDuplicatesResponse = z.infer<typeof PersonDuplicatesResponseSchema>;

export const ResolvePeopleBodySchema = z.object({
  keep_id: IdSchema.nullable(),
  delete_ids: z.array(IdSchema).min(1, { error: 'Choose at least one record to delete' }).max(10_000),
});
export const AutoMergeResultSchema = z.object({
  merged_groups: z.number().int(),
  deleted: z.number().int(),
  trash_batch: z.string().nullable(),
});
export type AutoMergeResult = z.infer<typeof AutoMergeResultSchema>;

/** How columns that share one field combine: joined with a space, one per line, or the first value given. */
export const CsvCombineModeSchema = z.enum(['join', 'lines', 'first']);
export type CsvCombineMode = z.infer<typeof CsvCombineModeSchema>;

/** POST /api/csv/get-columns (multipart: file). */
export const CSV_PREVIEW_ROWS = 5;
export const CsvColumnsResponseSchema = z.object({
  success: z.boolean(),
  /**
   * What the file is. A vCard file (.vcf: vCard 2.1, 3.0 or 4.0) has no columns to map: its cards are read
   * field by field, so the client goes straight to the preview (sent without a mapping); total_rows counts
   * its cards and profile names its versions.
   */
  format: z.enum(['csv', 'vcard']),
  csv_columns: z.array(z.string()),
  contact_fields: z.array(z.object({ key: z.string(), label: z.string(), required: z.boolean() })),
  total_rows: z.number().int(),
  /** The first few data rows, each keyed by its CSV column (values cut at 200 characters), for the mapping step. */
  preview: z.array(z.record(z.string(), z.string())),
  /** The export the file was recognised as (Google Contacts, Outlook, ...), or null for an unknown file. */
  profile: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Where each column starts: a field, 'skip', 'full_name', 'phone_by_label' or 'custom_<name>'; never two on one field unless combine says how. */
  suggested_mapping: z.record(z.string(), z.string()),
  /** Why a column starts as skipped, for some of them. */
  reasons: z.record(z.string(), z.string()),
  /** For fields the recognised export fills from several columns (an address in lines), how they combine. */
  combine: z.record(z.string(), CsvCombineModeSchema),
  error: z.string().optional(),
});
export type CsvColumnsResponse = z.infer<typeof CsvColumnsResponseSchema>;

export const CsvRowMessageSchema = z.object({ row: z.number().int(), error: z.string() });

/**
 * POST /api/csv/preview (multipart: file, mapping, combine): the import as it would be, nothing written.
 * filled counts per field (custom fields as custom_<name>) the rows that got a value; rows are the first
 * few contacts as they will be stored, keyed the same way.
 */
export const CsvPreviewResponseSchema = z.object({
  total_rows: z.number().int(),
  importable_rows: z.number().int(),
  skipped_rows: z.number().int(),
  filled: z.record(z.string(), z.number().int()),
  rows: z.array(z.object({ row: z.number().int(), values: z.record(z.string(), z.string()) })),
  errors: z.array(CsvRowMessageSchema),
  warnings: z.array(CsvRowMessageSchema),
  /** Columns whose first values do not look like the field they go to (digits-only ids as phones). */
  column_checks: z.array(z.object({ column: z.string(), field: z.string(), message: z.string() })),
});
export type CsvPreviewResponse = z.infer<typeof CsvPreviewResponseSchema>;

/**
 * POST /api/csv/import-with-mapping (multipart: file, mapping = JSON of column → field | 'skip' |
 * 'full_name' | 'phone_by_label' | 'custom_<name>', combine = JSON of field → join | lines | first).
 * import_id names the import for DELETE /api/csv/imports/{id} (undo).
 */
export const CsvImportResponseSchema = z.object({
  success: z.boolean(),
  imported_count: z.number().int(),
  skipped_count: z.number().int(),
  total_rows: z.number().int(),
  errors: z.array(CsvRowMessageSchema),
  warnings: z.array(CsvRowMessageSchema),
  import_id: z.number().int().nullable(),
  error: z.string().optional(),
});
export type CsvImportResponse = z.infer<typeof CsvImportResponseSchema>;

/** DELETE /api/csv/imports/{id}: the contacts the import created, deleted while none was edited since. */
export const UndoCsvImportResponseSchema = z.object({ deleted: z.number().int() });
export type UndoCsvImportResponse = z.infer<typeof UndoCsvImportResponseSchema>;

/** The most contacts a vCard export by ids names (a selection; the export of all takes no ids). */
export const MAX_EXPORT_IDS = 1000;

/** GET /api/people/export/vcard?ids=1,2,3: the chosen contacts, or every one without ids. */
export const ExportVCardQuerySchema = z.object({
  ids: z
    .string()
    .trim()
    .regex(/^\d+(,\d+)*$/, { error: 'ids must be contact ids separated by commas' })
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.length <= MAX_EXPORT_IDS, {
      error: `At most ${MAX_EXPORT_IDS} contacts can be exported by id: export all instead`,
    })
    .optional(),
});

/** GET /api/custom-fields, and the answer of POST and DELETE. */
export const CustomFieldsResponseSchema = z.object({ custom_fields: z.array(z.string()) });
export type CustomFieldsResponse = z.infer<typeof CustomFieldsResponseSchema>;

/**
 * A custom field name as sent. Trimming, blank and duplicate checks are the server's rules, so that the
 * answer carries the spec's exact texts ('Field name is required', 'Field name already exists').
 */
export const CustomFieldNameSchema = storedText({ error: 'Field name is required' })
  .max(100, { error: 'Field name must be at most 100 characters' })
  .superRefine(notReserved);
export const CustomFieldNamesSchema = z
  .array(CustomFieldNameSchema)
  .max(200, { error: 'At most 200 custom fields' });

/** POST /api/custom-fields: `{ name }` adds one name, `{ custom_fields: [...] }` replaces the list (spec section 7). */
export const AddCustomFieldBodySchema = z.union(
  [z.object({ name: CustomFieldNameSchema }), z.object({ custom_fields: CustomFieldNamesSchema })],
  { error: 'Send { name } to add a field, or { custom_fields: [...] } to replace the list' },
);
export type AddCustomFieldBody = z.infer<typeof AddCustomFieldBodySchema>;
