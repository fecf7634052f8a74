import { and, fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { boundedCountUpTo, boundedTotal, countLimit } from '../../db/bounded-count';
import type { Database } from '../../db/client';
import { dialect } from '../../db/dialect';
import { runNamedText } from '../../db/named-statements';
import { contactCounts, contacts } from '../../db/schema';
import { containing, searchTextLike } from '../../db/text-search';
import { ownValue } from '../../lib/field-bag';
import { FIELD_COLUMNS } from './contacts.fields';
import { ownedBy, PERSON_RECORD, type PeopleListOptions } from './contacts.repository';

const CUSTOM_PREFIX = 'custom_';

/** The SQL text of a column key, for filtering: dates and timestamps as their text form. */
function columnText(key: string): SQL | undefined {
  if (key.startsWith(CUSTOM_PREFIX))
    return sql`(${contacts.customFields} ->> ${key.slice(CUSTOM_PREFIX.length)})`;
  if (key === 'created_at') return sql`${contacts.createdAt}::text`;
  if (key === 'updated_at') return sql`${contacts.updatedAt}::text`;
  const column = ownValue(FIELD_COLUMNS, key);
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
  const column = ownValue(FIELD_COLUMNS, key) ?? 'createdAt';
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

/** Columns that are never null sort without NULLS LAST, so that their indexes serve the order. */
const NOT_NULL_SORT_KEYS = new Set(['id', 'created_at', 'updated_at']);

/** From this offset on, a page finds its ids in the index before reading rows (decision 0031). */
const LATE_ROW_LOOKUP_FROM_OFFSET = 500;

/**
 * What a list statement's text depends on; everything else (the user, the search and filter values,
 * the page) is a parameter. Lists of one shape share one statement.
 */
interface PageShape {
  /** No search or filter: the kept total instead of the bounded count. */
  exact: boolean;
  search: boolean;
  /** Only one company's people. */
  company: boolean;
  /** The filtered column keys, in the query's order. */
  filters: string[];
  sort: string;
  order: 'asc' | 'desc';
  /** Finds the page's ids first (a deep page). */
  deep: boolean;
}

const placeholder = (name: string) => sql.placeholder(name);
const USER = placeholder('user');

function shapeOf(options: PeopleListOptions, offset: number): PageShape {
  const filters = Object.entries(options.filters)
    .filter(([key, value]) => value && columnText(key))
    .map(([key]) => key);
  return {
    exact: !options.q && filters.length === 0 && options.companyId === undefined,
    search: Boolean(options.q),
    company: options.companyId !== undefined,
    filters,
    sort: options.sort,
    order: options.order,
    deep: offset >= LATE_ROW_LOOKUP_FROM_OFFSET,
  };
}

/** The parameters of a statement of `shape` for one request. */
function valuesOf(userId: number, options: PeopleListOptions, shape: PageShape, offset: number) {
  const values: Record<string, unknown> = {
    user: userId,
    size: options.page_size,
    offset,
    countLimit: countLimit(offset),
    q: options.q ? containing(options.q) : undefined,
    company: options.companyId,
  };
  shape.filters.forEach((key, index) => {
    values[`filter${index}`] = containing(options.filters[key]);
  });
  return values;
}

/**
 * How many contacts the user has, as a list without search or filters shows them: the sum of what the
 * triggers on contacts wrote to contact_counts (migration 0026, decision 0032).
 */
const listedTotal = sql`(select coalesce(sum(${contactCounts.delta}), 0) from ${contactCounts}
    where ${contactCounts.userId} = ${USER})`;

function listCondition(shape: PageShape): SQL {
  const conditions = [ownedBy(USER)];
  if (shape.company) conditions.push(sql`${contacts.companyId} = ${placeholder('company')}`);
  if (shape.search) conditions.push(searchTextLike(contacts.searchText, placeholder('q')));
  shape.filters.forEach((key, index) => {
    const value = placeholder(`filter${index}`);
    // A value found in a searched column is found in the search text too, so the search text's
    // trigram index narrows the rows first; the column's own test then decides.
    if (SEARCHED_KEYS.has(key)) conditions.push(searchTextLike(contacts.searchText, value));
    conditions.push(sql`${columnText(key)} ilike ${value}`);
  });
  return and(...conditions)!;
}

/**
 * A page of the list with its total, as one statement that always answers one row: the kept total
 * without a search or filter, the bounded count (decision 0019) with one; and the page's people as the
 * API's JSON, written by the database (decision 0031), which the route sends as it is. The first pages
 * read their rows straight off the order's index; deeper ones find the page's ids first, in the index
 * alone, and read only those rows.
 */
function pageStatement(db: Database, shape: PageShape): SQL {
  const condition = listCondition(shape);
  const nulls = NOT_NULL_SORT_KEYS.has(shape.sort) ? '' : ' nulls last';
  const order = sql`${sortKey(shape.sort)} ${sql.raw(shape.order + nulls)}, ${contacts.id} ${sql.raw(shape.order)}`;
  const page = sql`order by ${order} limit ${placeholder('size')} offset ${placeholder('offset')}`;
  const rows = shape.deep
    ? sql`select * from ${contacts} where ${contacts.userId} = ${USER} and ${contacts.id} in
        (select ${contacts.id} from ${contacts} where ${condition} ${page})`
    : sql`select * from ${contacts} where ${condition} ${page}`;
  const total = shape.exact
    ? listedTotal
    : boundedCountUpTo(db, contacts, condition, placeholder('countLimit'));
  return sql`select ${total} as matched, coalesce(json_agg(person order by ${order}), '[]')::text as people
    from (${rows}) as ${contacts}, lateral ${PERSON_RECORD} as person`;
}

/** More shapes than the list's query string can name in practice: past this the cache starts again. */
const MAX_SHAPES = 500;

/**
 * The contact list's statement, its text written by drizzle once per shape (decision 0032): writing it
 * took about a tenth of a list request's time in the server, the same text every time.
 */
export class PeoplePagesRepository {
  private readonly statements = new Map<string, { sql: string; params: unknown[] }>();

  constructor(private readonly db: Database) {}

  async page(userId: number, options: PeopleListOptions) {
    const offset = (options.page - 1) * options.page_size;
    const shape = shapeOf(options, offset);
    const statement = this.statementOf(shape);
    const params = fillPlaceholders(statement.params, valuesOf(userId, options, shape, offset));
    // Lists filtered by columns run unnamed: any combination of columns makes a text of its own.
    const [found] = await runNamedText(this.db, statement.sql, params, shape.filters.length === 0);
    const { total, capped } = shape.exact
      ? { total: Number(found.matched), capped: false }
      : boundedTotal(Number(found.matched), offset);
    return { peopleJson: found.people as string, total, totalCapped: capped };
  }

  private statementOf(shape: PageShape): { sql: string; params: unknown[] } {
    const key = JSON.stringify(shape);
    const known = this.statements.get(key);
    if (known) return known;
    if (this.statements.size >= MAX_SHAPES) this.statements.clear();
    const statement = dialect.sqlToQuery(pageStatement(this.db, shape));
    this.statements.set(key, statement);
    return statement;
  }
}
