import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/test-app';
import { createPostgresDatabase } from '../../test/test-database';
import { nextBackupTime } from '../jobs/backup-schedule';
import {
  type BackupHeader,
  backupDatabase,
  listBackups,
  pruneBackups,
  RestoreRefusedError,
  restoreDatabase,
} from './backup';
import { openPostgres } from './client';

describe('backup and restore', () => {
  let source: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  let dir: string;
  const dropLater: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    source = await createPostgresDatabase(inject('postgresTemplate'));
    t = await createTestApp({ database: await openPostgres(source.url, 5) });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-backup-'));
    await fill(t);
  });
  afterAll(async () => {
    await t?.close();
    await t?.database.close();
    await source?.drop();
    for (const drop of dropLater) await drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('round-trips every table, row by row, into a fresh empty database', async () => {
    const backup = await backupDatabase(source.url, dir);
    expect(backup.name).toMatch(/^relate-backup-.+\.relate\.gz$/);
    const header = readHeader(backup.path);
    expect(header).toMatchObject({ format: 'relate-backup', format_version: 1, relate_version: '0.1.0' });
    expect(header.migration.tag).toMatch(/^\d{4}_/);
    expect(header.tables.find((table) => table.name === 'contacts')?.rows).toBeGreaterThanOrEqual(3);

    const target = await createPostgresDatabase();
    dropLater.push(target.drop);
    await restoreDatabase(target.url, backup.path);
    const before = await checksums(source.url);
    const after = await checksums(target.url);
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(after).toEqual(before);

    // The restored database works: new rows take fresh ids after the restored ones.
    const restored = await createTestApp({ database: await openPostgres(target.url, 2) });
    try {
      const next = await createUser(restored.app);
      expect(next.id).toBeGreaterThan(Math.max(...(await idsOf(source.url, 'users'))));
    } finally {
      await restored.close();
      await restored.database.close();
    }
  });

  it('takes a consistent snapshot while the app writes', async () => {
    const writer = await createUser(t.app);
    const contacts = async () => (await idsOf(source.url, 'contacts')).length;
    const before = await contacts();
    const writes = (async () => {
      for (let index = 0; index < 40; index++)
        await t.as(writer).post('/api/people', { first_name: `Meanwhile ${index}` });
    })();
    // backupDatabase itself checks that each table's streamed rows equal its count in the same snapshot.
    const backup = await backupDatabase(source.url, dir, new Date(Date.now() + 500));
    await writes;
    const inBackup = backup.header.tables.find((table) => table.name === 'contacts')?.rows ?? -1;
    expect(inBackup).toBeGreaterThanOrEqual(before);
    expect(inBackup).toBeLessThanOrEqual(before + 40);
    fs.rmSync(backup.path);
  });

  it('refuses a database that holds rows, and writes nothing into it', async () => {
    const backup = await backupDatabase(source.url, dir, new Date(Date.now() + 1000));
    const target = await createPostgresDatabase();
    dropLater.push(target.drop);
    const other = await createTestApp({ database: await openPostgres(target.url, 2) });
    await createUser(other.app);
    await other.close();
    await other.database.close();
    const before = await checksums(target.url);
    const refused = restoreDatabase(target.url, backup.path);
    await expect(refused).rejects.toThrow(RestoreRefusedError);
    await expect(refused).rejects.toThrow(/not empty \(rows in .*users/);
    expect(await checksums(target.url)).toEqual(before);

    // A file cut short, into an empty database: refused, and the database stays empty.
    const cut = path.join(dir, 'cut.relate.gz');
    const whole = fs.readFileSync(backup.path);
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
    const empty = await createPostgresDatabase();
    dropLater.push(empty.drop);
    await expect(restoreDatabase(empty.url, cut)).rejects.toThrow(/damaged or cut short|cut short/);
    expect(Object.values(await checksums(empty.url)).every((sum) => sum.startsWith('0 '))).toBe(true);
  });

  it('takes the daily backup as a recurring job where BACKUP_DIR is set, keeping BACKUP_KEEP', async () => {
    const daily = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-daily-'));
    const scheduled = await createTestApp({
      database: t.database,
      env: { DATABASE_URL: source.url, BACKUP_DIR: daily, BACKUP_KEEP: '2' },
    });
    try {
      for (let run = 0; run < 3; run++)
        expect(await scheduled.app.services.jobs.runAllNow('nightly-backup')).toBe(1);
      const kept = listBackups(daily);
      expect(kept).toHaveLength(2);
      expect(readHeader(kept[1].path).tables.find((table) => table.name === 'users')?.rows).toBe(
        (await idsOf(source.url, 'users')).length,
      );
      expect(fs.statSync(kept[1].path).mode & 0o777).toBe(0o600);
    } finally {
      await scheduled.close();
      fs.rmSync(daily, { recursive: true, force: true });
    }
  });

  it('keeps the newest N backups', () => {
    const keep = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-keep-'));
    for (const day of [1, 2, 3, 4, 5])
      fs.writeFileSync(path.join(keep, `relate-backup-2026-11-0${day}T03-00-00.000Z.relate.gz`), '');
    fs.writeFileSync(path.join(keep, 'notes.txt'), '');
    expect(pruneBackups(keep, 3)).toEqual([
      'relate-backup-2026-11-01T03-00-00.000Z.relate.gz',
      'relate-backup-2026-11-02T03-00-00.000Z.relate.gz',
    ]);
    expect(listBackups(keep).map((backup) => backup.name.slice(14, 24))).toEqual([
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
    ]);
    expect(fs.existsSync(path.join(keep, 'notes.txt'))).toBe(true);
    fs.rmSync(keep, { recursive: true });
  });
});

function readHeader(file: string): BackupHeader {
  const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
  return JSON.parse(text.slice(0, text.indexOf('\n')));
}

/** Each public table's row count and the md5 of its rows in a stable order. */
async function checksums(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`,
    );
    const sums: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ rows: string; md5: string }>(
        `select count(*) as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${pg.escapeIdentifier(name)} t`,
      );
      sums[name] = `${rows[0].rows} ${rows[0].md5}`;
    }
    return sums;
  } finally {
    await client.end();
  }
}

async function idsOf(url: string, table: 'users' | 'contacts'): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ id: number }>(`select id from ${table}`);
  await client.end();
  return rows.map((row) => row.id);
}

/** Two grouped users with contacts (custom fields), companies, tasks and a recurring event with an override. */
async function fill(t: TestApp): Promise<void> {
  const admin = await createUser(t.app, { fullName: 'Ada Admin' });
  const member = await createUser(t.app, { fullName: 'Grace Member' });
  const ok = async (response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer.json() as Record<string, never>;
  };
  const invitation = (await ok(t.as(admin).post('/api/user-group', { email: member.email, name: 'Grace' })))
    .data as unknown as { id: number };
  await ok(
    t
      .as(member)
      .post('/api/user-group/approve-invitation', { invitation_id: invitation.id, display_name: 'Ada' }),
  );
  for (const [who, index] of [
    [admin, 1],
    [admin, 2],
    [member, 3],
  ] as [TestUser, number][]) {
    await ok(
      t.as(who).post('/api/people', {
        first_name: `Person ${index}`,
        last_name: 'Backup',
        email: `person${index}@example.com`,
        custom_fields: { Team: `Team ${index}`, Note: 'tab\there, newline\nthere, back\\slash' },
      }),
    );
  }
  await ok(t.as(admin).post('/api/companies', { record: 'Acme', connection_strength: 'strong' }));
  await ok(t.as(member).post('/api/companies', { record: 'Globex' }));
  await ok(
    t
      .as(admin)
      .post('/api/tasks', { title: 'Call Grace', project: 'Ops', due_date: '2026-11-23T15:00:00.000Z' }),
  );
  await ok(t.as(member).post('/api/tasks', { title: 'Write report', project: 'Ops' }));
  const series = (
    await ok(
      t.as(admin).post('/api/events', {
        title: 'Standup',
        start_datetime: '2026-12-01T09:00:00Z',
        end_datetime: '2026-12-01T09:15:00Z',
        repeat_pattern: 'daily',
        participants: [{ name: 'Grace', email: member.email }],
      }),
    )
  ).event as unknown as { id: number };
  await ok(
    t.as(admin).put(`/api/events/${series.id}`, {
      scope: 'this',
      occurrence_start: '2026-12-03T09:00:00Z',
      start_datetime: '2026-12-03T11:00:00Z',
      end_datetime: '2026-12-03T11:15:00Z',
    }),
  );
}

describe('nextBackupTime', () => {
  it('is the next 03:00 in local time', () => {
    const at = (text: string) => new Date(text);
    expect(nextBackupTime(at('2026-11-27T19:00:00')).getTime()).toBe(at('2026-11-28T03:00:00').getTime());
    expect(nextBackupTime(at('2026-11-28T02:59:00')).getTime()).toBe(at('2026-11-28T03:00:00').getTime());
    expect(nextBackupTime(at('2026-11-28T03:00:00')).getTime()).toBe(at('2026-11-29T03:00:00').getTime());
  });
});
