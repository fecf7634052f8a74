import type { Person } from '@relate/contracts';
import { type AnyColumn, and, asc, count, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { boundedCountOf, boundedTotal } from '../../db/bounded-count';
import { copyRows, insertRowsAsJson, streamRowsInto } from '../../db/bulk-insert';
import type { Database } from '../../db/client';
import { isoTimestamp, jsonRecord, writtenOnce } from '../../db/json-object';
import { runNamed } from '../../db/named-statements';
import { contactCounts, contactImports, contacts } from '../../db/schema';
import { containing, searchTextContains } from '../../db/text-search';
import { FIELD_COLUMNS, type PersonField } from './contacts.mappers';

/** A contact's columns: all but the stored search text, which only searches read. */
const { searchText: _searchText, ...CONTACT_COLUMNS } = getTableColumns(contacts);

export type ContactRow = Omit<typeof contacts.$inferSelect, 'searchText'>;
export type ContactValues = Omit<typeof contacts.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** The columns an import writes: every one but the id and the timestamps, which take their defaults. */
const STREAMED_COLUMNS = Object.keys(CONTACT_COLUMNS).filter(
  (key) => !['id', 'createdAt', 'updatedAt'].includes(key),
);

export interface PeopleListOptions {
  page: number;
  page_size: number;
  q?: string;
  sort: string;
  order: 'asc' | 'desc';
  /** Column key (a contact field, custom_<name> or created_at) → substring to find. */
  filters: Record<string, string>;
  /**
   * Imports still being written, whose rows the list leaves out, when the caller knows them all
   * (PendingImports); without it the statement looks them up.
   */
  hiddenImports?: number[];
}

export interface ContactMatchKeys {
  emails: string[];
  phones: string[];
  names: string[];
}

export interface DuplicateGroupRow {
  key: string;
  ids: number[];
  identical: boolean;
}

/** A contact field's column as the API writes it: timestamps as `toIso` does, the birthday as its text. */
function personFieldJson(field: PersonField): SQL {
  const column = FIELD_COLUMNS[field];
  if (column === 'lastContactDate' || column === 'nextFollowUpDate') return isoTimestamp(contacts[column]);
  if (column === 'birthday') return sql`${contacts.birthday}::text`;
  return sql`${contacts[column]}`;
}

/**
 * Every field of a Person as the database writes it, for lists sent as the database wrote them
 * (decision 0031). It must write what `toPersonDto` does for the same row: person-json.test.ts compares
 * the two field by field, and the type requires every field of a Person.
 */
const PERSON_FIELDS: Record<keyof Person, SQL> = {
  id: sql`${contacts.id}`,
  ...(Object.fromEntries(
    Object.keys(FIELD_COLUMNS).map((field) => [field, personFieldJson(field as PersonField)]),
  ) as Record<PersonField, SQL>),
  custom_fields: sql`${contacts.customFields}`,
  shared_by: sql`${contacts.sharedBy}`,
  created_at: isoTimestamp(contacts.createdAt),
  updated_at: isoTimestamp(contacts.updatedAt),
};

/** A contact as the API's Person: a record that `json_agg` writes as the Person's JSON. */
const PERSON_RECORD = writtenOnce(jsonRecord(PERSON_FIELDS));

const CUSTOM_PREFIX = 'custom_';

/** The SQL text of a column key, for filtering: dates and timestamps as their text form. */
function columnText(key: string): SQL | undefined {
  if (key.startsWith(CUSTOM_PREFIX))
    return sql`(${contacts.customFields} ->> ${key.slice(CUSTOM_PREFIX.length)})`;
  if (key === 'created_at') return sql`${contacts.createdAt}::text`;
  if (key === 'updated_at') return sql`${contacts.updatedAt}::text`;
  const column = FIELD_COLUMNS[key as PersonField];
  if (!column) return undefined;
  const ref = contacts[column];
  return ['birthday', 'lastContactDate', 'nextFollowUpDate'].includes(column)
    ? sql`${ref}::text`
    : sql`${ref}`;
}

/** The sort key of a column: text case-insensitively, dates as they are. */
function sortKey(key: string): SQL {
  if (key === 'id') return sql`${contacts.id}`;
  if (key === 'created_at') return sql`${contacts.createdAt}`;
  if (key === 'updated_at') return sql`${contacts.updatedAt}`;
  if (key.startsWith(CUSTOM_PREFIX))
    return sql`lower(${contacts.customFields} ->> ${key.slice(CUSTOM_PREFIX.length)})`;
  const column = FIELD_COLUMNS[key as PersonField] ?? 'createdAt';
  const ref = contacts[column];
  return ['birthday', 'lastContactDate', 'nextFollowUpDate'].includes(column)
    ? sql`${ref}`
    : sql`lower(${ref})`;
}

/** The columns the search text is made of: their values are substrings of it. */
const SEARCHED_KEYS = new Set([
  'full_name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'mobile',
  'organization',
  'job_title',
  'tags',
  'notes',
]);

/**
 * The user's contacts as they see them: those of an import still being written (pending, decision 0025)
 * are left out until it completes. The pending imports are a handful of ids at most, looked up once per
 * query as an array (an InitPlan). Spelled `<> all(array)` rather than `not in (subquery)`: the planner
 * takes a NOT IN subquery to keep half the rows, and with that estimate a deep page sorted all of the
 * user's rows instead of reading an index (decision 0028).
 */
export const ownedBy = (userId: number): SQL =>
  and(
    eq(contacts.userId, userId),
    sql`coalesce(${contacts.importId}, 0) <> all(${pendingImportIds(userId)})`,
  )!;

/** The ids of the user's pending imports, as an array (empty when there are none). */
const pendingImportIds = (userId: number): SQL =>
  sql`coalesce((select array_agg(${contactImports.id}) from ${contactImports}
    where ${contactImports.userId} = ${userId} and ${contactImports.pending}), '{}')`;

/**
 * How many contacts the user has, as a list without search or filters shows them: the sum of what the
 * triggers on contacts wrote to contact_counts (migration 0026), less the rows of pending imports.
 */
function listedTotal(userId: number, hiddenImports: number[] | undefined): SQL {
  const hidden =
    hiddenImports === undefined
      ? sql` and coalesce(${contactCounts.importId}, 0) <> all(${pendingImportIds(userId)})`
      : hiddenImports.length === 0
        ? sql``
        : sql` and coalesce(${contactCounts.importId}, 0) <> all(${sql.param(hiddenImports)}::integer[])`;
  return sql`(select coalesce(sum(${contactCounts.delta}), 0) from ${contactCounts}
    where ${contactCounts.userId} = ${userId}${hidden})`;
}

/**
 * The user's contacts a list shows: `ownedBy`'s rule, with the pending imports' ids given
 * (PendingImports, PGlite) rather than looked up, and no test at all when there are none.
 */
function listedBy(userId: number, hiddenImports: number[] | undefined): SQL {
  if (!hiddenImports) return ownedBy(userId);
  if (hiddenImports.length === 0) return eq(contacts.userId, userId);
  return and(
    eq(contacts.userId, userId),
    sql`coalesce(${contacts.importId}, 0) <> all(${sql.param(hiddenImports)}::integer[])`,
  )!;
}

/** Whether a search or a column filter narrows the list (otherwise its total is kept, not counted). */
function isFiltered(options: Pick<PeopleListOptions, 'q' | 'filters'>): boolean {
  return (
    Boolean(options.q) || Object.entries(options.filters).some(([key, value]) => value && columnText(key))
  );
}

function where(userId: number, options: Omit<PeopleListOptions, 'page' | 'page_size' | 'sort' | 'order'>) {
  const conditions: (SQL | undefined)[] = [listedBy(userId, options.hiddenImports)];
  if (options.q) conditions.push(searchTextContains(contacts.searchText, options.q));
  for (const [key, value] of Object.entries(options.filters)) {
    const text = columnText(key);
    if (!text || !value) continue;
    // A value found in a searched column is found in the search text too, so the search text's
    // trigram index narrows the rows first; the column's own test then decides.
    if (SEARCHED_KEYS.has(key)) conditions.push(searchTextContains(contacts.searchText, value));
    conditions.push(sql`${text} ilike ${containing(value)}`);
  }
  return and(...conditions)!;
}

/** From this offset on, a page finds its ids in the index before reading rows (decision 0031). */
const LATE_ROW_LOOKUP_FROM_OFFSET = 500;

/** Columns that are never null sort without NULLS LAST, so that their indexes serve the order. */
const NOT_NULL_SORT_KEYS = new Set(['id', 'created_at', 'updated_at']);

/** Every field that makes two people of a name group different (spec section 4 "Contact duplicate groups"). */
const comparedFields = sql`(${contacts.firstName}, ${contacts.lastName}, ${contacts.gender}, ${contacts.birthday},
  ${contacts.email}, ${contacts.phone}, ${contacts.mobile}, ${contacts.address}, ${contacts.organization},
  ${contacts.jobTitle}, ${contacts.jobStatus}, ${contacts.linkedinUrl}, ${contacts.githubUrl},
  ${contacts.facebookUrl}, ${contacts.twitterUrl}, ${contacts.websiteUrl}, ${contacts.notes}, ${contacts.source},
  ${contacts.tags}, ${contacts.lastContactDate}, ${contacts.nextFollowUpDate}, ${contacts.status},
  ${contacts.priority}, ${contacts.group}, ${contacts.avatarUrl}, ${contacts.customFields})`;
const allIdentical = sql<boolean>`count(distinct ${comparedFields}) = 1`;
const nameKey = sql<string>`lower(btrim(${contacts.fullName}))`;
const hasName = sql`btrim(coalesce(${contacts.fullName}, '')) <> ''`;

export class ContactsRepository {
  constructor(private readonly db: Database) {}

  /**
   * A page of the list with its total, in one statement that always answers one row: the kept total
   * without a search or filter (decision 0032), the bounded count with one. The database writes the
   * page's people as the API's JSON (decision 0031): the route sends that text as it is, with no rows to
   * decode, map and serialize again.
   */
  async page(userId: number, options: PeopleListOptions, db: Database = this.db) {
    const condition = where(userId, options);
    const nulls = NOT_NULL_SORT_KEYS.has(options.sort) ? '' : ' nulls last';
    const order = sql.join(
      [
        sql`${sortKey(options.sort)} ${sql.raw(options.order + nulls)}`,
        sql`${contacts.id} ${sql.raw(options.order)}`,
      ],
      sql`, `,
    );
    const offset = (options.page - 1) * options.page_size;
    const exact = !isFiltered(options);
    const [found] = await runNamed(
      db,
      db
        .select({
          matched: (exact
            ? listedTotal(userId, options.hiddenImports)
            : boundedCountOf(db, contacts, condition, offset)
          ).as('matched'),
          people: sql<string>`coalesce(json_agg(person order by ${order}), '[]')::text`.as('people'),
        })
        .from(
          sql`${this.pageRows(userId, condition, order, offset, options.page_size)}, lateral ${PERSON_RECORD} as person`,
        ),
    );
    const { total, capped } = exact
      ? { total: Number(found.matched), capped: false }
      : boundedTotal(Number(found.matched), offset);
    return { peopleJson: found.people as string, total, totalCapped: capped };
  }

  /**
   * The rows of one page, as a subquery named like the table (PERSON_RECORD reads it). The first pages
   * read their rows straight off the order's index; deeper ones find the page's ids first, in the
   * index alone, and read only those rows. Written as SQL: drizzle's builder would write out every
   * column of `select *` again on each request.
   */
  private pageRows(userId: number, condition: SQL, order: SQL, offset: number, size: number): SQL {
    const page = sql`order by ${order} limit ${size} offset ${offset}`;
    const rows =
      offset < LATE_ROW_LOOKUP_FROM_OFFSET
        ? sql`select * from ${contacts} where ${condition} ${page}`
        : sql`select * from ${contacts} where ${contacts.userId} = ${userId} and ${contacts.id} in
            (select ${contacts.id} from ${contacts} where ${condition} ${page})`;
    return sql`(${rows}) as ${contacts}`;
  }

  async findById(userId: number, id: number, db: Database = this.db): Promise<ContactRow | undefined> {
    const [row] = await db
      .select(CONTACT_COLUMNS)
      .from(contacts)
      .where(and(ownedBy(userId), eq(contacts.id, id)));
    return row;
  }

  findByIds(userId: number, ids: number[], db: Database = this.db): Promise<ContactRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select(CONTACT_COLUMNS)
      .from(contacts)
      .where(and(ownedBy(userId), sql`${contacts.id} = any(${sql.param(ids)}::integer[])`))
      .orderBy(contacts.id);
  }

  findMatches(userId: number, keys: ContactMatchKeys, db: Database = this.db): Promise<ContactRow[]> {
    if (keys.emails.length + keys.phones.length + keys.names.length === 0) return Promise.resolve([]);
    const phoneEnd = (column: AnyColumn) => sql`right(regexp_replace(${column}, '\\D', '', 'g'), 9)`;
    return db
      .select(CONTACT_COLUMNS)
      .from(contacts)
      .where(
        and(
          ownedBy(userId),
          sql`(lower(btrim(${contacts.email})) = any(${sql.param(keys.emails)}::text[])
            or ${phoneEnd(contacts.phone)} = any(${sql.param(keys.phones)}::text[])
            or ${phoneEnd(contacts.mobile)} = any(${sql.param(keys.phones)}::text[])
            or lower(regexp_replace(btrim(${contacts.fullName}), '\\s+', ' ', 'g')) = any(${sql.param(keys.names)}::text[]))`,
        ),
      )
      .orderBy(contacts.id);
  }

  /** Every contact of the user in id order, a page at a time (export). */
  async *all(userId: number, batchSize = 2000, db: Database = this.db): AsyncGenerator<ContactRow[]> {
    let after = 0;
    for (;;) {
      const rows = await db
        .select(CONTACT_COLUMNS)
        .from(contacts)
        .where(and(ownedBy(userId), sql`${contacts.id} > ${after}`))
        .orderBy(asc(contacts.id))
        .limit(batchSize);
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1].id;
    }
  }

  async insert(userId: number, values: ContactValues, db: Database = this.db): Promise<ContactRow> {
    const [row] = await db
      .insert(contacts)
      .values({ ...values, userId })
      .returning(CONTACT_COLUMNS);
    return row;
  }

  /** Inserts the rows; answers their ids in the same order. */
  async insertMany(rows: (ContactValues & { userId: number })[], db: Database = this.db): Promise<number[]> {
    return insertRowsAsJson(db, contacts, rows);
  }

  /** Writes the rows in one statement (a COPY on PGlite); answers how many. */
  async copyMany(rows: (ContactValues & { userId: number })[], db: Database = this.db): Promise<number> {
    return copyRows(db, contacts, STREAMED_COLUMNS, rows);
  }

  /** Writes every row as it comes (an import), inside the transaction `tx`; answers how many. */
  async insertStream(rows: AsyncIterable<ContactValues & { userId: number }>, tx: Database): Promise<number> {
    return streamRowsInto(tx, contacts, STREAMED_COLUMNS, rows);
  }

  async update(
    userId: number,
    id: number,
    values: Partial<ContactValues>,
    db: Database = this.db,
  ): Promise<ContactRow | undefined> {
    const [row] = await db
      .update(contacts)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(contacts.userId, userId), eq(contacts.id, id)))
      .returning(CONTACT_COLUMNS);
    return row;
  }

  async deleteMany(userId: number, ids: number[], db: Database = this.db): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await db
      .delete(contacts)
      .where(and(eq(contacts.userId, userId), inArray(contacts.id, ids)))
      .returning({ id: contacts.id });
    return rows.length;
  }

  async deleteAll(userId: number, db: Database = this.db): Promise<number> {
    const rows = await db.delete(contacts).where(eq(contacts.userId, userId)).returning({ id: contacts.id });
    return rows.length;
  }

  async countOwned(userId: number, ids: number[], db: Database = this.db): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(contacts)
      .where(and(ownedBy(userId), inArray(contacts.id, ids)));
    return row.value;
  }

  /** A new import of the user's, whose id the imported rows carry; `pending` hides them until completed. */
  async createImport(userId: number, db: Database = this.db, pending = false): Promise<number> {
    const [row] = await db
      .insert(contactImports)
      .values({ userId, pending })
      .returning({ id: contactImports.id });
    return row.id;
  }

  /** The import's contacts become visible (one row changes, whatever their number). */
  async completeImport(userId: number, importId: number, db: Database = this.db): Promise<void> {
    await db
      .update(contactImports)
      .set({ pending: false })
      .where(and(eq(contactImports.userId, userId), eq(contactImports.id, importId)));
  }

  /** Every user's imports still marked pending (PendingImports' first read). */
  allPendingImports(db: Database = this.db): Promise<{ userId: number; id: number }[]> {
    return db
      .select({ userId: contactImports.userId, id: contactImports.id })
      .from(contactImports)
      .where(eq(contactImports.pending, true));
  }

  /** The user's imports still marked pending (written now, or left by a crash). */
  async pendingImports(userId: number, db: Database = this.db): Promise<number[]> {
    const rows = await db
      .select({ id: contactImports.id })
      .from(contactImports)
      .where(and(eq(contactImports.userId, userId), contactImports.pending));
    return rows.map((row) => row.id);
  }

  /** Deletes up to `limit` of an import's contacts; answers how many (0: none left). */
  async deleteImportRows(userId: number, importId: number, limit: number, db: Database = this.db) {
    const some = db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), eq(contacts.importId, importId)))
      .limit(limit);
    const rows = await db
      .delete(contacts)
      .where(and(eq(contacts.userId, userId), inArray(contacts.id, some)))
      .returning({ id: contacts.id });
    return rows.length;
  }

  async importExists(userId: number, importId: number, db: Database = this.db): Promise<boolean> {
    const [row] = await db
      .select({ id: contactImports.id })
      .from(contactImports)
      .where(and(eq(contactImports.userId, userId), eq(contactImports.id, importId)));
    return row !== undefined;
  }

  /** How many of an import's contacts were changed after they were created. */
  async countEditedSinceImport(userId: number, importId: number, db: Database = this.db): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(contacts)
      .where(
        and(
          eq(contacts.userId, userId),
          eq(contacts.importId, importId),
          sql`${contacts.updatedAt} > ${contacts.createdAt}`,
        ),
      );
    return row.value;
  }

  /** Deletes the import's contacts and the import itself; answers how many contacts. */
  async deleteImport(userId: number, importId: number, db: Database = this.db): Promise<number> {
    const rows = await db
      .delete(contacts)
      .where(and(eq(contacts.userId, userId), eq(contacts.importId, importId)))
      .returning({ id: contacts.id });
    await db
      .delete(contactImports)
      .where(and(eq(contactImports.userId, userId), eq(contactImports.id, importId)));
    return rows.length;
  }

  /** Removes one custom field from every contact of the user, in one statement. */
  async removeCustomField(userId: number, name: string, db: Database = this.db): Promise<void> {
    await db
      .update(contacts)
      .set({ customFields: sql`${contacts.customFields} - ${name}::text` })
      .where(and(eq(contacts.userId, userId), sql`${contacts.customFields} ? ${name}::text`));
  }

  duplicateGroups(userId: number, db: Database = this.db): Promise<DuplicateGroupRow[]> {
    return db
      .select({
        key: nameKey,
        ids: sql<number[]>`array_agg(${contacts.id} order by ${contacts.id})`,
        identical: allIdentical,
      })
      .from(contacts)
      .where(and(ownedBy(userId), hasName))
      .groupBy(nameKey)
      .having(sql`count(*) > 1`)
      .orderBy(nameKey);
  }

  /** In one statement, deletes all but the first (lowest id) contact of every identical group. */
  async deleteIdenticalDuplicates(userId: number, db: Database = this.db) {
    const allButFirst = db
      .select({ id: sql`unnest((array_agg(${contacts.id} order by ${contacts.id}))[2:])` })
      .from(contacts)
      .where(and(ownedBy(userId), hasName))
      .groupBy(nameKey)
      .having(and(sql`count(*) > 1`, allIdentical));
    const rows = await db
      .delete(contacts)
      .where(and(eq(contacts.userId, userId), inArray(contacts.id, allButFirst)))
      .returning({ key: nameKey });
    return { deleted: rows.length, groups: new Set(rows.map((row) => row.key)).size };
  }
}
