import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres, PGLITE_SETTINGS } from '../src/db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server at TEST_DATABASE_URL when the test project sets RELATE_TEST_DB=postgres.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.RELATE_TEST_DB !== 'postgres')
    return openPglite(undefined, PGLITE_SETTINGS, { loadDataDir: pgliteTemplate() });
  const { url, drop } = await createPostgresDatabase(inject('postgresTemplate'));
  const handle = await openPostgres(url, 5);
  return {
    ...handle,
    async close() {
      await handle.close();
      await drop();
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory as a tarball (pglite-template.setup.ts). */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database to copy (postgres-template.setup.ts), where the project has one. */
    postgresTemplate?: string;
  }
}

let template: Blob | undefined;
/** The migrated database pglite-template.setup.ts dumped, read once per test file. */
function pgliteTemplate(): Blob {
  template ??= new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  return template;
}

/**
 * A new database on the PostgreSQL server at TEST_DATABASE_URL, a copy of `template` if given and empty
 * otherwise: its URL, and how to drop it.
 */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('RELATE_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `relate_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
