import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Databases for tests and journeys on a PostgreSQL server: one migrated template made once per run, and
 * a copy of it per test file or journey (`CREATE DATABASE … TEMPLATE`, a file copy: much faster than
 * migrating, or starting a PostgreSQL server, each time).
 */
async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database, a copy of `template` if given: its URL, and how to drop it. */
export async function createDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
