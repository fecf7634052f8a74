import { inject } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../src/db/client';
import { createDatabase } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server the tests create their databases on (postgres-template.setup.ts). */
    postgresAdminUrl: string;
    /** A migrated database to copy (postgres-template.setup.ts). */
    postgresTemplate: string;
  }
}

/** A fresh, migrated database for one test file: a copy of the run's template. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
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

/** A new database on the tests' PostgreSQL server, a copy of `template` if given and empty otherwise. */
export function createPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  return createDatabase(inject('postgresAdminUrl'), 'relate_test', template);
}

/** A second connection pool to the same database, as a second server process would have. */
export function connectAgain(database: DatabaseHandle): Promise<DatabaseHandle> {
  if (!database.url) throw new Error('connectAgain needs a database opened from a URL');
  return openPostgres(database.url, 2);
}
