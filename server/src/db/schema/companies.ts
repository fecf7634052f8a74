import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/*
 * Expressions the indexes below are built on. A query is served by such an index only when it uses the
 * very same expression, so the repository builds its filters and sort keys from these helpers.
 * text_array_join and company_search_text are IMMUTABLE SQL functions (migration 0002).
 */
export const lowerText = (column: AnyColumn): SQL => sql`lower(${column})`;
export const textArrayJoin = (column: AnyColumn): SQL => sql`text_array_join(${column})`;
/** weak < medium < strong, instead of the alphabetical order of the words. */
export const strengthRank = (column: AnyColumn): SQL =>
  sql`(case ${column} when 'weak' then 1 when 'medium' then 2 when 'strong' then 3 end)`;
/** The key a company name is matched by (contracts' companyNameKey; SQL function of migration 0038). */
export const companyNameKey = (column: AnyColumn): SQL => sql`company_name_key(${column})`;
export const companySearchText = (
  c: Record<'record' | 'categories' | 'description' | 'twitter' | 'tags' | 'domains', AnyColumn>,
): SQL =>
  sql`company_search_text(${c.record}, ${c.categories}, ${c.description}, ${c.twitter}, ${c.tags}, ${c.domains})`;

export const companies = pgTable(
  'companies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company name, stored trimmed. */
    record: text().notNull(),
    tags: text().array().notNull().default(sql`'{}'`),
    categories: text(),
    linkedinProfile: text(),
    lastInteraction: timestamp({ withTimezone: true }),
    connectionStrength: text({ enum: ['weak', 'medium', 'strong'] }),
    twitterFollowerCount: integer().notNull().default(0),
    twitter: text(),
    domains: text().array().notNull().default(sql`'{}'`),
    description: text(),
    notionId: text(),
    /** lower(company_search_text(...)), computed by the database on every write (decision 0028). */
    searchText: text().generatedAlwaysAs((): SQL => sql`lower(${companySearchText(companies)})`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('companies_record_check', sql`btrim(${t.record}) <> ''`),
    check(
      'companies_connection_strength_check',
      sql`${t.connectionStrength} in ('weak', 'medium', 'strong')`,
    ),
    check('companies_twitter_follower_count_check', sql`${t.twitterFollowerCount} >= 0`),

    // Sorting: (user, key, id) so a page is read straight off the index. Nullable keys get a second
    // index for descending order, because nulls sort last in both directions.
    index('companies_user_id_idx').on(t.userId, t.id),
    // Linking contacts by organization name (migration 0038).
    index('companies_user_name_key_idx').on(t.userId, companyNameKey(t.record), t.id),
    index('companies_user_record_idx').on(t.userId, lowerText(t.record), t.id),
    index('companies_user_categories_idx').on(t.userId, sql`${lowerText(t.categories)} asc nulls last`, t.id),
    index('companies_user_categories_desc_idx').on(
      t.userId,
      sql`${lowerText(t.categories)} desc nulls last`,
      t.id.desc(),
    ),
    index('companies_user_last_interaction_idx').on(t.userId, t.lastInteraction.asc().nullsLast(), t.id),
    index('companies_user_last_interaction_desc_idx').on(
      t.userId,
      t.lastInteraction.desc().nullsLast(),
      t.id.desc(),
    ),
    index('companies_user_strength_idx').on(
      t.userId,
      sql`${strengthRank(t.connectionStrength)} asc nulls last`,
      t.id,
    ),
    index('companies_user_strength_desc_idx').on(
      t.userId,
      sql`${strengthRank(t.connectionStrength)} desc nulls last`,
      t.id.desc(),
    ),
    index('companies_user_twitter_followers_idx').on(t.userId, t.twitterFollowerCount, t.id),
    index('companies_user_created_at_idx').on(t.userId, t.createdAt, t.id),

    // Case-insensitive substring filters (ILIKE '%...%') and search (LIKE on the lower-cased search text).
    index('companies_record_trgm_idx').using('gin', sql`${t.record} gin_trgm_ops`),
    index('companies_categories_trgm_idx').using('gin', sql`${t.categories} gin_trgm_ops`),
    index('companies_domains_trgm_idx').using('gin', sql`${textArrayJoin(t.domains)} gin_trgm_ops`),
    index('companies_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The Total Companies and Active Companies cards of a user (spec: Active is connection_strength strong),
 * kept by triggers on companies (migration 0024, decision 0028): every statement that inserts, updates,
 * deletes or truncates companies updates the rows of the users it touched, in its own transaction.
 * A user without a row has no companies.
 */
export const companyStats = pgTable('company_stats', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer().notNull().default(0),
  active: integer().notNull().default(0),
});
