import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { openPglite } from './pglite-database';
import { freePort, type ServerProcess, startServerProcess, waitForHealth } from './server-process';

/**
 * Without DATABASE_URL the server runs its own PostgreSQL server in DATA_DIR/postgres
 * (db/embedded-postgres.ts): these start the real server process on it, as `npm start` does.
 */
const started: ServerProcess[] = [];
const dataDirs: string[] = [];
afterEach(async () => {
  for (const server of started.splice(0)) server.child.kill('SIGKILL');
  // A cluster is about 65 MB: removed once its watchdog has stopped its server.
  for (const dataDir of dataDirs.splice(0)) {
    await until(() => postgresProcesses(dataDir).length === 0, 10_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

function tempDir() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-embedded-'));
  dataDirs.push(dataDir);
  return dataDir;
}

async function start(dataDir: string): Promise<ServerProcess> {
  const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
  started.push(server);
  await waitForHealth(server.url, 30_000).catch((error) => {
    throw new Error(`${error.message}\n${server.output().slice(-3000)}`);
  });
  return server;
}

/** The pids of PostgreSQL processes whose command line names this cluster (the postmaster). */
function postgresProcesses(dataDir: string): number[] {
  const cluster = path.join(dataDir, 'postgres');
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const words = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return words.some((word) => word.endsWith('/postgres')) && words.includes(cluster);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return done();
}

async function register(url: string, email: string) {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'long-enough', full_name: 'Ann' }),
  });
  expect(response.status).toBe(201);
}

async function login(url: string, email: string) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'long-enough' }),
  });
  return response.status;
}

describe.runIf(process.platform === 'linux')('the embedded PostgreSQL server', () => {
  it('is created on first start, keeps its data across a SIGTERM and a restart, and refuses a second Relate', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'postgres-password')).mode & 0o777).toBe(0o600);
    expect(first.output()).toContain(`database: PostgreSQL in ${path.join(dataDir, 'postgres')}`);
    expect(postgresProcesses(dataDir)).toHaveLength(1);
    await register(first.url, 'ann@example.com');

    const second = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    started.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another Relate process');

    first.child.kill('SIGTERM');
    expect(await first.exited, first.output().slice(-2000)).toBe(0);
    expect(postgresProcesses(dataDir)).toEqual([]);

    const restarted = await start(dataDir);
    expect(await login(restarted.url, 'ann@example.com')).toBe(200);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);

    // Without its password the cluster cannot be opened: said, not replaced by a new password.
    fs.renameSync(path.join(dataDir, 'postgres-password'), path.join(dataDir, 'kept-password'));
    const withoutPassword = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    started.push(withoutPassword);
    expect(await withoutPassword.exited).toBe(1);
    expect(withoutPassword.output()).toContain('postgres-password is missing');
    expect(fs.existsSync(path.join(dataDir, 'postgres-password'))).toBe(false);
  }, 60_000);

  it('is stopped by its watchdog when Relate is killed with -9, and the next start succeeds', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    await register(first.url, 'ann@example.com');
    first.child.kill('SIGKILL');
    expect(await until(() => postgresProcesses(dataDir).length === 0, 5_000)).toBe(true);

    const next = await start(dataDir);
    expect(await login(next.url, 'ann@example.com')).toBe(200);
  }, 60_000);

  it('stops a server an earlier Relate left running, and starts over a postmaster.pid naming another process', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    const [orphan] = postgresProcesses(dataDir);
    // Without its watchdog, a killed Relate leaves its PostgreSQL server running.
    for (const pid of watchdogs(orphan)) process.kill(pid, 'SIGKILL');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(postgresProcesses(dataDir)).toEqual([orphan]);

    const second = await start(dataDir);
    expect(second.output()).toContain(`PostgreSQL (pid ${orphan}) was left running`);
    expect(postgresProcesses(dataDir)).not.toContain(orphan);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // A pid file whose pid now belongs to another live process: this test's.
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    fs.writeFileSync(pidFile, `${process.pid}\n${path.join(dataDir, 'postgres')}\n`);
    await start(dataDir);
  }, 60_000);

  it('copies the PGlite database of an earlier version into PostgreSQL at first start', async () => {
    const dataDir = tempDir();
    const pglite = await openPglite(path.join(dataDir, 'pgdata'));
    const passwordHash = await hash('Ada-password-123');
    await pglite.db.execute(
      sql`insert into users (email, full_name, status, password_hash)
          values ('ada@example.com', 'Ada', 'approved', ${passwordHash})`,
    );
    await pglite.close();

    const server = await start(dataDir);
    expect(server.output()).toContain('Copied the PGlite database into PostgreSQL');
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    expect(fs.readdirSync(dataDir).some((entry) => entry.startsWith('pglite-backup-'))).toBe(true);
    const signIn = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'Ada-password-123' }),
    });
    expect(signIn.status).toBe(200); // her account came over, password and all
  }, 60_000);
});

/** The watchdog processes (embedded-postgres/watchdog.ts) watching postmaster `pid`. */
function watchdogs(pid: number | undefined): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const words = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
        return words.includes('relate-postgres-watchdog') && words.includes(String(pid));
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.runIf(process.platform === 'linux')('how Relate reaches it', () => {
  const query = async (url: string, statement: string) => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(statement)).rows[0];
    } finally {
      await client.end();
    }
  };

  it('is a Unix socket in its own directory, with no TCP port open', async () => {
    const dataDir = tempDir();
    const server = await startEmbeddedPostgres({ dataDir, maxConnections: 10, log: () => {} });
    try {
      const url = new URL(server.url);
      expect(url.searchParams.get('host')).toBe(path.join(dataDir, 'postgres'));
      expect(await query(server.url, 'show fsync')).toEqual({ fsync: 'on' });
      expect(await query(server.url, "select current_setting('listen_addresses') as tcp")).toEqual({
        tcp: '',
      });
      // The search text is lower-cased by the database: beyond ASCII too (a libc "C" locale would not).
      expect(await query(server.url, "select lower('ÉMILE ÇA ΣΟΦΙΑ') as text")).toEqual({
        text: 'émile ça σοφια',
      });
      const tcp = new URL(`postgres://relate@127.0.0.1:${url.searchParams.get('port')}/relate`);
      await expect(query(tcp.toString(), 'select 1')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('is TCP on 127.0.0.1 where the directory is too long for a socket, tried again on another port when one is taken', async () => {
    const dataDir = path.join(
      tempDir(),
      'a-data-directory-whose-path-is-too-long-for-a-unix-socket-name-on-linux',
    );
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const takenPort = (taken.address() as net.AddressInfo).port;
    const ports = [takenPort];
    const server = await startEmbeddedPostgres({
      dataDir,
      maxConnections: 10,
      log: () => {},
      choosePort: async () => ports.shift() ?? freePort(),
    });
    try {
      const url = new URL(server.url);
      expect(url.hostname).toBe('127.0.0.1');
      expect(url.port).not.toBe(String(takenPort));
      expect(await query(server.url, 'show fsync')).toEqual({ fsync: 'on' });
    } finally {
      await server.stop();
      taken.close();
    }
  }, 30_000);
});
