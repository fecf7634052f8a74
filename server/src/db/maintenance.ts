import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The tables bulk writes touch; only these names ever reach an ANALYZE statement. */
export type MaintainedTable = 'contacts' | 'companies' | 'contact_counts';

/** A bulk write of at least this many rows refreshes its table's planner statistics at once. */
export const ANALYZE_AFTER_ROWS = 500;

/**
 * The statistics target of the ANALYZE right after a bulk write: a sample of 3,000 rows instead of
 * 30,000. ANALYZE computes every column's statistics over the whole sample, so after a 100,000-row
 * import it took 380-500 ms on PostgreSQL at the default 100 and 37 ms at 10, and the plans of every list
 * query are the same. Autovacuum's later ANALYZE (PostgreSQL) refines them at the server's own target.
 */
const QUICK_STATISTICS_TARGET = 10;

/**
 * Planner statistics right after bulk writes, and the folding of contact counts. PostgreSQL's autovacuum
 * does the rest (decision 0042). Statements run outside any transaction.
 */
export class DatabaseMaintenance {
  constructor(private readonly db: Database) {}

  /**
   * After a bulk write, when `changedRows` is large enough to mislead the planner: fresh statistics for
   * `table`, and its trigram indexes' pending entries merged into them (decision 0028). A GIN index takes
   * new rows into an unsorted pending list of up to 4 MB that every search scans from end to end; only
   * VACUUM or autovacuum's ANALYZE merge it, not a plain ANALYZE. Right after an import the list made a
   * rare-term search cost a sequential scan (20 ms at 20,000 contacts instead of 0.1 ms).
   */
  async afterBulkWrite(table: MaintainedTable, changedRows: number): Promise<void> {
    if (changedRows < ANALYZE_AFTER_ROWS) return;
    // Each statement wrote a count row: fold them before the list reads the total.
    if (table === 'contacts') await this.foldContactCounts();
    await this.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local default_statistics_target = ${QUICK_STATISTICS_TARGET}`));
      await tx.execute(sql.raw(`analyze ${table}`));
    });
    // Only the owner of an index may merge its list: where the server's role is not (migrations run as
    // another role), VACUUM and autovacuum still merge it later, and the write has committed anyway.
    await this.db
      .execute(sql`select gin_clean_pending_list(i.indexrelid)
        from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
        where i.indrelid = ${table}::regclass and a.amname = 'gin'`)
      .catch(() => {});
  }

  /**
   * Folds each user's contact_counts rows (one per statement that added or removed contacts) into one
   * per user, so that reading a total stays a few rows. Rows inserted meanwhile are not in this
   * statement's snapshot and stay as they are; a concurrent fold skips the rows this one took.
   */
  async foldContactCounts(): Promise<void> {
    const result = await this.db.execute(sql`
      with folded as (
        delete from contact_counts c
        using (select user_id from contact_counts group by 1 having count(*) > 1) as many
        where c.user_id = many.user_id
        returning c.user_id, c.delta),
      kept as (insert into contact_counts (user_id, delta)
        select user_id, sum(delta) from folded group by user_id having sum(delta) <> 0)
      select count(*)::int as folded from folded`);
    // The folded rows stay in the table, dead, until a VACUUM: every list would step over them (a
    // 100,000-row import leaves hundreds). VACUUM of this small table takes a few milliseconds;
    // where the server's role does not own it, PostgreSQL's autovacuum does it later.
    if (Number((result as unknown as { rows: { folded: number }[] }).rows[0].folded) > 0)
      await this.db.execute(sql`vacuum contact_counts`).catch(() => {});
  }
}
