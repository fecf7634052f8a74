import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PostgresBinaries } from './binaries';
import { handOver, type RunAs, runPostgresProgram } from './run-as';

/** PostgreSQL's superuser in the embedded cluster, and Relate's database there. */
export const EMBEDDED_USER = 'relate';
export const EMBEDDED_DATABASE = 'relate';

export interface ClusterPaths {
  /** DATA_DIR/postgres: the cluster. */
  cluster: string;
  /** DATA_DIR/postgres-password: the superuser's password, readable by Relate only. */
  passwordFile: string;
  /** DATA_DIR/postgres/log: pg_ctl's start-up output and the server's own logs. */
  logDir: string;
}

export function clusterPaths(dataDir: string): ClusterPaths {
  const root = path.resolve(dataDir);
  const cluster = path.join(root, 'postgres');
  return { cluster, passwordFile: path.join(root, 'postgres-password'), logDir: path.join(cluster, 'log') };
}

/**
 * Where Relate reaches the server: a Unix socket in the cluster's own directory (0700, so only Relate
 * and PostgreSQL's user can connect; a query costs about a fifth less CPU than over TCP), or TCP on
 * 127.0.0.1 when that directory's path is too long for a socket's name (107 bytes on Linux).
 */
export function socketDirectory(paths: ClusterPaths): string | undefined {
  return path.join(paths.cluster, '.s.PGSQL.65535').length <= 107 ? paths.cluster : undefined;
}

/**
 * Settings for a small machine, rewritten at every start (relate.conf, included by postgresql.conf) so
 * that a new version's settings reach an existing cluster. Durability stays PostgreSQL's default: fsync,
 * synchronous_commit and full-page writes on; autovacuum on. With a socket directory the server listens
 * on that socket only, else on 127.0.0.1 only; never a socket in /tmp or /var/run for others to find.
 */
export function clusterSettings(maxConnections: number, socketDir?: string): Record<string, string> {
  return {
    listen_addresses: socketDir ? "''" : "'127.0.0.1'",
    unix_socket_directories: socketDir ? `'${socketDir.replaceAll("'", "''")}'` : "''",
    max_connections: String(maxConnections),
    shared_buffers: "'32MB'",
    work_mem: "'4MB'",
    maintenance_work_mem: "'64MB'",
    effective_cache_size: "'256MB'",
    max_wal_size: "'256MB'",
    min_wal_size: "'64MB'",
    huge_pages: "'off'",
    fsync: 'on',
    synchronous_commit: 'on',
    full_page_writes: 'on',
    autovacuum: 'on',
    logging_collector: 'on',
    log_directory: "'log'",
    log_filename: "'postgresql-%a.log'",
    log_truncate_on_rotation: 'on',
    log_rotation_age: "'1d'",
    log_rotation_size: '0',
  };
}

/** The superuser's password, generated on first use and kept in DATA_DIR with mode 0600. */
export function readOrCreatePassword(paths: ClusterPaths): string {
  try {
    return fs.readFileSync(paths.passwordFile, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(paths.passwordFile, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

/**
 * initdb into a directory beside the cluster, renamed into place once complete: a start interrupted
 * during initdb leaves no half-made cluster behind, only a directory the next start removes.
 */
export async function createCluster(
  paths: ClusterPaths,
  binaries: PostgresBinaries,
  runAs: RunAs,
  password: string,
): Promise<void> {
  const building = `${paths.cluster}.initdb`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { mode: 0o700 });
  const passwordFile = path.join(path.dirname(paths.cluster), '.postgres-initdb-password');
  fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  try {
    await handOver(runAs, building);
    await handOver(runAs, passwordFile);
    await runPostgresProgram(runAs, binaries.initdb, [
      '--pgdata',
      building,
      '--username',
      EMBEDDED_USER,
      '--pwfile',
      passwordFile,
      '--auth',
      'scram-sha-256',
      '--encoding',
      'UTF8',
      // PostgreSQL's own Unicode locale: lower() and upper() know every script (the search text is
      // lower-cased by the database; libc's "C" knows ASCII only), sorting stays by code point as in
      // "C", and nothing depends on the operating system's locales.
      '--locale-provider',
      'builtin',
      '--builtin-locale',
      'C.UTF-8',
      '--no-instructions',
    ]);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
  fs.appendFileSync(
    path.join(building, 'postgresql.conf'),
    "\n# Relate's settings, rewritten at every start.\ninclude_if_exists = 'relate.conf'\n",
  );
  fs.renameSync(building, paths.cluster);
}

export async function writeSettings(paths: ClusterPaths, runAs: RunAs, maxConnections: number) {
  const settings = clusterSettings(maxConnections, socketDirectory(paths));
  const lines = Object.entries(settings).map(([name, value]) => `${name} = ${value}`);
  const file = path.join(paths.cluster, 'relate.conf');
  fs.writeFileSync(
    file,
    `# Written by Relate at every start: changes here are lost.\n${lines.join('\n')}\n`,
    {
      mode: 0o600,
    },
  );
  fs.mkdirSync(paths.logDir, { recursive: true, mode: 0o700 });
  await handOver(runAs, file);
  await handOver(runAs, paths.logDir);
}
