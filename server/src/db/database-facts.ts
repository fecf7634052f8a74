import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** What Settings → System shows of the database: its version, durability settings, size and connections. */
export interface DatabaseFacts {
  version: string;
  fsync: string;
  synchronous_commit: string;
  size_bytes: number;
  connections: number;
}

export async function databaseFacts(db: Database): Promise<DatabaseFacts> {
  const result = await db.execute(sql`
    select current_setting('server_version') as version, current_setting('fsync') as fsync,
      current_setting('synchronous_commit') as synchronous_commit,
      pg_database_size(current_database())::int8 as size_bytes,
      (select count(*) from pg_stat_activity where datname = current_database())::int as connections`);
  const row = (result as unknown as { rows: Record<keyof DatabaseFacts, string | number>[] }).rows[0];
  return {
    version: String(row.version),
    fsync: String(row.fsync),
    synchronous_commit: String(row.synchronous_commit),
    size_bytes: Number(row.size_bytes),
    connections: Number(row.connections),
  };
}
