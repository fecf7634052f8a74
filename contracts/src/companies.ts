import { z } from 'zod';
import {
  filterText,
  IdSchema,
  optionalIsoDateTime,
  PageQuerySchema,
  storedText,
  TimestampSchema,
} from './common';

export const ConnectionStrengthSchema = z.enum(['weak', 'medium', 'strong']);
export type ConnectionStrength = z.infer<typeof ConnectionStrengthSchema>;

export const MAX_TWITTER_FOLLOWER_COUNT = 2_147_483_647;
const MAX_LIST_ITEMS = 100;
const MAX_LIST_ITEM_LENGTH = 200;

/** Company as the client sees it (spec section 3 "Company"). */
export const CompanySchema = z.object({
  id: z.number().int(),
  record: z.string(),
  tags: z.array(z.string()),
  categories: z.string().nullable(),
  linkedin_profile: z.string().nullable(),
  last_interaction: TimestampSchema.nullable(),
  connection_strength: ConnectionStrengthSchema.nullable(),
  twitter_follower_count: z.number().int(),
  twitter: z.string().nullable(),
  domains: z.array(z.string()),
  description: z.string().nullable(),
  notion_id: z.string().nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Company = z.infer<typeof CompanySchema>;

const RecordSchema = storedText({ error: 'Company name is required' })
  .trim()
  .min(1, { error: 'Company name is required' })
  .max(300, { error: 'Company name must be at most 300 characters' });

/** Optional text: trimmed; empty or null is stored as null. */
const optionalText = (label: string, max: number) =>
  storedText({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullable()
    .transform((value) => value || null);

/** A list of text, sent as an array or a comma-separated string: items trimmed, empties and repeats dropped. */
const textList = (label: string) =>
  z
    .union([z.array(storedText()), storedText(), z.null()], {
      error: `${label} must be a list of text or comma-separated text`,
    })
    .transform((value) => {
      const items = typeof value === 'string' ? value.split(',') : (value ?? []);
      return [...new Set(items.map((item) => item.trim()).filter(Boolean))];
    })
    .pipe(
      z
        .array(
          storedText().max(MAX_LIST_ITEM_LENGTH, {
            error: `Each of ${label.toLowerCase()} must be at most ${MAX_LIST_ITEM_LENGTH} characters`,
          }),
        )
        .max(MAX_LIST_ITEMS, { error: `${label} can hold at most ${MAX_LIST_ITEMS} items` }),
    );

/** An http(s) URL; a bare 'linkedin.com/company/x' gets https:// in front. */
const LinkedinProfileSchema = storedText({ error: 'LinkedIn profile must be a URL' })
  .trim()
  .max(2000, { error: 'LinkedIn profile must be at most 2000 characters' })
  .nullable()
  .transform((value) => (value && !/^[a-z][a-z0-9+.-]*:/i.test(value) ? `https://${value}` : value || null))
  .pipe(
    z
      .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'LinkedIn profile must be a URL' })
      .nullable(),
  );

const LastInteractionSchema = optionalIsoDateTime('Last interaction');

const strengthChoice = z.enum(ConnectionStrengthSchema.options, {
  error: 'Connection strength must be weak, medium or strong',
});

/** Case-insensitive; '' or null → null. */
const ConnectionStrengthInputSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() || null : value),
  strengthChoice.nullable(),
);

/** A whole number ≥ 0; null or '' is 0, a numeric string is accepted. */
const FollowerCountSchema = z.preprocess(
  (value) => (value === null || value === '' ? 0 : typeof value === 'string' ? Number(value.trim()) : value),
  z
    .number({ error: 'Twitter follower count must be a number' })
    .int({ error: 'Twitter follower count must be a whole number' })
    .min(0, { error: 'Twitter follower count must be at least 0' })
    .max(MAX_TWITTER_FOLLOWER_COUNT, { error: 'Twitter follower count is too large' }),
);

const companyFields = {
  record: RecordSchema,
  tags: textList('Tags').optional(),
  categories: optionalText('Categories', 500).optional(),
  linkedin_profile: LinkedinProfileSchema.optional(),
  last_interaction: LastInteractionSchema.optional(),
  connection_strength: ConnectionStrengthInputSchema.optional(),
  twitter_follower_count: FollowerCountSchema.optional(),
  twitter: optionalText('Twitter', 300).optional(),
  domains: textList('Domains').optional(),
  description: optionalText('Description', 20_000).optional(),
  notion_id: optionalText('Notion id', 200).optional(),
};

/** POST /api/companies. Unknown fields (id, created_at, ...) are ignored. */
export const CreateCompanyBodySchema = z.object(companyFields);
export type CreateCompanyBody = z.input<typeof CreateCompanyBodySchema>;
export type NewCompany = z.output<typeof CreateCompanyBodySchema>;

/** PUT /api/companies/{id}: only the fields sent change. */
export const UpdateCompanyBodySchema = z.object({ ...companyFields, record: RecordSchema.optional() });
export type UpdateCompanyBody = z.input<typeof UpdateCompanyBodySchema>;
export type CompanyChanges = z.output<typeof UpdateCompanyBodySchema>;

export const CompanySortSchema = z.enum(
  [
    'id',
    'record',
    'categories',
    'last_interaction',
    'connection_strength',
    'twitter_follower_count',
    'created_at',
  ],
  {
    error:
      'Sort by id, record, categories, last_interaction, connection_strength, twitter_follower_count or created_at',
  },
);
export type CompanySort = z.infer<typeof CompanySortSchema>;

/**
 * GET /api/companies. Text filters are case-insensitive substring matches; q looks through record,
 * categories, description, domains, tags and twitter. Nulls sort last in both orders, ties by id.
 */
export const ListCompaniesQuerySchema = PageQuerySchema.extend({
  page_size: z.coerce.number().int().min(1).max(500).default(10),
  q: filterText,
  sort: CompanySortSchema.default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
  name: filterText,
  categories: filterText,
  domains: filterText,
  connection_strength: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    strengthChoice.optional(),
  ),
});
export type ListCompaniesQuery = z.input<typeof ListCompaniesQuerySchema>;
export type CompanyListOptions = z.output<typeof ListCompaniesQuerySchema>;

/** Over all of the caller's companies, whatever the filters: the Total Companies and Active Companies cards. */
export const CompanyStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
});
export type CompanyStats = z.infer<typeof CompanyStatsSchema>;

export const CompaniesResponseSchema = z.object({
  companies: z.array(CompanySchema),
  total: z.number().int(),
  /**
   * When true, more rows match than were counted: `total` is a lower bound (shown as "1,000+"). Counting
   * stops 1,000 rows past the start of the requested page, so pages further on still work.
   */
  total_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
  stats: CompanyStatsSchema,
});
export type CompaniesResponse = z.infer<typeof CompaniesResponseSchema>;

/** What a delete of companies moved to the Trash; `trash_batch` is what POST /api/trash/restore takes to undo it. */
export const DeletedCompaniesSchema = z.object({
  deleted: z.number().int(),
  trash_batch: z.string().nullable(),
});
export type DeletedCompanies = z.infer<typeof DeletedCompaniesSchema>;

/** The fields a CSV column can fill (spec section 3 "Company CSV mapping"). */
export const CompanyCsvFieldSchema = z.enum([
  'record',
  'tags',
  'categories',
  'linkedin_profile',
  'last_interaction',
  'connection_strength',
  'twitter_follower_count',
  'twitter',
  'domains',
  'description',
  'notion_id',
]);
export type CompanyCsvField = z.infer<typeof CompanyCsvFieldSchema>;

/** Where a column goes: a field, or 'ignore' (not imported). */
export const CompanyCsvTargetSchema = z.union([CompanyCsvFieldSchema, z.literal('ignore')]);
export type CompanyCsvTarget = z.infer<typeof CompanyCsvTargetSchema>;

/**
 * What one company import may hold (decision 0030): at most 20 MB of CSV text (about 65,000 companies
 * with a description each, many more without) and at most 50,000 companies; a larger file is refused
 * with 413 before anything is written.
 */
export const COMPANY_CSV_MAX_BYTES = 20 * 1024 * 1024;
export const COMPANY_CSV_MAX_ROWS = 50_000;

/**
 * POST /api/company-csv-processor. csvData is the file's text. customMapping maps a header (as returned
 * by /headers, case-insensitive) to a field or 'ignore' (null means ignore too); headers it leaves out
 * follow the recognised-header rules, and unrecognised ones are ignored.
 */
export const CompanyCsvBodySchema = z.object({
  csvData: storedText({ error: 'csvData must be the CSV text' }),
  customMapping: z.record(storedText(), CompanyCsvTargetSchema.nullable()).nullish(),
  /** For a field two columns fill: join their values (lists: all items) or keep the first value given. */
  combine: z.partialRecord(CompanyCsvFieldSchema, z.enum(['join', 'first'])).nullish(),
});
export type CompanyCsvBody = z.input<typeof CompanyCsvBodySchema>;

export const CompanyCsvRowErrorSchema = z.object({
  /** The row as a spreadsheet numbers it: in a plain file the header is row 1 and the first data row 2. */
  row: z.number().int(),
  error: z.string(),
});
export type CompanyCsvRowError = z.infer<typeof CompanyCsvRowErrorSchema>;

/** skipped counts every rejected row; errors lists the first 1000 of them. */
export const CompanyCsvResultSchema = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(CompanyCsvRowErrorSchema),
});
export type CompanyCsvResult = z.infer<typeof CompanyCsvResultSchema>;

/**
 * POST /api/company-csv-processor/preview (same body as the import): the import as it would be,
 * nothing written. filled counts per field the rows that got a value; rows are the first few
 * companies as they will be stored (lists joined with ', ').
 */
export const CompanyCsvPreviewSchema = z.object({
  total_rows: z.number().int(),
  importable_rows: z.number().int(),
  skipped_rows: z.number().int(),
  filled: z.record(z.string(), z.number().int()),
  rows: z.array(z.object({ row: z.number().int(), values: z.record(z.string(), z.string()) })),
  errors: z.array(CompanyCsvRowErrorSchema),
});
export type CompanyCsvPreview = z.infer<typeof CompanyCsvPreviewSchema>;

export const CompanyCsvHeadersBodySchema = z.object({
  csvData: storedText({ error: 'csvData must be the CSV text' }),
});
export type CompanyCsvHeadersBody = z.input<typeof CompanyCsvHeadersBodySchema>;

/**
 * POST /api/company-csv-processor/headers. recognised maps each header to its field, 'ignore' for
 * recognised columns that are not imported (record id, id, created at), or null when unrecognised;
 * needs_mapping is true when any header is null, two columns would fill one field, or a recognised
 * export leaves columns out (the 'Map CSV Columns' dialog opens and says why).
 */
export const CompanyCsvHeadersResponseSchema = z.object({
  headers: z.array(z.string()),
  recognised: z.record(z.string(), CompanyCsvTargetSchema.nullable()),
  needs_mapping: z.boolean(),
  total_rows: z.number().int(),
  /** The export the file was recognised as (HubSpot companies, ...), or null. */
  profile: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Header → why it is ignored, for columns a recognised export leaves out on purpose. */
  reasons: z.record(z.string(), z.string()),
  /** Fields that more than one recognised column would fill: the person chooses before importing. */
  clashes: z.array(z.object({ field: CompanyCsvFieldSchema, headers: z.array(z.string()) })),
});
export type CompanyCsvHeadersResponse = z.infer<typeof CompanyCsvHeadersResponseSchema>;

/** Companies with the same trimmed, case-insensitive name; identical when all compared fields match. */
export const CompanyDuplicateGroupSchema = z.object({
  key: z.string(),
  /** The name as written on the first (lowest id) company of the group. */
  record: z.string(),
  identical: z.boolean(),
  /** Ordered by id: the first one is the one auto-merge keeps. */
  companies: z.array(CompanySchema),
});
export type CompanyDuplicateGroup = z.infer<typeof CompanyDuplicateGroupSchema>;

/** Counts are of groups: total_duplicates = auto_mergeable + manual_review. */
export const CompanyDuplicatesResponseSchema = z.object({
  groups: z.array(CompanyDuplicateGroupSchema),
  total_duplicates: z.number().int(),
  auto_mergeable: z.number().int(),
  manual_review: z.number().int(),
});
export type CompanyDuplicatesResponse = z.infer<typeof CompanyDuplicatesResponseSchema>;

export const CompanyAutoMergeResultSchema = z.object({
  merged_groups: z.number().int(),
  deleted: z.number().int(),
  trash_batch: z.string().nullable(),
});
export type CompanyAutoMergeResult = z.infer<typeof CompanyAutoMergeResultSchema>;

/** Keep keep_id and delete delete_ids; keep_id null deletes them all (Delete All Records). */
export const ResolveCompanyDuplicatesBodySchema = z
  .object({
    keep_id: IdSchema.nullable(),
    delete_ids: z.array(IdSchema).min(1, { error: 'Choose at least one company to delete' }).max(10_000),
  })
  .refine((body) => body.keep_id === null || !body.delete_ids.includes(body.keep_id), {
    path: ['delete_ids'],
    error: 'The company you keep cannot also be deleted',
  });
export type ResolveCompanyDuplicatesBody = z.infer<typeof ResolveCompanyDuplicatesBodySchema>;

/** GET /api/companies/suggestions?q=: the companies a typed organization may mean (the contact form). */
export const CompanySuggestionsQuerySchema = z.object({
  q: storedText({ error: 'q must be text' })
    .trim()
    .min(1, { error: 'Type part of a company name' })
    .max(300, { error: 'q must be at most 300 characters' }),
});
export type CompanySuggestionsQuery = z.input<typeof CompanySuggestionsQuerySchema>;

export const CompanySuggestionSchema = z.object({ id: z.number().int(), record: z.string() });
export type CompanySuggestion = z.infer<typeof CompanySuggestionSchema>;

export const CompanySuggestionsResponseSchema = z.object({
  /**
   * At most 8: the company the text names (same name key as companyNameKey finds it) first, then names
   * that start with the text, then names that hold it as a word or anywhere.
   */
  companies: z.array(CompanySuggestionSchema),
  /** The company a contact with this organization is linked to when saved, if any. */
  match_id: z.number().int().nullable(),
});
export type CompanySuggestionsResponse = z.infer<typeof CompanySuggestionsResponseSchema>;

/**
 * GET /api/companies/unlinked-organizations: the organizations of the caller's contacts that no company
 * of theirs matches (what migration 0037 and the imports could not link), most contacts first.
 */
export const UnlinkedOrganizationsResponseSchema = z.object({
  organizations: z.array(z.object({ organization: z.string(), contacts: z.number().int() })),
  /** How many such organizations there are (the list sends the first 100). */
  total: z.number().int(),
  /** How many contacts have an organization and no company. */
  contacts: z.number().int(),
});
export type UnlinkedOrganizationsResponse = z.infer<typeof UnlinkedOrganizationsResponseSchema>;
