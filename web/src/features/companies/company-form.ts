import {
  type Company,
  type ConnectionStrength,
  ConnectionStrengthSchema,
  type CreateCompanyBody,
  CreateCompanyBodySchema,
} from '@relate/contracts';
import { format, isValid, parseISO } from 'date-fns';
import { z } from 'zod';

export const strengthLabel = (strength: ConnectionStrength) =>
  strength.charAt(0).toUpperCase() + strength.slice(1);

/** Comma-separated text → items trimmed, empties dropped (spec section 5 "Company form"). */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A follower count as typed: a number, or 0 when it is empty or not numeric. */
export function parseFollowerCount(text: string): number {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(value) ? 0 : value;
}

/** A URL with or without its scheme ('linkedin.com/company/acme' counts). */
function isWebAddress(text: string): boolean {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const companyFieldsSchema = z.object({
  record: z.string().trim().min(1, 'Company name is required').max(300, 'Company name is too long'),
  categories: z.string(),
  tags: z.string(),
  domains: z.string(),
  linkedin_profile: z
    .string()
    .trim()
    .refine((value) => value === '' || isWebAddress(value), 'Enter a valid URL'),
  twitter: z.string(),
  twitter_follower_count: z
    .string()
    .refine((value) => parseFollowerCount(value) >= 0, 'Follower count must be 0 or more')
    .refine((value) => Number.isInteger(parseFollowerCount(value)), 'Follower count must be a whole number'),
  connection_strength: z.enum(['', ...ConnectionStrengthSchema.options]),
  last_interaction: z.string(),
  description: z.string(),
  notion_id: z.string(),
});
export type CompanyFormValues = z.infer<typeof companyFieldsSchema>;

/** The form's own checks (the spec's texts), then the contract's rules on the body it sends, per field. */
export const companyFormSchema = companyFieldsSchema.superRefine((values, context) => {
  const body = CreateCompanyBodySchema.safeParse(toCompanyBody(values));
  if (body.success) return;
  for (const issue of body.error.issues) {
    const field = String(issue.path[0]) as keyof CompanyFormValues;
    // A field the form itself already refuses keeps the form's own message.
    if (!companyFieldsSchema.shape[field]?.safeParse(values[field]).success) continue;
    context.addIssue({ code: 'custom', path: [field], message: issue.message });
  }
});

export const emptyCompanyForm: CompanyFormValues = {
  record: '',
  categories: '',
  tags: '',
  domains: '',
  linkedin_profile: '',
  twitter: '',
  twitter_follower_count: '0',
  connection_strength: '',
  last_interaction: '',
  description: '',
  notion_id: '',
};

/** The value of a datetime-local input for an ISO timestamp, in the browser's time zone. */
export function toLocalDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, "yyyy-MM-dd'T'HH:mm") : '';
}

export function toFormValues(company: Company | null): CompanyFormValues {
  if (!company) return emptyCompanyForm;
  return {
    record: company.record,
    categories: company.categories ?? '',
    tags: company.tags.join(', '),
    domains: company.domains.join(', '),
    linkedin_profile: company.linkedin_profile ?? '',
    twitter: company.twitter ?? '',
    twitter_follower_count: String(company.twitter_follower_count),
    connection_strength: company.connection_strength ?? '',
    last_interaction: toLocalDateTime(company.last_interaction),
    description: company.description ?? '',
    notion_id: company.notion_id ?? '',
  };
}

const orNull = (text: string) => text.trim() || null;

/** The body of POST /companies or PUT /companies/{id}: every field, empties as null or []. */
export function toCompanyBody(values: CompanyFormValues): CreateCompanyBody {
  const lastInteraction = values.last_interaction ? new Date(values.last_interaction) : null;
  return {
    record: values.record.trim(),
    categories: orNull(values.categories),
    tags: splitList(values.tags),
    domains: splitList(values.domains),
    linkedin_profile: orNull(values.linkedin_profile),
    twitter: orNull(values.twitter),
    twitter_follower_count: parseFollowerCount(values.twitter_follower_count),
    connection_strength: values.connection_strength || null,
    last_interaction: lastInteraction && isValid(lastInteraction) ? lastInteraction.toISOString() : null,
    description: orNull(values.description),
    notion_id: orNull(values.notion_id),
  };
}

const TAG_COLOURS = [
  'bg-blue-100 text-blue-800 dark:bg-blue-500/15 dark:text-blue-300',
  'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  'bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-300',
  'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-300',
  'bg-cyan-100 text-cyan-800 dark:bg-cyan-500/15 dark:text-cyan-300',
  'bg-orange-100 text-orange-800 dark:bg-orange-500/15 dark:text-orange-300',
  'bg-fuchsia-100 text-fuchsia-800 dark:bg-fuchsia-500/15 dark:text-fuchsia-300',
] as const;

/** One of 8 colour classes, by the sum of the tag's character codes modulo 8 (spec section 2). */
export function tagColourIndex(tag: string): number {
  let sum = 0;
  for (let index = 0; index < tag.length; index++) sum += tag.charCodeAt(index);
  return sum % TAG_COLOURS.length;
}

export const tagColour = (tag: string) => TAG_COLOURS[tagColourIndex(tag)];
