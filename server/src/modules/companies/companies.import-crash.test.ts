import { ListCompaniesQuerySchema } from '@relate/contracts';
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

const COMPANIES = 2500;
const LIST = ListCompaniesQuerySchema.parse({});
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

/** The import's COPY fails with `message` after its first batch has gone to the database. */
function failCopy(message: string) {
  const copyImported = CompaniesRepository.prototype.copyImported;
  vi.spyOn(CompaniesRepository.prototype, 'copyImported').mockImplementation(function (
    this: CompaniesRepository,
    batches,
    db,
  ) {
    const failing = async function* () {
      let sent = 0;
      for await (const batch of batches) {
        if (sent++ === 1) throw new Error(message);
        yield batch;
      }
    };
    return copyImported.call(this, failing(), db);
  });
}

/** The import's COPY waits, its first batch sent, until `release` is called (its transaction open). */
function holdCopy() {
  const copyImported = CompaniesRepository.prototype.copyImported;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reached = () => {};
  const waiting = new Promise<void>((resolve) => {
    reached = resolve;
  });
  vi.spyOn(CompaniesRepository.prototype, 'copyImported').mockImplementation(function (
    this: CompaniesRepository,
    batches,
    db,
  ) {
    const held = async function* () {
      let sent = 0;
      for await (const batch of batches) {
        if (sent++ === 1) {
          reached();
          await released;
        }
        yield batch;
      }
    };
    return copyImported.call(this, held(), db);
  });
  return { waiting, release };
}

describe('a company CSV import (one transaction, one COPY)', () => {
  it('shows none of its companies while it runs, then all of them at once', async () => {
    const { id } = await createUser(t.app);
    const held = holdCopy();
    const importing = t.app.services.companies.importCsv(id, csv);
    await held.waiting;
    expect(await names(t, id)).toHaveLength(0);
    expect((await t.app.services.companies.list(id, LIST)).total).toBe(0);
    held.release();
    expect(await importing).toMatchObject({ imported: COMPANIES });
    expect(await names(t, id)).toHaveLength(COMPANIES);
    expect((await t.app.services.companies.list(id, LIST)).total).toBe(COMPANIES);
  });

  it('cut off half-way leaves no company, also after a restart, and importing the file again adds each once', async () => {
    const { id } = await createUser(t.app);
    failCopy('killed');
    await expect(t.app.services.companies.importCsv(id, csv)).rejects.toThrow('killed');
    vi.restoreAllMocks();
    expect(await names(t, id)).toHaveLength(0);

    // The restart: a new process on the same database.
    const restarted = await createTestApp({ database: t.database });
    try {
      expect(await names(restarted, id)).toHaveLength(0);
      expect(await restarted.app.services.companies.importCsv(id, csv)).toMatchObject({
        imported: COMPANIES,
      });
      const imported = await names(restarted, id);
      expect(imported).toHaveLength(COMPANIES);
      expect(new Set(imported).size).toBe(COMPANIES);
      expect((await restarted.app.services.companies.list(id, LIST)).total).toBe(COMPANIES);
    } finally {
      await restarted.app.close();
    }
  });
});
