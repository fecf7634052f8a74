import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** The system user PostgreSQL runs as when Relate runs as root (PostgreSQL refuses to run as root). */
export const POSTGRES_SYSTEM_USER = 'relate-postgres';

/** Who runs PostgreSQL's binaries: Relate's own user, or, under root, an unprivileged system user. */
export interface RunAs {
  user?: { name: string; uid: number; gid: number };
}

export interface CommandResult {
  stdout: string;
  stderr: string;
}

/** Runs one of PostgreSQL's programs as `runAs`; rejects with its output when it fails. */
export async function runPostgresProgram(
  runAs: RunAs,
  program: string,
  args: string[],
  { timeoutMs = 120_000 } = {},
): Promise<CommandResult> {
  const [file, fileArgs] = runAs.user
    ? ['runuser', ['-u', runAs.user.name, '--', program, ...args]]
    : [program, args];
  // cwd '/': the unprivileged user may not be allowed into Relate's working directory.
  return exec(file, fileArgs, { cwd: '/', timeout: timeoutMs, env: { ...process.env, LC_ALL: 'C' } });
}

/** Relate's own user, or under root the system user, created if missing. */
export async function postgresRunAs(log: (line: string) => void): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const name = POSTGRES_SYSTEM_USER;
  if (!(await userExists(name))) {
    log(`Running as root: creating the system user ${name} to run PostgreSQL (it refuses to run as root)`);
    await exec('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      name,
    ]).catch(async (error) => {
      // Another process may have created it meanwhile.
      if (!(await userExists(name))) throw error;
    });
  }
  const [uid, gid] = await Promise.all([
    exec('id', ['-u', name]).then(({ stdout }) => Number(stdout.trim())),
    exec('id', ['-g', name]).then(({ stdout }) => Number(stdout.trim())),
  ]);
  return { user: { name, uid, gid } };
}

async function userExists(name: string): Promise<boolean> {
  try {
    await exec('id', ['-u', name]);
    return true;
  } catch {
    return false;
  }
}

/** Gives `runAs`'s user `target` (recursively) when it owns it not already. */
export async function handOver(runAs: RunAs, target: string): Promise<void> {
  const user = runAs.user;
  if (!user) return;
  const stat = fs.statSync(target);
  if (stat.uid === user.uid && stat.gid === user.gid) return;
  await exec('chown', ['-R', `${user.uid}:${user.gid}`, target]);
}

/**
 * PostgreSQL must reach its directory: under root, every directory above it that others may not pass
 * through (a 0700 DATA_DIR, /root) gets the execute bit for others — passing through, not listing.
 * Returns the directories changed.
 */
export function letThrough(runAs: RunAs, directory: string): string[] {
  const user = runAs.user;
  if (!user) return [];
  const changed: string[] = [];
  for (let dir = path.dirname(path.resolve(directory)); ; dir = path.dirname(dir)) {
    const stat = fs.statSync(dir);
    const passes =
      stat.mode & 0o001 ||
      (stat.uid === user.uid && stat.mode & 0o100) ||
      (stat.gid === user.gid && stat.mode & 0o010);
    if (!passes) {
      fs.chmodSync(dir, (stat.mode & 0o7777) | 0o001);
      changed.push(dir);
    }
    if (dir === path.dirname(dir)) break;
  }
  return changed;
}
