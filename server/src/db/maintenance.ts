import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The tables bulk writes touch; only these names ever reach an ANALYZE or VACUUM statement. */
export type MaintainedTable = 'contacts' | 'companies' | 'contact_counts';
const MAINTAINED_TABLES: readonly MaintainedTable[] = ['contacts', 'companies', 'contact_counts'];

/** A bulk write of at least this many rows refreshes its table's planner statistics at once. */
export const ANALYZE_AFTER_ROWS = 500;

/**
 * The statistics target of the ANALYZE right after a bulk write: a sample of 3,000 rows instead of
 * 30,000. ANALYZE computes every column's statistics over the whole sample, so after a 100,000-row
 * import it took 380-500 ms on PostgreSQL at the default 100 and 37 ms at 10, and the plans of every list
 * query are the same. Autovacuum's later ANALYZE (PostgreSQL) refines them at the server's own target.
 */
const QUICK_STATISTICS_TARGET = 10;

/** One table's activity counters from pg_stat_user_tables. */
export interface TableActivity {
  table: string;
  /** The planner's row count (pg_class.reltuples; -1 or 0 before the first ANALYZE). */
  rows: number;
  deadRows: number;
  modifiedSinceAnalyze: number;
  insertedSinceVacuum: number;
}

interface ActivityRow {
  table: string;
  rows: number | string;
  dead_rows: number | string;
  modified_since_analyze: number | string;
  inserted_since_vacuum: number | string;
}

export type MaintenanceAction = 'vacuum analyze' | 'analyze' | null;

/**
 * PostgreSQL's own autovacuum thresholds at their defaults (decision 0018), which PGlite never applies
 * because it runs no autovacuum: VACUUM when dead rows exceed 50 + 20 % of the table or inserts since the
 * last VACUUM exceed 1,000 + 20 % (that sets the visibility map, so counts can use index-only scans);
 * otherwise ANALYZE when rows changed since the last ANALYZE exceed 50 + 10 %.
 */
export function maintenanceFor(activity: TableActivity): MaintenanceAction {
  const rows = Math.max(0, activity.rows);
  if (activity.deadRows > 50 + 0.2 * rows || activity.insertedSinceVacuum > 1000 + 0.2 * rows)
    return 'vacuum analyze';
  if (activity.modifiedSinceAnalyze > 50 + 0.1 * rows) return 'analyze';
  return null;
}

/** Planner statistics and vacuuming of the bulk-written tables. Statements run outside any transaction. */
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
    // A staged import wrote a count row per statement: fold them before the list reads them.
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

  async activity(): Promise<TableActivity[]> {
    const result = await this.db.execute(sql`
      select s.relname as table, c.reltuples::float8 as rows, s.n_dead_tup::int8 as dead_rows,
        s.n_mod_since_analyze::int8 as modified_since_analyze, s.n_ins_since_vacuum::int8 as inserted_since_vacuum
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public' and s.relname in (${sql.join(
        MAINTAINED_TABLES.map((table) => sql`${table}`),
        sql`, `,
      )})`);
    return (result as unknown as { rows: ActivityRow[] }).rows.map((row) => ({
      table: row.table,
      rows: Number(row.rows),
      deadRows: Number(row.dead_rows),
      modifiedSinceAnalyze: Number(row.modified_since_analyze),
      insertedSinceVacuum: Number(row.inserted_since_vacuum),
    }));
  }

  /** Applies `maintenanceFor` to every maintained table; answers what it ran. */
  async maintain(): Promise<{ table: string; action: Exclude<MaintenanceAction, null> }[]> {
    const done: { table: string; action: Exclude<MaintenanceAction, null> }[] = [];
    for (const activity of await this.activity()) {
      const action = maintenanceFor(activity);
      const table = MAINTAINED_TABLES.find((name) => name === activity.table);
      if (!action || !table) continue;
      await this.run(action, table);
      done.push({ table, action });
    }
    return done;
  }

  /**
   * Folds each user's contact_counts rows (one per statement that added or removed contacts) into one
   * per user and import, so that reading a total stays a few rows. Rows inserted meanwhile are not in
   * this statement's snapshot and stay as they are; a concurrent fold skips the rows this one took.
   */
  async foldContactCounts(): Promise<void> {
    const result = await this.db.execute(sql`
      with folded as (
        delete from contact_counts c
        using (select user_id, coalesce(import_id, 0) as import_key from contact_counts
          group by 1, 2 having count(*) > 1) as many
        where c.user_id = many.user_id and coalesce(c.import_id, 0) = many.import_key
        returning c.user_id, c.import_id, c.delta),
      kept as (insert into contact_counts (user_id, import_id, delta)
        select user_id, import_id, sum(delta) from folded group by user_id, import_id having sum(delta) <> 0)
      select count(*)::int as folded from folded`);
    // The folded rows stay in the table, dead, until a VACUUM: every list would step over them (a
    // 100,000-row import on PGlite leaves 400). VACUUM of this small table takes a few milliseconds;
    // where the server's role does not own it, PostgreSQL's autovacuum does it later.
    if (Number((result as unknown as { rows: { folded: number }[] }).rows[0].folded) > 0)
      await this.db.execute(sql`vacuum contact_counts`).catch(() => {});
  }

  private async run(action: Exclude<MaintenanceAction, null>, table: MaintainedTable): Promise<void> {
    await this.db.execute(sql.raw(`${action} ${table}`));
  }
}
