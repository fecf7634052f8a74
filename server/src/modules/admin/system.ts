import type { SystemInfo } from '@relate/contracts';
import type { Config } from '../../config';
import { listBackups } from '../../db/backup';
import type { DatabaseHandle } from '../../db/client';
import { databaseFacts } from '../../db/database-facts';
import { backupDir } from '../../jobs/backup-schedule';

/** Where an external database is: host, port and name from its URL, never its user or password. */
function externalLocation(url: string): Pick<SystemInfo['database'], 'host' | 'port' | 'name'> {
  const parsed = new URL(url);
  return {
    host: decodeURIComponent(parsed.hostname) || null,
    port: Number(parsed.port || 5432),
    name: decodeURIComponent(parsed.pathname.slice(1)) || null,
  };
}

/** GET /api/admin/system's answer. */
export async function systemInfo(
  config: Config,
  database: DatabaseHandle,
  relateVersion: string,
): Promise<SystemInfo> {
  const facts = await databaseFacts(database.db);
  const embedded = Boolean(database.embedded);
  const directory = backupDir(config);
  const last = listBackups(directory).at(-1);
  return {
    relate_version: relateVersion,
    database: {
      engine: 'PostgreSQL',
      version: facts.version,
      embedded,
      data_directory: database.embedded?.directory ?? null,
      ...(config.DATABASE_URL
        ? externalLocation(config.DATABASE_URL)
        : { host: null, port: null, name: null }),
      fsync: facts.fsync,
      synchronous_commit: facts.synchronous_commit,
      size_bytes: facts.size_bytes,
      connections: facts.connections,
    },
    backups: {
      directory,
      last: last
        ? { name: last.name, created_at: last.created_at.toISOString(), size_bytes: last.size }
        : null,
    },
  };
}
