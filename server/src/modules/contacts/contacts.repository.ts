import type { Person } from '@relate/contracts';
import {
  type AnyColumn,
  and,
  asc,
  count,
  eq,
  getTableColumns,
  inArray,
  type Placeholder,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import { boundedCountOf, boundedTotal, countLimit } from '../../db/bounded-count';
import { copyRows, insertRowsAsJson, streamRowsInto } from '../../db/bulk-insert';
import type { Database, DatabaseHandle } from '../../db/client';
import { type KeptPlan, keepPlan, UNNAMED } from '../../db/prepared';
import { contactImports, contactStats, contacts } from '../../db/schema';
import { containing, searchTextLike } from '../../db/text-search';
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

const CUSTOM_PREFIX = 'custom_';
const DATE_COLUMNS = new Set(['birthday', 'lastContactDate', 'nextFollowUpDate']);
/** The column keys a list can be filtered by, besides custom_<name>. */
const FILTER_KEYS = new Set([...Object.keys(FIELD_COLUMNS), 'created_at', 'updated_at']);

/**
 * The SQL text of a column key, for filtering: dates and timestamps as their text form. `name` stands for
 * the name of a custom field (custom_<name>).
 */
function columnText(key: string, name: Placeholder): SQL {
  if (key.startsWith(CUSTOM_PREFIX)) return sql`(${contacts.customFields} ->> ${name})`;
  if (key === 'created_at') return sql`${contacts.createdAt}::text`;
  if (key === 'updated_at') return sql`${contacts.updatedAt}::text`;
  const column = FIELD_COLUMNS[key as PersonField];
  const ref = contacts[column];
  return DATE_COLUMNS.has(column) ? sql`${ref}::text` : sql`${ref}`;
}

/** The sort key of a column: text case-insensitively, dates as they are. `name` as for `columnText`. */
function sortKey(key: string, name: Placeholder): SQL {
  if (key === 'id') return sql`${contacts.id}`;
  if (key === 'created_at') return sql`${contacts.createdAt}`;
  if (key === 'updated_at') return sql`${contacts.updatedAt}`;
  if (key.startsWith(CUSTOM_PREFIX)) return sql`lower(${contacts.customFields} ->> ${name})`;
  const column = FIELD_COLUMNS[key as PersonField] ?? 'createdAt';
  const ref = contacts[column];
  return DATE_COLUMNS.has(column) ? sql`${ref}` : sql`lower(${ref})`;
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
export const ownedBy = (userId: number | Placeholder): SQL =>
  and(
    eq(contacts.userId, userId),
    sql`coalesce(${contacts.importId}, 0) <> all(coalesce((select array_agg(${contactImports.id})
      from ${contactImports} where ${contactImports.userId} = ${userId} and ${contactImports.pending}), '{}'))`,
  )!;

/**
 * What the text of a list statement depends on; everything else is a value (`listRequest`). The
 * statements of a shape are built and prepared once (`ContactsRepository.list`).
 */
interface ListShape {
  /** The sort key; custom_ for every custom field, whose name is a value. */
  sort: string;
  order: 'asc' | 'desc';
  search: boolean;
  /** The keys of the filtered columns, custom_ for each custom field. */
  filters: string[];
  /**
   * Set for the first page of the unfiltered list in a column's order (every visit to the contacts
   * page starts there): its page size, written into the statement, whose plan is then kept.
   */
  firstPage?: number;
}

const shapeKey = (key: string) => (key.startsWith(CUSTOM_PREFIX) ? CUSTOM_PREFIX : key);
const customName = (key: string) => key.slice(CUSTOM_PREFIX.length);

/** A list request as its shape and the values of its statements' placeholders. */
function listRequest(userId: number, options: PeopleListOptions) {
  const offset = (options.page - 1) * options.page_size;
  const shape: ListShape = {
    sort: shapeKey(options.sort),
    order: options.order,
    search: Boolean(options.q),
    filters: [],
  };
  const values: Record<string, unknown> = {
    userId,
    sortName: customName(options.sort),
    limit: options.page_size,
    offset,
    countLimit: countLimit(offset),
  };
  if (options.q) values.q = containing(options.q);
  for (const [key, value] of Object.entries(options.filters)) {
    if (!value || !(key.startsWith(CUSTOM_PREFIX) || FILTER_KEYS.has(key))) continue;
    const index = shape.filters.push(shapeKey(key)) - 1;
    values[`filter${index}`] = containing(value);
    values[`filterName${index}`] = customName(key);
  }
  if (offset === 0 && !shape.search && shape.filters.length === 0 && shape.sort !== CUSTOM_PREFIX)
    shape.firstPage = options.page_size;
  return { shape, values, offset };
}

const placeholder = sql.placeholder;

function listCondition(shape: ListShape): SQL {
  const conditions = [ownedBy(placeholder('userId'))];
  if (shape.search) conditions.push(searchTextLike(contacts.searchText, placeholder('q')));
  shape.filters.forEach((key, index) => {
    const pattern = placeholder(`filter${index}`);
    // A value found in a searched column is found in the search text too, so the search text's
    // trigram index narrows the rows first; the column's own test then decides.
    if (SEARCHED_KEYS.has(key)) conditions.push(searchTextLike(contacts.searchText, pattern));
    conditions.push(sql`${columnText(key, placeholder(`filterName${index}`))} ilike ${pattern}`);
  });
  return and(...conditions)!;
}

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

/** Prepared list shapes kept at most; past that the cache starts again (a handful are in use). */
const MAX_LIST_SHAPES = 200;
/**
 * First pages whose plan is kept at most: on PostgreSQL every pooled connection holds each of them for
 * its lifetime (a page size and an order of a column each; the web asks for one page size).
 */
const MAX_KEPT_PLANS = 64;

/**
 * How many contacts the user sees: every contact of theirs less those of imports still pending, both
 * numbers kept by triggers (migration 0026). Exact, and a row or two to read however many there are.
 */
function shownContacts(db: Database, userId: Placeholder) {
  const all = db
    .select({ total: contactStats.total })
    .from(contactStats)
    .where(eq(contactStats.userId, userId));
  const pending = db
    .select({ rows: sum(contactImports.rowCount) })
    .from(contactImports)
    .where(and(eq(contactImports.userId, userId), contactImports.pending));
  return sql<number>`(coalesce((${all}), 0) - coalesce((${pending}), 0))`.mapWith(Number);
}

/** A timestamp as `toIso` writes it: UTC, milliseconds (cut, as JavaScript's Date cuts them), Z. */
const isoText = (column: AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * custom_fields as JavaScript writes the object it parses from them: compact (jsonb writes a space
 * after every colon and comma), and with the keys that are array indexes ("0", "12") first, in numeric
 * order, as JavaScript orders an object's keys; the others in jsonb's order.
 */
const customFieldsJson = sql`case when ${contacts.customFields} = '{}'::jsonb then '{}'::json
  else (select ('{' || string_agg(to_json(field.key)::text || ':' || field.value::text, ','
      order by case when field.key ~ '^(0|[1-9][0-9]{0,9})$' and field.key::bigint < 4294967295
        then field.key::bigint end, field.position) || '}')::json
    from jsonb_each(${contacts.customFields}) with ordinality as field(key, value, position)) end`;

/**
 * A contact's `Person`, as the database writes it into JSON: the fields of `toPersonDto`, in its order
 * and format, so that the JSON is the bytes the list's serializer writes from `toPersonDto`'s object
 * (`contacts.list-json.routes.test.ts`). A page is then one text value for the server to pass on,
 * instead of 50 rows × 33 values to decode, map and serialize again (decision 0031).
 */
const PERSON_JSON: Record<keyof Person, AnyColumn | SQL> = {
  id: contacts.id,
  full_name: contacts.fullName,
  first_name: contacts.firstName,
  last_name: contacts.lastName,
  gender: contacts.gender,
  birthday: contacts.birthday,
  email: contacts.email,
  phone: contacts.phone,
  mobile: contacts.mobile,
  address: contacts.address,
  organization: contacts.organization,
  job_title: contacts.jobTitle,
  job_status: contacts.jobStatus,
  linkedin_url: contacts.linkedinUrl,
  github_url: contacts.githubUrl,
  facebook_url: contacts.facebookUrl,
  twitter_url: contacts.twitterUrl,
  website_url: contacts.websiteUrl,
  notes: contacts.notes,
  source: contacts.source,
  tags: contacts.tags,
  last_contact_date: isoText(contacts.lastContactDate),
  next_follow_up_date: isoText(contacts.nextFollowUpDate),
  status: contacts.status,
  priority: contacts.priority,
  group: contacts.group,
  avatar_url: contacts.avatarUrl,
  custom_fields: customFieldsJson,
  shared_by: contacts.sharedBy,
  created_at: isoText(contacts.createdAt),
  updated_at: isoText(contacts.updatedAt),
};
const personJson = sql`(select row_to_json(person) from (select ${sql.join(
  Object.entries(PERSON_JSON).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
  sql`, `,
)}) as person)`;

/**
 * The statement of a list shape, built once: building a statement and its SQL text with Drizzle cost
 * about as much server time as the rest of a list request (decision 0031). A first page's plan is kept
 * (`keepPlan`): planning cost more than running it, on PGlite most of all. Any other page is
 * PostgreSQL's unnamed statement (`UNNAMED`), planned for each request's own values as before: a plan
 * kept for it would be made without the search pattern, the offset or the page size.
 *
 * One row, whatever the page: its people as a JSON array (`PERSON_JSON`) and the total. Unfiltered,
 * the total is the exact number the user sees; searched or filtered, a count bounded past the page
 * start (`exact` false).
 */
function prepareList(db: Database, kind: DatabaseHandle['kind'], shape: ListShape) {
  const condition = listCondition(shape);
  const nulls = NOT_NULL_SORT_KEYS.has(shape.sort) ? '' : ' nulls last';
  const order = sql.join(
    [
      sql`${sortKey(shape.sort, placeholder('sortName'))} ${sql.raw(shape.order + nulls)}`,
      sql`${contacts.id} ${sql.raw(shape.order)}`,
    ],
    sql`, `,
  );
  // The page's ids first (from an index where one fits), then only those rows: a deep page skips
  // over index entries instead of whole rows.
  const window =
    shape.firstPage === undefined
      ? sql`limit ${placeholder('limit')} offset ${placeholder('offset')}`
      : sql.raw(`limit ${shape.firstPage}`);
  const pageIds = sql`(select ${contacts.id} from ${contacts} where ${condition} order by ${order} ${window})`;
  const userId = placeholder('userId');
  const exact = !shape.search && shape.filters.length === 0;
  const total = exact
    ? shownContacts(db, userId)
    : boundedCountOf(db, contacts, condition, placeholder('countLimit'));
  const people = sql<string>`'[' || coalesce(string_agg(${personJson}::text, ',' order by ${order}), '') || ']'`;
  const query = db
    .select({ people: people.as('people'), total: total.as('total') })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), sql`${contacts.id} in ${pageIds}`));
  const page: KeptPlan<{ people: string; total: number }> =
    shape.firstPage === undefined
      ? query.prepare(UNNAMED)
      : keepPlan(db, kind, `contacts_first_page_${shape.sort}_${shape.order}_${shape.firstPage}`, query);
  return { exact, page };
}

type ListStatement = ReturnType<typeof prepareList>;

export class ContactsRepository {
  constructor(
    private readonly db: Database,
    private readonly kind: DatabaseHandle['kind'],
  ) {}

  /** The list's statements by shape (`ListShape`), prepared when a request first needs them. */
  private readonly listStatements = new Map<string, ListStatement>();
  /** The first-page shapes whose plan is kept; past MAX_KEPT_PLANS the others are planned each time. */
  private readonly keptShapes = new Set<string>();

  /** A page of the user's contacts as a JSON array of `Person`, and how many match. */
  async list(userId: number, options: PeopleListOptions) {
    const { shape, values, offset } = listRequest(userId, options);
    const statement = this.listStatementOf(shape);
    const [{ people, total: counted }] = await statement.page.execute(values);
    const { total, capped } = statement.exact
      ? { total: Number(counted), capped: false }
      : boundedTotal(Number(counted), offset);
    return { peopleJson: people, total, totalCapped: capped };
  }

  private listStatementOf(requested: ListShape): ListStatement {
    let shape = requested;
    if (shape.firstPage !== undefined) {
      const kept = JSON.stringify(shape);
      if (this.keptShapes.size < MAX_KEPT_PLANS) this.keptShapes.add(kept);
      if (!this.keptShapes.has(kept)) shape = { ...shape, firstPage: undefined };
    }
    const key = JSON.stringify(shape);
    let statement = this.listStatements.get(key);
    if (!statement) {
      if (this.listStatements.size >= MAX_LIST_SHAPES) this.listStatements.clear();
      statement = prepareList(this.db, this.kind, shape);
      this.listStatements.set(key, statement);
    }
    return statement;
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
