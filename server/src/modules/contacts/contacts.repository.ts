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
} from 'drizzle-orm';
import { type CopyBatch, copyColumns, copyInto, insertRowsAsJson } from '../../db/bulk-insert';
import type { Database } from '../../db/client';
import { isoTimestamp, jsonRecord, writtenOnce } from '../../db/json-object';
import { contactImports, contacts } from '../../db/schema';
import { quickSearchRanks } from '../../db/text-search';
import { FIELD_COLUMNS, type PersonField } from './contacts.fields';

/** A contact's columns: all but the stored search text, which only searches read. */
const { searchText: _searchText, ...CONTACT_COLUMNS } = getTableColumns(contacts);

export type ContactRow = Omit<typeof contacts.$inferSelect, 'searchText'>;
export type ContactValues = Omit<typeof contacts.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/**
 * The columns an import may write, as its worker thread writes their COPY text: every one but the id,
 * the timestamps (defaults) and the search text.
 */
export const IMPORT_COPY_COLUMNS = copyColumns(
  contacts,
  Object.keys(CONTACT_COLUMNS).filter((key) => !['id', 'createdAt', 'updatedAt'].includes(key)),
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

/** A contact of a name group: the group's key and size, and whether the whole group is identical. */
export interface NamesakeOf {
  key: string;
  count: number;
  identical: boolean;
}

/** The duplicates scan as the database writes it: the groups' JSON array, and the totals. */
export type DuplicateGroupsJson = {
  groups: string;
  total_duplicates: number;
  auto_mergeable: number;
  manual_review: number;
};

/** A user's id, or the placeholder for it in a statement built once per shape (people-pages.repository.ts). */
export type UserRef = number | Placeholder;

/** The user's contacts. */
export const ownedBy = (userId: UserRef): SQL => eq(contacts.userId, userId);

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

/**
 * A contact as the API's Person: a record that `json_agg` writes as the Person's JSON (the list's
 * pages, and the duplicates scan's people).
 */
export const PERSON_RECORD = writtenOnce(jsonRecord(PERSON_FIELDS));

/** Every field that makes two people of a name group different (spec section 4 "Contact duplicate groups"). */
const COMPARED_COLUMNS = [
  contacts.firstName,
  contacts.lastName,
  contacts.gender,
  contacts.birthday,
  contacts.email,
  contacts.phone,
  contacts.mobile,
  contacts.address,
  contacts.organization,
  contacts.jobTitle,
  contacts.jobStatus,
  contacts.linkedinUrl,
  contacts.githubUrl,
  contacts.facebookUrl,
  contacts.twitterUrl,
  contacts.websiteUrl,
  contacts.notes,
  contacts.source,
  contacts.tags,
  contacts.lastContactDate,
  contacts.nextFollowUpDate,
  contacts.status,
  contacts.priority,
  contacts.group,
  contacts.avatarUrl,
  contacts.customFields,
];

/**
 * Whether the rows of a group (or of the window `over`) agree on every compared field: per field the
 * lowest and highest value are the same, and it is empty (null) in none or all of them. Column by
 * column in their own types, which is exact and cheaper than comparing each row as one text (the row's
 * text conversion was most of the scan's time); text compares byte-wise (collation "C"), as equality
 * does, custom fields as their JSON text.
 */
function allAgree(over?: SQL): SQL<boolean> {
  const window = over ? sql` over ${over}` : sql``;
  const agree = COMPARED_COLUMNS.map((column) => {
    const type = column.getSQLType();
    const value =
      type === 'text'
        ? sql`${column} collate "C"`
        : type === 'jsonb'
          ? sql`${column}::text collate "C"`
          : sql`${column}`;
    return sql`(min(${value})${window} is not distinct from max(${value})${window} and count(${column})${window} in (0, count(*)${window}))`;
  });
  return sql<boolean>`(${sql.join(agree, sql` and `)})`;
}

const nameKey = sql<string>`lower(btrim(${contacts.fullName}))`;
const hasName = sql`btrim(coalesce(${contacts.fullName}, '')) <> ''`;

/** A contact as the quick search (Cmd+K) shows it, with how well it matched. */
export type ContactSearchRow = Pick<
  ContactRow,
  'id' | 'fullName' | 'firstName' | 'lastName' | 'email' | 'phone' | 'organization'
> & { rank: number };

export class ContactsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The user's contacts that hold `text` in what the contacts search box looks through (name, e-mail
   * address, phone numbers, organization, job title, tags, notes), best match first: the e-mail address
   * itself, then first or last names that start with it (read off their indexes), then words that do,
   * then the rest (both narrowed by the search text's trigram index).
   */
  async search(
    userId: number,
    text: string,
    limit: number,
    db: Database = this.db,
  ): Promise<ContactSearchRow[]> {
    const ranks = quickSearchRanks(
      {
        table: contacts,
        id: contacts.id,
        visible: ownedBy(userId),
        // As contacts_user_first_name_idx and contacts_user_last_name_idx spell them.
        names: [sql`lower(${contacts.firstName})`, sql`lower(${contacts.lastName})`],
        fields: { indexed: contacts.searchText },
        exact: text.includes('@') ? sql`lower(${contacts.email})` : undefined,
      },
      text,
      limit,
    );
    return db
      .select({
        id: contacts.id,
        fullName: contacts.fullName,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        email: contacts.email,
        phone: contacts.phone,
        organization: contacts.organization,
        rank: sql<number>`ranks.rank`.mapWith(Number),
      })
      .from(contacts)
      .innerJoin(sql`(${ranks}) as ranks`, sql`ranks.id = ${contacts.id}`)
      .orderBy(sql`ranks.rank`, sql`${contacts.searchText}`, contacts.id)
      .limit(limit);
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

  /** Every contact of the user in id order (or those of `ids` that are the user's), a page at a time (export). */
  async *all(
    userId: number,
    batchSize = 2000,
    db: Database = this.db,
    ids?: number[],
  ): AsyncGenerator<ContactRow[]> {
    let after = 0;
    const chosen = ids ? sql`${contacts.id} = any(${sql.param(ids)}::integer[])` : undefined;
    for (;;) {
      const rows = await db
        .select(CONTACT_COLUMNS)
        .from(contacts)
        .where(and(ownedBy(userId), sql`${contacts.id} > ${after}`, chosen))
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

  /** Streams an import's batches (contacts.import-rows.ts) into one COPY, inside the transaction `db`. */
  copyImported(
    batches: AsyncIterable<CopyBatch> | Iterable<CopyBatch>,
    db: Database = this.db,
  ): Promise<void> {
    return copyInto(db, contacts, batches);
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

  /** Moves last_contact_date to `at` when it is later (or unset); answers whether it moved. */
  async raiseLastContactDate(userId: number, id: number, at: Date, db: Database = this.db): Promise<boolean> {
    const rows = await db
      .update(contacts)
      .set({ lastContactDate: at, updatedAt: new Date() })
      .where(
        and(
          eq(contacts.userId, userId),
          eq(contacts.id, id),
          sql`(${contacts.lastContactDate} is null or ${contacts.lastContactDate} < ${at.toISOString()})`,
        ),
      )
      .returning({ id: contacts.id });
    return rows.length > 0;
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

  /** A new import of the user's, whose id the imported rows carry. */
  async createImport(userId: number, db: Database = this.db): Promise<number> {
    const [row] = await db.insert(contactImports).values({ userId }).returning({ id: contactImports.id });
    return row.id;
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

  /**
   * Every name group of the user's (two or more contacts with one name key) as the duplicates scan's
   * JSON, written by the database in one statement (decision 0031): per group, ordered by key, its key,
   * name (its first contact's), whether the whole group agrees on every compared field (`identical`,
   * the rule `deleteIdenticalDuplicates` applies), its size (`count`) and its first `shown` people by
   * id; and the totals over every contact of the groups. One pass over the user's contacts groups them
   * (size, agreement, ids); only the people sent are then read whole, by id.
   */
  async duplicateGroupsJson(
    userId: number,
    shown: number,
    db: Database = this.db,
  ): Promise<DuplicateGroupsJson> {
    const result = await db.execute<DuplicateGroupsJson>(sql`
      with groups as (
        select ${nameKey} as key, count(*)::integer as size, ${allAgree()} as identical,
          array_agg(${contacts.id}) as ids
        from ${contacts} where ${and(ownedBy(userId), hasName)}
        group by ${nameKey} having count(*) > 1)
      select
        coalesce(json_agg(json_build_object('key', groups.key,
          'full_name', regexp_replace(firsts.full_name, '^\s+|\s+$', '', 'g'), 'identical', groups.identical,
          'count', groups.size, 'people', firsts.people) order by groups.key), '[]')::text as groups,
        coalesce(sum(groups.size - 1), 0)::integer as total_duplicates,
        coalesce(sum(groups.size - 1) filter (where groups.identical), 0)::integer as auto_mergeable,
        (count(*) filter (where not groups.identical))::integer as manual_review
      from groups, lateral (
        select json_agg(person order by ${contacts.id}) as people,
          (array_agg(${contacts.fullName} order by ${contacts.id}))[1] as full_name
        from ${contacts}, lateral ${PERSON_RECORD} as person
        where ${contacts.id} = any(array(select id from unnest(groups.ids) as id order by id limit ${shown}))
          and ${ownedBy(userId)}) as firsts`);
    return (result as unknown as { rows: DuplicateGroupsJson[] }).rows[0];
  }

  /** Every contact of the user's with this name key, by id, each with the group's size and agreement. */
  namesakesOf(userId: number, key: string, db: Database = this.db): Promise<(ContactRow & NamesakeOf)[]> {
    return db
      .select({
        ...CONTACT_COLUMNS,
        key: sql<string>`${nameKey}`,
        count: sql<number>`(count(*) over ())::integer`,
        identical: allAgree(sql`()`),
      })
      .from(contacts)
      .where(and(ownedBy(userId), hasName, sql`${nameKey} = ${key}`))
      .orderBy(contacts.id);
  }

  /** In one statement, deletes all but the first (lowest id) contact of every identical group. */
  async deleteIdenticalDuplicates(userId: number, db: Database = this.db) {
    const allButFirst = db
      .select({ id: sql`unnest((array_agg(${contacts.id} order by ${contacts.id}))[2:])` })
      .from(contacts)
      .where(and(ownedBy(userId), hasName))
      .groupBy(nameKey)
      .having(and(sql`count(*) > 1`, allAgree()));
    const rows = await db
      .delete(contacts)
      .where(and(eq(contacts.userId, userId), inArray(contacts.id, allButFirst)))
      .returning({ key: nameKey });
    return { deleted: rows.length, groups: new Set(rows.map((row) => row.key)).size };
  }
}
