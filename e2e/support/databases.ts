import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Databases on the machine's PostgreSQL server (TEST_DATABASE_URL) for the journeys: one migrated
 * template made once (global-setup.ts), and a copy of it per test (`CREATE DATABASE … TEMPLATE`, a
 * file copy: much faster than starting a PostgreSQL server per test).
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
