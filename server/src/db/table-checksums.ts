/** Reads rows of SQL on one side of a copy: the PGlite cluster or the PostgreSQL server. */
export type Query = <Row>(text: string) => Promise<Row[]>;

/** A table of the `public` schema and the columns a copy carries (its generated ones are recomputed). */
export interface CopiedTable {
  name: string;
  columns: string[];
}

export interface TableSum {
  rows: number;
  /** The sum of the first 64 bits of each row's md5, as text: the same whatever the rows' order. */
  checksum: string;
}

/**
 * Settings under which both sides render every value as the same text (the checksum hashes that text).
 * The types' output functions are the same on PGlite and PostgreSQL of the same major series; these are
 * what a session may change.
 */
export const RENDERING_SETTINGS: Record<string, string> = {
  TimeZone: 'UTC',
  DateStyle: 'ISO, YMD',
  IntervalStyle: 'postgres',
  extra_float_digits: '1',
  bytea_output: 'hex',
};

export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The table's copied columns, quoted and comma-separated. */
export const columnList = (table: CopiedTable) => table.columns.map(quoteName).join(', ');

/** Every table of the `public` schema with its stored (not generated) columns, by name. */
export async function publicTables(query: Query): Promise<CopiedTable[]> {
  return query<CopiedTable>(`
    select c.relname::text as name,
      array_agg(a.attname::text order by a.attnum) filter (where a.attgenerated = '') as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind = 'r'
    group by c.relname
    order by c.relname`);
}

/**
 * Row count and an order-independent checksum of the table's copied columns. A sum of per-row hashes
 * needs no sort of the table (an md5 of the rows in primary-key order would sort 100,000 contacts on
 * PGlite's single thread), and a changed, missing or extra row changes it.
 */
export async function tableSum(query: Query, table: CopiedTable): Promise<TableSum> {
  const [row] = await query<{ rows: string; checksum: string }>(`
    select count(*)::text as rows,
      coalesce(sum(('x' || left(md5(row(${columnList(table)})::text), 16))::bit(64)::bigint::numeric), 0)::text
        as checksum
    from ${quoteName(table.name)}`);
  return { rows: Number(row.rows), checksum: row.checksum };
}

export interface Comparison {
  /** Rows on the PGlite side, in every table. */
  rows: number;
  /** The tables whose count or checksum differ between the two sides, described for an error message. */
  differences: string[];
}

export async function compareTables(
  source: Query,
  target: Query,
  tables: CopiedTable[],
): Promise<Comparison> {
  const comparison: Comparison = { rows: 0, differences: [] };
  for (const table of tables) {
    const [before, after] = [await tableSum(source, table), await tableSum(target, table)];
    comparison.rows += before.rows;
    if (before.rows !== after.rows)
      comparison.differences.push(
        `${table.name}: ${before.rows} rows in PGlite, ${after.rows} in PostgreSQL`,
      );
    else if (before.checksum !== after.checksum)
      comparison.differences.push(`${table.name}: as many rows (${before.rows}) but not the same ones`);
  }
  return comparison;
}
