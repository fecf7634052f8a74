import type { CompanyListOptions, CompanySort } from '@relate/contracts';
import { and, count, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { type BoundedCount, boundedCount, boundedCountOf, boundedTotal } from '../../db/bounded-count';
import { type CopyBatch, copyColumns, copyInto, insertRowsAsJson } from '../../db/bulk-insert';
import type { Database } from '../../db/client';
import { carriedColumns, copyLines } from '../../db/copy-format';
import {
  companies,
  companyNameKey,
  companyStats,
  contacts,
  lowerText,
  strengthRank,
  textArrayJoin,
} from '../../db/schema';
import { containing, quickSearchRanks, searchTextContains } from '../../db/text-search';
import { moveRowsToTrash, restoreRowsFromTrash, type TrashRowsSelection } from '../../db/trash-rows';

/** A company's columns: all but the stored search text, which only searches read. */
const { searchText: _searchText, ...COMPANY_COLUMNS } = getTableColumns(companies);

export type CompanyRow = Omit<typeof companies.$inferSelect, 'searchText'>;
/** A company as the quick search (Cmd+K) shows it, with how well it matched. */
export type CompanySearchRow = Pick<CompanyRow, 'id' | 'record' | 'domains' | 'categories'> & {
  rank: number;
};
/** A company as a contact names it: its id and name. */
export type CompanyName = Pick<CompanyRow, 'id' | 'record'>;
export type CompanyValues = Omit<typeof companies.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** The columns an import may write: every one but the id, the timestamps (defaults) and the search text. */
const IMPORT_COPY_COLUMNS = copyColumns(
  companies,
  Object.keys(COMPANY_COLUMNS).filter((key) => !['id', 'createdAt', 'updatedAt'].includes(key)),
);

/**
 * Companies of `userId` as one batch of an import: COPY text built away from the database (on a worker
 * thread, see companies.csv-file.ts) and written by `copyImported`.
 */
export function importBatch(userId: number, values: CompanyValues[]): CopyBatch {
  const rows = values.map((value) => ({
    ...value,
    tags: value.tags ?? [],
    domains: value.domains ?? [],
    userId,
  }));
  const columns = carriedColumns(IMPORT_COPY_COLUMNS, rows);
  return { keys: columns.map((column) => column.key), text: copyLines(columns, rows) };
}

/** Sort keys as the sort indexes of the companies schema spell them. */
const SORT_KEYS: Record<CompanySort, { key: SQL; nullable: boolean }> = {
  id: { key: sql`${companies.id}`, nullable: false },
  record: { key: lowerText(companies.record), nullable: false },
  categories: { key: lowerText(companies.categories), nullable: true },
  last_interaction: { key: sql`${companies.lastInteraction}`, nullable: true },
  connection_strength: { key: strengthRank(companies.connectionStrength), nullable: true },
  twitter_follower_count: { key: sql`${companies.twitterFollowerCount}`, nullable: false },
  created_at: { key: sql`${companies.createdAt}`, nullable: false },
};

const nameKey = lowerText(companies.record);

/** The user's companies among `ids`, bound as one array (no parameter per id). */
const ownedWithIds = (userId: number, ids: number[]) =>
  and(eq(companies.userId, userId), sql`${companies.id} = any(${sql.param(ids)}::integer[])`);

/** Whether the options narrow the list at all (else its total is the stats' total). */
export function isFiltered({
  q,
  name,
  categories,
  domains,
  connection_strength,
}: CompanyListOptions): boolean {
  return Boolean(q || name || categories || domains || connection_strength);
}

function filters(userId: number, options: CompanyListOptions): SQL | undefined {
  const { q, name, categories, domains, connection_strength } = options;
  return and(
    eq(companies.userId, userId),
    q ? searchTextContains(companies.searchText, q) : undefined,
    name ? ilike(companies.record, containing(name)) : undefined,
    categories ? ilike(companies.categories, containing(categories)) : undefined,
    domains ? ilike(textArrayJoin(companies.domains), containing(domains)) : undefined,
    connection_strength ? eq(companies.connectionStrength, connection_strength) : undefined,
  );
}

/** Nulls last, then id in the same direction; spelled exactly as the sort indexes are, so a page is read off one. */
function ordering(sort: CompanySort, order: 'asc' | 'desc'): SQL[] {
  const { key, nullable } = SORT_KEYS[sort];
  const direction = sql.raw(order === 'desc' && nullable ? 'desc nulls last' : order);
  return sort === 'id'
    ? [sql`${key} ${direction}`]
    : [sql`${key} ${direction}`, sql`${companies.id} ${direction}`];
}

export class CompaniesRepository {
  constructor(private readonly db: Database) {}

  /**
   * One page of the user's companies matching the options and, when `counted`, how many match, counted
   * up to a bound past the page's start in the same statement (a page past the end is counted on its own).
   */
  async page(
    userId: number,
    options: CompanyListOptions,
    counted: boolean,
    db: Database = this.db,
  ): Promise<{ rows: CompanyRow[]; count?: BoundedCount }> {
    const condition = filters(userId, options);
    const offset = (options.page - 1) * options.page_size;
    const found = await db
      .select({
        ...COMPANY_COLUMNS,
        matched: counted ? boundedCountOf(db, companies, condition, offset) : sql<number>`0`,
      })
      .from(companies)
      .where(condition)
      .orderBy(...ordering(options.sort, options.order))
      .limit(options.page_size)
      .offset(offset);
    const rows: CompanyRow[] = found.map(({ matched: _matched, ...row }) => row);
    if (!counted) return { rows };
    if (found.length > 0) return { rows, count: boundedTotal(found[0].matched, offset) };
    return {
      rows,
      count:
        offset === 0 ? { total: 0, capped: false } : await boundedCount(db, companies, condition, offset),
    };
  }

  /** The Total Companies and Active Companies cards: one row, kept by triggers (decision 0028). */
  async stats(userId: number, db: Database = this.db): Promise<{ total: number; active: number }> {
    const [row] = await db
      .select({ total: companyStats.total, active: companyStats.active })
      .from(companyStats)
      .where(eq(companyStats.userId, userId));
    return row ?? { total: 0, active: 0 };
  }

  /**
   * The user's companies that hold `text` in what the companies search box looks through (name,
   * categories, description, twitter, tags, domains), best match first: names that start with it (read
   * off companies_user_record_idx), then words that do, then the rest (through the trigram index).
   */
  async search(
    userId: number,
    text: string,
    limit: number,
    db: Database = this.db,
  ): Promise<CompanySearchRow[]> {
    const ranks = quickSearchRanks(
      {
        table: companies,
        id: companies.id,
        visible: eq(companies.userId, userId),
        names: [nameKey],
        fields: { indexed: companies.searchText },
      },
      text,
      limit,
    );
    return db
      .select({
        id: companies.id,
        record: companies.record,
        domains: companies.domains,
        categories: companies.categories,
        rank: sql<number>`ranks.rank`.mapWith(Number),
      })
      .from(companies)
      .innerJoin(sql`(${ranks}) as ranks`, sql`ranks.id = ${companies.id}`)
      .orderBy(sql`ranks.rank`, nameKey, companies.id)
      .limit(limit);
  }

  async findById(userId: number, id: number, db: Database = this.db): Promise<CompanyRow | undefined> {
    const [row] = await db
      .select(COMPANY_COLUMNS)
      .from(companies)
      .where(and(eq(companies.userId, userId), eq(companies.id, id)));
    return row;
  }

  /** Any number of ids: they travel as one array parameter, not one parameter each. */
  findByIds(userId: number, ids: number[], db: Database = this.db): Promise<CompanyRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.select(COMPANY_COLUMNS).from(companies).where(ownedWithIds(userId, ids)).orderBy(companies.id);
  }

  async countOwned(userId: number, ids: number[], db: Database = this.db): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(companies)
      .where(and(eq(companies.userId, userId), inArray(companies.id, ids)));
    return row.value;
  }

  async insert(userId: number, values: CompanyValues, db: Database = this.db): Promise<CompanyRow> {
    const [row] = await db
      .insert(companies)
      .values({ ...values, userId })
      .returning(COMPANY_COLUMNS);
    return row;
  }

  async insertMany(userId: number, values: CompanyValues[], db: Database = this.db): Promise<void> {
    await insertRowsAsJson(
      db,
      companies,
      values.map((value) => ({ ...value, userId })),
    );
  }

  /** Streams an import's batches (built by `prepareCompaniesImport`) into one COPY, inside the transaction `db`. */
  copyImported(batches: AsyncIterable<CopyBatch> | Iterable<CopyBatch>, db: Database): Promise<void> {
    return copyInto(db, companies, batches);
  }

  async update(
    userId: number,
    id: number,
    values: Partial<CompanyValues>,
    db: Database = this.db,
  ): Promise<CompanyRow | undefined> {
    const [row] = await db
      .update(companies)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(companies.userId, userId), eq(companies.id, id)))
      .returning(COMPANY_COLUMNS);
    return row;
  }

  /** The ids of all the user's companies ("Delete all"). */
  async ownedIds(userId: number, db: Database = this.db): Promise<number[]> {
    const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.userId, userId));
    return rows.map((row) => row.id);
  }

  /** Moves the user's companies of `ids` to the Trash in one statement (decision 0050); answers the ids moved. */
  moveToTrash(
    userId: number,
    ids: number[],
    trash: { batch: string; deletedAt: Date },
    db: Database = this.db,
  ): Promise<number[]> {
    return moveRowsToTrash(db, companies, { userId, ids, kind: 'company', label: sql`record`, ...trash });
  }

  /** Moves the user's trashed companies back with their ids, in one statement; answers the ids restored. */
  /**
   * Moves the user's trashed companies back with their ids; the people the delete unlinked (their
   * organization still names the company, and they have no company) are linked again.
   */
  async restoreFromTrash(
    userId: number,
    selection: TrashRowsSelection,
    db: Database = this.db,
  ): Promise<number[]> {
    const ids = await restoreRowsFromTrash(db, companies, { userId, kind: 'company', selection });
    if (ids.length === 0) return ids;
    await db.execute(sql`
      update ${contacts} set company_id = ${companies.id}, organization = ${companies.record}
      from ${companies}
      where ${companies.userId} = ${userId} and ${companies.id} = any(${sql.param(ids)}::int[])
        and ${contacts.userId} = ${userId} and ${contacts.companyId} is null
        and ${companyNameKey(contacts.organization)} = ${companyNameKey(companies.record)}`);
    return ids;
  }

  /**
   * The companies whose case-insensitive name (records are stored trimmed) another of the user's has, in
   * one statement, ordered by that name, then by id; `forUpdate` locks them for a merge.
   */
  namesakes(
    userId: number,
    db: Database = this.db,
    { forUpdate = false } = {},
  ): Promise<(CompanyRow & { key: string })[]> {
    const shared = db
      .select({ key: nameKey })
      .from(companies)
      .where(eq(companies.userId, userId))
      .groupBy(nameKey)
      .having(sql`count(*) > 1`);
    const query = db
      .select({ ...COMPANY_COLUMNS, key: sql<string>`${nameKey}` })
      .from(companies)
      .where(and(eq(companies.userId, userId), inArray(nameKey, shared)))
      .orderBy(nameKey, companies.id);
    return forUpdate ? query.for('update') : query;
  }

  /**
   * The user's company with this name key (companyNameKey; the lowest id when several share it), through
   * companies_user_name_key_idx.
   */
  async findByNameKey(userId: number, key: string, db: Database = this.db): Promise<CompanyName | undefined> {
    const [row] = await db
      .select({ id: companies.id, record: companies.record })
      .from(companies)
      .where(and(eq(companies.userId, userId), sql`${companyNameKey(companies.record)} = ${key}`))
      .orderBy(companies.id)
      .limit(1);
    return row;
  }

  /** Every name key of the user's companies with the company it links to (the lowest id of the key's). */
  async nameKeys(userId: number, db: Database = this.db): Promise<(CompanyName & { key: string })[]> {
    const key = companyNameKey(companies.record);
    return db
      .selectDistinctOn([key], { key: sql<string>`${key}`, id: companies.id, record: companies.record })
      .from(companies)
      .where(and(eq(companies.userId, userId), sql`${key} is not null`))
      .orderBy(key, companies.id);
  }
}
