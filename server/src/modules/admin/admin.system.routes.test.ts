import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SystemInfoSchema } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-system-'));

beforeAll(async () => {
  t = await createTestApp({ env: { BACKUP_DIR: backups } });
  admin = await createUser(t.app, { fullName: 'Admin' }); // first account: administrator
  member = await createUser(t.app, { fullName: 'Member' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(backups, { recursive: true, force: true });
});

describe('GET /api/admin/system', () => {
  it("answers an administrator with Relate's version, the database's facts and the last backup", async () => {
    fs.writeFileSync(path.join(backups, 'relate-backup-2026-11-01T03-00-00.000Z.relate.gz'), 'x'.repeat(10));
    fs.writeFileSync(path.join(backups, 'relate-backup-2026-11-02T03-00-00.000Z.relate.gz'), 'x'.repeat(42));
    const response = await t.as(admin).get('/api/admin/system');
    expect(response.statusCode, response.body).toBe(200);
    const info = SystemInfoSchema.parse(response.json());
    expect(info.relate_version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.database.engine).toBe('PostgreSQL');
    expect(info.database.version).toMatch(/^\d+/);
    expect(info.database.fsync).toMatch(/^(on|off)$/);
    expect(info.database.synchronous_commit).toBeTruthy();
    expect(info.database.size_bytes).toBeGreaterThan(1_000_000);
    expect(info.database.connections).toBeGreaterThanOrEqual(1);
    expect(info.backups).toMatchObject({
      directory: backups,
      last: { name: 'relate-backup-2026-11-02T03-00-00.000Z.relate.gz', size_bytes: 42 },
    });
  });

  it('names an external server by host, port and database, never its user or password', async () => {
    const external = await createTestApp({
      database: t.database,
      env: { DATABASE_URL: 'postgres://relate_user:s3cret-pass@db.example.com:6543/relate_prod' },
    });
    // The same database and signing secret: the administrator's token holds here too.
    const answer = await external.as(admin).get('/api/admin/system');
    await external.close();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().database).toMatchObject({
      embedded: false,
      data_directory: null,
      host: 'db.example.com',
      port: 6543,
      name: 'relate_prod',
    });
    expect(answer.body).not.toMatch(/s3cret|relate_user/);
  });

  it('is for administrators: 403 for a member, 401 signed out', async () => {
    const forbidden = await t.as(member).get('/api/admin/system');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await t.as().get('/api/admin/system')).statusCode).toBe(401);
  });
});
