import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { isRunning } from './data-dir-lock';
import { type PostgresBinaries, postgresBinaries } from './embedded-postgres/binaries';
import {
  type ClusterPaths,
  clusterPaths,
  createCluster,
  EMBEDDED_DATABASE,
  EMBEDDED_USER,
  readOrCreatePassword,
  socketDirectory,
  writeSettings,
} from './embedded-postgres/cluster';
import { EmbeddedPostgresError } from './embedded-postgres/errors';
import {
  handOver,
  letThrough,
  postgresRunAs,
  type RunAs,
  runPostgresProgram,
} from './embedded-postgres/run-as';
import { startWatchdog } from './embedded-postgres/watchdog';

export interface EmbeddedPostgres {
  /** Relate's database on it, with the password. */
  url: string;
  /** The cluster's directory (DATA_DIR/postgres). */
  directory: string;
  /** Stops PostgreSQL (fast shutdown: open sessions are ended, committed work is kept) and waits. */
  stop(): Promise<void>;
}

/** How to reach the cluster: its socket (user and password as parameters: the URL has no host) or TCP. */
function embeddedUrl(paths: ClusterPaths, password: string, port: number): string {
  const socketDir = socketDirectory(paths);
  if (!socketDir)
    return `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
  const query = new URLSearchParams({ host: socketDir, port: String(port), user: EMBEDDED_USER, password });
  return `postgres:///${EMBEDDED_DATABASE}?${query}`;
}

/**
 * The URL of the embedded PostgreSQL server a running Relate started in `dataDir` (another process, such
 * as `npm run backup`, connects to it): the port is the fourth line of postmaster.pid.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const paths = clusterPaths(dataDir);
  try {
    const port = Number(fs.readFileSync(path.join(paths.cluster, 'postmaster.pid'), 'utf8').split('\n')[3]);
    return port > 0
      ? embeddedUrl(paths, fs.readFileSync(paths.passwordFile, 'utf8').trim(), port)
      : undefined;
  } catch {
    return undefined;
  }
}

const START_ATTEMPTS = 3;

/**
 * Starts Relate's own PostgreSQL server in DATA_DIR/postgres, creating the cluster on first start, and
 * returns how to reach and stop it. The caller holds DATA_DIR's lock (data-dir-lock.ts): no other
 * Relate runs on this directory, so a postmaster.pid found here was left by one that died.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  maxConnections: number;
  log: (line: string) => void;
  /** How each attempt picks its port (tests give a taken one). */
  choosePort?: () => Promise<number>;
}): Promise<EmbeddedPostgres> {
  const { dataDir, log } = options;
  const paths = clusterPaths(dataDir);
  const binaries = postgresBinaries();
  fs.mkdirSync(path.dirname(paths.cluster), { recursive: true });
  const runAs = await postgresRunAs(log);
  // Its user must reach both the cluster and the binaries (node_modules in a 0700 checkout, say).
  for (const dir of [...letThrough(runAs, paths.cluster), ...letThrough(runAs, binaries.postgres)])
    log(`Let PostgreSQL's user ${runAs.user?.name} pass through ${dir} (o+x)`);
  const exists = fs.existsSync(path.join(paths.cluster, 'PG_VERSION'));
  if (exists && !fs.existsSync(paths.passwordFile))
    throw new EmbeddedPostgresError(
      `${paths.passwordFile} is missing: it holds the password of the PostgreSQL database in ${paths.cluster}. ` +
        'Put it back (from a backup of DATA_DIR), or move that directory away to start with an empty database.',
    );
  const password = readOrCreatePassword(paths);
  if (!exists) {
    const started = Date.now();
    log(`Creating the PostgreSQL database in ${paths.cluster}`);
    await createCluster(paths, binaries, runAs, password);
    log(`Created the PostgreSQL database in ${Date.now() - started} ms`);
  }
  await handOver(runAs, paths.cluster);
  await writeSettings(paths, runAs, options.maxConnections);
  await clearStalePostmaster(paths, binaries, runAs, log);
  const port = await startServer(paths, binaries, runAs, options.choosePort ?? freePort);
  const pid = postmasterPid(paths);
  const watchdog = pid ? startWatchdog(pid) : undefined;
  const url = embeddedUrl(paths, password, port);
  try {
    await ensureDatabase(url);
  } catch (error) {
    watchdog?.dismiss();
    await stopServer(paths, binaries, runAs);
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    url,
    directory: paths.cluster,
    stop() {
      stopping ??= (async () => {
        watchdog?.dismiss();
        await stopServer(paths, binaries, runAs);
      })();
      return stopping;
    },
  };
}

function postmasterPid(paths: ClusterPaths): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(paths.cluster, 'postmaster.pid'), 'utf8'), 10);
    return Number.isFinite(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` is a postgres server of this cluster, by its command line (`postgres -D <cluster> …`). */
function isOurPostmaster(pid: number, paths: ClusterPaths): boolean {
  let commandLine: string;
  try {
    commandLine =
      process.platform === 'linux'
        ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
        : execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  } catch {
    return false;
  }
  return /postgres\s/.test(commandLine) && commandLine.includes(` ${paths.cluster} `);
}

/**
 * A postmaster.pid left by a Relate that died: if its server still runs (its watchdog has not stopped
 * it yet, or there was none), it is stopped; if the pid is gone or now another process's, the file
 * is removed — PostgreSQL itself would refuse to start while the pid is alive, whoever's it is.
 */
async function clearStalePostmaster(
  paths: ClusterPaths,
  binaries: PostgresBinaries,
  runAs: RunAs,
  log: (line: string) => void,
): Promise<void> {
  const pid = postmasterPid(paths);
  if (!pid) return;
  if (isRunning(pid) && isOurPostmaster(pid, paths)) {
    log(`PostgreSQL (pid ${pid}) was left running by an earlier Relate: stopping it`);
    await stopServer(paths, binaries, runAs);
    if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    await waitUntil(() => !isRunning(pid), 10_000);
  }
  fs.rmSync(path.join(paths.cluster, 'postmaster.pid'), { force: true });
}

async function waitUntil(done: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Starts the server on a free port on 127.0.0.1; a port taken meanwhile means another try. */
async function startServer(
  paths: ClusterPaths,
  binaries: PostgresBinaries,
  runAs: RunAs,
  choosePort: () => Promise<number>,
): Promise<number> {
  const logFile = path.join(paths.logDir, 'startup.log');
  for (let attempt = 1; ; attempt++) {
    const port = await choosePort();
    const logStart = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
    try {
      await runPostgresProgram(runAs, binaries.pgCtl, [
        'start',
        '--pgdata',
        paths.cluster,
        '--log',
        logFile,
        '--wait',
        '--timeout',
        '60',
        '--options',
        `-p ${port}`,
      ]);
      return port;
    } catch (error) {
      const output = readFrom(logFile, logStart) + serverLogTail(paths);
      const portTaken = /could not bind|Address already in use|could not create any TCP\/IP sockets/i.test(
        output,
      );
      if (portTaken && attempt < START_ATTEMPTS) continue;
      throw new EmbeddedPostgresError(
        `PostgreSQL did not start in ${paths.cluster}: ${(error as Error).message.trim()}\n${output.slice(-2000)}`,
      );
    }
  }
}

/** The end of the server's own log (the logging collector's newest file), where a failed start says why. */
function serverLogTail(paths: ClusterPaths): string {
  try {
    const newest = fs
      .readdirSync(paths.logDir)
      .filter((name) => name.startsWith('postgresql-'))
      .map((name) => path.join(paths.logDir, name))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
    if (!newest) return '';
    return readFrom(newest, Math.max(0, fs.statSync(newest).size - 4000));
  } catch {
    return '';
  }
}

function readFrom(file: string, offset: number): string {
  try {
    return fs.readFileSync(file).subarray(offset).toString('utf8');
  } catch {
    return '';
  }
}

async function stopServer(paths: ClusterPaths, binaries: PostgresBinaries, runAs: RunAs): Promise<void> {
  const stop = (mode: string) =>
    runPostgresProgram(runAs, binaries.pgCtl, [
      'stop',
      '--pgdata',
      paths.cluster,
      '--mode',
      mode,
      '--wait',
      '--timeout',
      '30',
    ]);
  try {
    await stop('fast');
  } catch {
    await stop('immediate').catch(() => {});
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Relate's database, created on first start (migrations then create pg_trgm and the tables). */
async function ensureDatabase(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      EMBEDDED_DATABASE,
    ]);
    if (!rowCount) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await client.end();
  }
}
