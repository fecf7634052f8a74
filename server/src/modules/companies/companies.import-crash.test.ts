import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';
import { CompaniesRepository } from './companies.repository';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const COMPANIES = 180;
const csv = [
  'Name,Connection strength',
  ...Array.from({ length: COMPANIES }, (_, index) => `Crash Test Company ${index},Good`),
].join('\n');

const names = async (app: TestApp, userId: number) => {
  const result = (await app.database.db.execute(
    sql`select record as name from companies where user_id = ${userId} order by record`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
};

/** The `call`th insert statement of an import fails with `message` (the ones before it are written). */
function failInsert(call: number, message: string) {
  const insertPrepared = CompaniesRepository.prototype.insertPrepared;
  let inserts = 0;
  vi.spyOn(CompaniesRepository.prototype, 'insertPrepared').mockImplementation(function (
    this: CompaniesRepository,
    ...args
  ) {
    if (++inserts === call) return Promise.reject(new Error(message));
    return insertPrepared.apply(this, args);
  });
}

describe('a company CSV import cut off by a crash', () => {
  it('leaves no company after the restart, and importing the file again adds each once', async () => {
    const { id } = await createUser(t.app);
    // The process "dies" while writing: the write fails, and so does the clean-up a live process would do.
    failInsert(1, 'killed');
    vi.spyOn(CompaniesRepository.prototype, 'deleteMany').mockRejectedValue(new Error('killed'));
    await expect(t.app.services.companies.importCsv(id, csv)).rejects.toThrow('killed');
    vi.restoreAllMocks();

    // The import is one transaction: nothing is left.
    expect(await names(t, id)).toHaveLength(0);

    // The restart: a new process on the same database.
    const restarted = await createTestApp({ database: t.database });
    try {
      expect(await names(restarted, id)).toHaveLength(0);
      expect(await restarted.app.services.jobs.list('companies.import.undo')).toHaveLength(0);
      expect(await restarted.app.services.companies.importCsv(id, csv)).toMatchObject({
        imported: COMPANIES,
      });
      const imported = await names(restarted, id);
      expect(imported).toHaveLength(COMPANIES);
      expect(new Set(imported).size).toBe(COMPANIES);
      expect(await restarted.app.services.jobs.list('companies.import.undo')).toHaveLength(0);
    } finally {
      await restarted.app.close();
    }
  });

  it('an import that fails while the process lives deletes what it wrote and leaves no undo job', async () => {
    const { id } = await createUser(t.app);
    failInsert(1, 'disk full');
    await expect(t.app.services.companies.importCsv(id, csv)).rejects.toThrow('disk full');
    vi.restoreAllMocks();
    expect(await names(t, id)).toHaveLength(0);
    expect(await t.app.services.jobs.list('companies.import.undo')).toHaveLength(0);
  });
});
