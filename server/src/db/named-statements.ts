import { createHash } from 'node:crypto';
import type { SQLWrapper } from 'drizzle-orm';
import type { Database } from './client';

interface BuiltQuery extends SQLWrapper {
  toSQL(): { sql: string; params: unknown[] };
}

interface QueryablePool {
  query(config: {
    name?: string;
    text: string;
    values: unknown[];
  }): Promise<{ rows: Record<string, unknown>[] }>;
}

/** node-postgres's pool behind a drizzle database (not a transaction). */
function postgresPool(db: Database): QueryablePool | undefined {
  const client = (db as unknown as { $client?: { totalCount?: number; query?: unknown } }).$client;
  return client && typeof client.totalCount === 'number' ? (client as unknown as QueryablePool) : undefined;
}

/**
 * Runs a list's statement as a named prepared statement on PostgreSQL (decision 0031): each connection
 * parses and analyses a statement of a given text once, instead of on every request; that took about a
 * third of the server's time per page. The pool's connections set `plan_cache_mode = force_custom_plan`
 * (client.ts), so every execution is still planned for its own parameters: a plan kept for a user with
 * 100,000 contacts would not fit one with ten. In a transaction it runs as drizzle would.
 * Either way it answers the driver's rows, keyed by the select's aliases, with values as the driver
 * reads them (no drizzle mapping): give each `sql` field its alias (`.as('name')`), which drizzle does
 * not write for its own positional reads.
 */
export async function runNamed(db: Database, query: BuiltQuery): Promise<Record<string, unknown>[]> {
  if (!postgresPool(db))
    return ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const { sql: text, params } = query.toSQL();
  return runNamedText(db, text, params);
}

/**
 * `runNamed` for a statement's text and parameters; `db` must be the database, not a transaction. With
 * `named` false the statement runs unnamed: for texts of which there can be many (a list filtered by any
 * combination of columns), which each connection would otherwise keep prepared for its lifetime.
 */
export async function runNamedText(
  db: Database,
  text: string,
  params: unknown[],
  named = true,
): Promise<Record<string, unknown>[]> {
  const pool = postgresPool(db);
  if (!pool) return unnamed(db, text, params);
  if (!named) return (await pool.query({ text, values: params })).rows;
  let name = statementNames.get(text);
  if (!name) {
    if (statementNames.size >= 1_000) statementNames.clear();
    name = `relate_${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  const { rows } = await pool.query({ name, text, values: params });
  return rows;
}

interface Queryable {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Another driver's client (the PGlite an upgrade test writes an earlier version's data into). */
async function unnamed(db: Database, text: string, params: unknown[]) {
  const client = (db as unknown as { $client?: Partial<Queryable> }).$client;
  if (typeof client?.query !== 'function')
    throw new Error('runNamedText: needs the database, not a transaction');
  return (await (client as Queryable).query(text, params)).rows;
}

/** Statement names by text: hashing a list statement's text on every request cost more than a lookup. */
const statementNames = new Map<string, string>();
