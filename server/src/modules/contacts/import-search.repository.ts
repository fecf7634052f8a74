import { and, eq, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactImports } from '../../db/schema';

/**
 * Where indexing an import's contacts goes on from: the list index's order, (created_at, id). The time is
 * PostgreSQL's text of it, because a JavaScript Date would drop its microseconds.
 */
export interface ImportSearchKey {
  createdAt: string;
  id: number;
}

/** The SQL of indexing an import's contacts for search after it commits (decision 0037). */
export class ImportSearchRepository {
  constructor(private readonly db: Database) {}

  /** The first key of the import's contacts (none is older than the import); undefined when it is gone. */
  async start(userId: number, importId: number): Promise<ImportSearchKey | undefined> {
    const [row] = await this.db
      .select({ createdAt: sql<string>`${contactImports.createdAt}::text` })
      .from(contactImports)
      .where(and(eq(contactImports.userId, userId), eq(contactImports.id, importId)));
    return row ? { createdAt: row.createdAt, id: 0 } : undefined;
  }

  /**
   * Copies up to `limit` of the import's contacts after `after` into contact_search, in the order of the
   * owner's list index. The rows are locked FOR KEY SHARE, so a contact deleted meanwhile is either
   * waited for (and then skipped) or indexed before its deletion removes it again; a contact already
   * there (indexed when it was edited) is kept. Answers how many were read and the last one's key.
   */
  async indexNext(
    userId: number,
    importId: number,
    after: ImportSearchKey,
    limit: number,
  ): Promise<{ rows: number; last: ImportSearchKey } | undefined> {
    const result = await this.db.execute(sql`
      with batch as (
        select id, created_at, search_text from contacts
        where user_id = ${userId} and import_id = ${importId}
          and (created_at, id) > (${after.createdAt}::timestamptz, ${after.id})
        order by created_at, id
        limit ${limit}
        for key share),
      indexed as (
        insert into contact_search (contact_id, search_text) select id, search_text from batch
        on conflict (contact_id) do nothing)
      select (select count(*) from batch)::int as rows, created_at::text as created_at, id
      from batch order by created_at desc, id desc limit 1`);
    const [row] = (result as unknown as { rows: { rows: number; created_at: string; id: number }[] }).rows;
    return row ? { rows: row.rows, last: { createdAt: row.created_at, id: row.id } } : undefined;
  }

  async finish(userId: number, importId: number): Promise<void> {
    await this.db
      .update(contactImports)
      .set({ searchPending: false })
      .where(and(eq(contactImports.userId, userId), eq(contactImports.id, importId)));
  }

  /** Complete imports whose contacts are not all indexed yet: a crash or a shutdown cut them off. */
  unfinished(): Promise<{ userId: number; id: number }[]> {
    return this.db
      .select({ userId: contactImports.userId, id: contactImports.id })
      .from(contactImports)
      .where(and(contactImports.searchPending, not(contactImports.pending)));
  }
}
