import type { PGlite } from '@electric-sql/pglite';
import type { Placeholder } from 'drizzle-orm';
import type { Database, DatabaseHandle } from './client';

/**
 * The name to prepare a Drizzle statement under (`.prepare(UNNAMED)`) when its SQL text is to be built
 * once but its plan made for each execution's values: node-postgres sends a statement without a name
 * as PostgreSQL's unnamed statement, which is planned for the values bound to it, as an unprepared
 * query is. A named statement is planned without its values once it has run five times (a generic
 * plan, when that costs no more by the planner's estimate): blind to a search pattern's selectivity,
 * and, with LIMIT and OFFSET as values, estimated as reading a tenth of the table. PGlite plans every
 * query anew.
 */
export const UNNAMED = '';

/** A Drizzle select whose values are integer placeholders, and whose columns need no decoding. */
interface KeepableQuery<T> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): KeptPlan<T>;
}

export interface KeptPlan<T> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}

const DUPLICATE_PREPARED_STATEMENT = '42P05';

/**
 * A statement whose plan PostgreSQL keeps: parsed and planned once, then (after five executions, when
 * the planner estimates it costs no more) run with a generic plan. For the statements that most
 * requests make, whose plan does not depend on their values (decision 0031).
 * - PostgreSQL: a named statement of node-postgres, prepared by each pooled connection on first use.
 * - PGlite: one session for the process; an SQL `PREPARE` on first use, then `EXECUTE` (PGlite's query
 *   API sends every statement unnamed). `EXECUTE` takes no bind parameters, so the values are written
 *   into its text: integers only. Rows come as PGlite returns them, without Drizzle's decoding: the
 *   columns must need none (no dates) and be aliased with `.as()`.
 */
export function keepPlan<T>(
  db: Database,
  kind: DatabaseHandle['kind'],
  name: string,
  query: KeepableQuery<T>,
): KeptPlan<T> {
  if (kind === 'postgres') return query.prepare(name);
  const { sql: text, params } = query.toSQL();
  const placeholders = params.map((param) => (param as Placeholder).name);
  const identifier = `"${name}"`;
  // PGlite's own client: through Drizzle's execute each EXECUTE cost about 0.25 ms more.
  const client = (db as unknown as { $client: PGlite }).$client;
  let prepared: Promise<unknown> | undefined;
  const prepare = async () => {
    try {
      await client.exec(`prepare ${identifier} as ${text}`);
    } catch (error) {
      // Another repository on the same database prepared it: the same name is the same statement.
      if ((error as { code?: string }).code !== DUPLICATE_PREPARED_STATEMENT) {
        prepared = undefined;
        throw error;
      }
    }
  };
  return {
    async execute(values) {
      prepared ??= prepare();
      await prepared;
      const args = placeholders.map((placeholder) => {
        const value = values[placeholder];
        if (!Number.isInteger(value)) throw new Error(`${name}: ${placeholder} must be an integer`);
        return value;
      });
      return (await client.query<T>(`execute ${identifier}(${args.join(', ')})`)).rows;
    },
  };
}
