/**
 * The commands of docs/operations.md that the other tests do not run: `npm run backup` and
 * `npm run restore -- <file>` against an external PostgreSQL (DATABASE_URL), as an operator runs them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client';
import { createTestApp, createUser, type TestApp } from './test-app';
import { createPostgresDatabase } from './test-database';

const root = path.resolve(import.meta.dirname, '../..');

/** `npm run <script> [-- args]` in the repository, with `env` added. */
function npmRun(script: string, args: string[], env: Record<string, string>) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const count = async (url: string) => {
  const database = await openPostgres(url, 1);
  try {
    const result = (await database.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]?.n;
  } finally {
    await database.close();
  }
};

describe('npm run backup and npm run restore on DATABASE_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('backs the database up into BACKUP_DIR and restores it into an empty database', async () => {
    for (let index = 0; index < 3; index++) await createUser(t.app);
    const source = t.database.url as string;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-ops-backup-'));

    const backup = npmRun('backup', [], { DATABASE_URL: source, BACKUP_DIR: dir });
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup written: /);
    const [file] = fs.readdirSync(dir).filter((name) => name.endsWith('.relate.gz'));
    expect(file).toBeDefined();

    const target = await createPostgresDatabase();
    try {
      const restore = npmRun('restore', [path.join(dir, file as string)], { DATABASE_URL: target.url });
      expect(restore.status, restore.output).toBe(0);
      expect(restore.output).toMatch(/Restored /);
      expect(await count(target.url)).toBe(await count(source));
      // A second restore into the same database is refused: it is no longer empty.
      const again = npmRun('restore', [path.join(dir, file as string)], { DATABASE_URL: target.url });
      expect(again.status).toBe(1);
    } finally {
      await target.drop();
    }
  }, 240_000);
});
