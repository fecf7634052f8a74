/**
 * A DATA_DIR written by the PGlite default of earlier versions is copied into PostgreSQL on the first
 * start (issue 32). Runs in the PostgreSQL project only: the target is a real PostgreSQL database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../test/pglite-database';
import { createTestApp, createUser, type TestUser } from '../../test/test-app';
import { createPostgresDatabase } from '../../test/test-database';
import { openPostgres } from './client';
import { holdsPgliteCluster, PgliteUpgradeError, upgradeFromPglite } from './pglite-upgrade';
import { googleAccounts, googleContactLinks } from './schema';
import { publicTables, type Query, quoteName, RENDERING_SETTINGS } from './table-checksums';

const now = new Date('2026-11-27T10:00:00Z');
let dataDir: string;
const drops: (() => Promise<void>)[] = [];

/** Users, contacts with custom fields, companies, projects and tasks, a series with an override and an
 * exception, a group, a Google account and link, jobs: written through today's services on PGlite. */
async function writeTodaysData(pgliteDir: string): Promise<{ deletedContactId: number }> {
  const database = await openPglite(pgliteDir);
  const t = await createTestApp({ database, clock: () => now });
  try {
    const ann = await createUser(t.app, { fullName: 'Ann "the admin"' });
    const ben = await createUser(t.app, { fullName: 'Ben\tTab' });
    const as = (who: TestUser) => t.as(who);
    await as(ann).post('/api/custom-fields', { name: 'Team' });
    const contactIds: number[] = [];
    for (let index = 0; index < 30; index++) {
      const response = await as(ann).post('/api/people', {
        first_name: `Person ${index}`,
        last_name: index % 2 ? "O'Brien" : 'Back\\slash\nnewline',
        organization: `Company ${index % 4}`,
        custom_fields: { Team: index % 3 ? 'Red' : 'Blue ✓' },
      });
      expect(response.statusCode, response.body).toBe(201);
      contactIds.push(response.json().id);
    }
    const deletedContactId = contactIds[contactIds.length - 1];
    expect((await as(ann).delete(`/api/people/${deletedContactId}`)).statusCode).toBeLessThan(300);
    expect((await as(ann).post('/api/companies', { record: 'Acme Robotics' })).statusCode).toBe(201);
    await as(ann).post('/api/projects', { name: 'Alpha' });
    await as(ann).post('/api/tasks', {
      title: 'Call Grace',
      project: 'Alpha',
      due_date: '2026-12-01T15:00:00Z',
    });
    const series = await as(ann).post('/api/events', {
      title: 'Stand-up',
      start_datetime: '2026-12-07T09:00:00Z',
      end_datetime: '2026-12-07T09:30:00Z',
      timezone: 'Europe/Berlin',
      repeat_pattern: 'weekly',
      repeat_days: [1],
    });
    expect(series.statusCode, series.body).toBe(201);
    const seriesId = series.json().event.id;
    const override = await as(ann).put(`/api/events/${seriesId}`, {
      scope: 'this',
      occurrence_start: '2026-12-14T09:00:00Z',
      title: 'Stand-up (moved)',
      start_datetime: '2026-12-15T10:00:00Z',
      end_datetime: '2026-12-15T10:30:00Z',
    });
    expect(override.statusCode, override.body).toBe(200);
    await as(ann).delete(`/api/events/${seriesId}?scope=this&occurrence_start=2026-12-21T09:00:00Z`);
    const invitation = (await as(ann).post('/api/user-group', { email: ben.email, name: 'Ben' })).json();
    await as(ben).post('/api/user-group/approve-invitation', {
      invitation_id: invitation.data.id,
      display_name: 'Ann',
    });
    await database.db.insert(googleAccounts).values({
      userId: ann.id,
      googleSubject: 'sub-1',
      googleEmail: 'ann@gmail.example',
      refreshTokenEncrypted: 'v1:abc',
      scopes: 'openid email',
      contactsSyncedAt: new Date('2026-11-20T08:00:00.123456Z'),
    });
    await database.db.insert(googleContactLinks).values({
      userId: ann.id,
      resourceName: 'people/c1',
      contactId: contactIds[0],
      etag: '%EgU=',
      synced: { names: 'Person 0', emails: null },
    });
    await t.app.services.jobs.enqueue('contact-counts', { reason: 'test' }, { key: 'upgrade' });
    return { deletedContactId };
  } finally {
    await t.close();
    await database.close();
  }
}

/** Every table's rows (generated columns too) as sorted JSON text, rendered alike on both sides. */
async function everyRow(query: Query): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of await publicTables(query)) {
    const found = await query<{ row: string }>(
      `select row_to_json(r)::text as row from ${quoteName(table.name)} r`,
    );
    rows[table.name] = found.map(({ row }) => row).sort();
  }
  return rows;
}

async function rowsOfPglite(directory: string) {
  const pglite = await PGlite.create(directory, { extensions: { pg_trgm } });
  try {
    for (const [name, value] of Object.entries(RENDERING_SETTINGS))
      await pglite.query('select set_config($1, $2, false)', [name, value]);
    return await everyRow(async (text) => (await pglite.query(text)).rows as never);
  } finally {
    await pglite.close();
  }
}

async function withPostgres<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const [name, value] of Object.entries(RENDERING_SETTINGS))
      await client.query('select set_config($1, $2, false)', [name, value]);
    return await work(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

async function freshTarget(): Promise<string> {
  const { url, drop } = await createPostgresDatabase(inject('postgresTemplate'));
  drops.push(drop);
  return url;
}

const lines: string[] = [];
const upgrade = (targetUrl: string) =>
  upgradeFromPglite({ dataDir, targetUrl, log: (line) => lines.push(line), now });

describe('upgrading a PGlite DATA_DIR to PostgreSQL', () => {
  let deletedContactId: number;
  let before: Record<string, string[]>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-pglite-upgrade-'));
    fs.writeFileSync(path.join(dataDir, 'relate.lock'), '1');
    ({ deletedContactId } = await writeTodaysData(path.join(dataDir, 'pgdata')));
    before = await rowsOfPglite(path.join(dataDir, 'pgdata'));
  });

  afterAll(async () => {
    for (const drop of drops) await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('does nothing for a DATA_DIR without PGlite', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-no-pglite-'));
    expect(holdsPgliteCluster(empty)).toBe(false);
    await expect(
      upgradeFromPglite({ dataDir: empty, targetUrl: 'postgres://unused', log: () => {} }),
    ).resolves.toBe(undefined);
    fs.rmSync(empty, { recursive: true });
  });

  it('refuses a PostgreSQL database that already holds a user: nothing copied, nothing moved', async () => {
    const target = await freshTarget();
    await withPostgres(target, (query) => query(`insert into users (email) values ('someone@example.com')`));
    const refused = upgrade(target);
    await expect(refused).rejects.toBeInstanceOf(PgliteUpgradeError);
    await expect(refused).rejects.toThrow(/already holds rows \(in users\).*PGlite files are untouched/);
    expect(holdsPgliteCluster(dataDir)).toBe(true);
    const after = await withPostgres(target, everyRow);
    expect(
      Object.entries(after)
        .filter(([, rows]) => rows.length > 0)
        .map(([table]) => table),
    ).toEqual(['users']);
  });

  it('rolls back when a table copied differs from PGlite', async () => {
    const target = await freshTarget();
    // A trigger that fires even while the copy turns triggers off, and changes what it writes.
    await withPostgres(target, async (query) => {
      await query(`create function tamper() returns trigger language plpgsql as $$
        begin new.notes := 'changed'; return new; end $$`);
      await query('create trigger tamper before insert on contacts for each row execute function tamper()');
      await query('alter table contacts enable always trigger tamper');
    });
    await expect(upgrade(target)).rejects.toThrow(/contacts: as many rows \(29\) but not the same ones/);
    expect(holdsPgliteCluster(dataDir)).toBe(true);
    const after = await withPostgres(target, everyRow);
    expect(Object.values(after).flat()).toEqual([]);
  });

  it('copies every row, keeps the sequences going, and moves the PGlite files aside', async () => {
    const target = await freshTarget();
    const report = await upgrade(target);
    const backupDir = path.join(dataDir, 'pglite-backup-2026-11-27');
    expect(report).toMatchObject({ backupDir, alreadyCopied: false });
    expect(lines.at(-1)).toMatch(
      /^Copied the PGlite database into PostgreSQL: \d+ tables, [\d,]+ rows in [\d.]+ s; the old files are in .*pglite-backup-2026-11-27$/,
    );
    expect(holdsPgliteCluster(dataDir)).toBe(false);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pglite-backup-2026-11-27', 'relate.lock']);

    const after = await withPostgres(target, everyRow);
    expect(after).toEqual(before);
    const filled = ['users', 'contacts', 'companies', 'projects', 'tasks', 'events', 'group_members'];
    for (const table of [...filled, 'google_accounts', 'google_contact_links', 'jobs', 'contact_counts'])
      expect(after[table]?.length, table).toBeGreaterThan(0);
    expect(after.events.some((row) => JSON.parse(row).series_id !== null)).toBe(true);
    expect(report?.rows).toBe(Object.values(after).flat().length);

    const database = await openPostgres(target, 2);
    const t = await createTestApp({ database });
    try {
      const carl = await createUser(t.app);
      const created = await t.as(carl).post('/api/people', { first_name: 'After the upgrade' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().id).toBeGreaterThan(deletedContactId);
    } finally {
      await t.close();
      await database.close();
    }
  });

  it('a copy that committed before the files moved is recognized on the next start', async () => {
    const target = await freshTarget();
    fs.renameSync(path.join(dataDir, 'pglite-backup-2026-11-27'), path.join(dataDir, 'pgdata'));
    await upgrade(target);
    fs.renameSync(path.join(dataDir, 'pglite-backup-2026-11-27'), path.join(dataDir, 'pgdata'));
    const report = await upgrade(target);
    expect(report).toMatchObject({ alreadyCopied: true });
    expect(lines.at(-1)).toMatch(
      /^PostgreSQL already held the PGlite database: .*\/pglite-backup-2026-11-27$/,
    );
    expect(holdsPgliteCluster(dataDir)).toBe(false);
  });
});
