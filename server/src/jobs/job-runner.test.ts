import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectAgain, createTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/client';
import { backoffDelay, JobRunner, RetryLater } from './job-runner';
import { JobsRepository } from './jobs.repository';

let database: DatabaseHandle;
let now: Date;
const clock = () => now;
const minutes = (n: number) => n * 60_000;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const newRunner = (handle: DatabaseHandle = database) => new JobRunner(new JobsRepository(handle.db), clock);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  now = new Date('2026-11-23T10:00:00Z');
  await database.db.execute(sql`delete from jobs`);
});

describe('JobRunner', () => {
  it('runs a queued job once, with its payload, and forgets it when done', async () => {
    const runner = newRunner();
    const seen: unknown[] = [];
    runner.define<{ to: string }>('mail', async (payload, job) => {
      seen.push({ payload, attempts: job.attempts });
    });
    await runner.enqueue('mail', { to: 'grace@example.com' });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([{ payload: { to: 'grace@example.com' }, attempts: 1 }]);
    expect(await runner.list('mail')).toEqual([]);
  });

  it('waits until runAt', async () => {
    const runner = newRunner();
    let runs = 0;
    runner.define('reminder', async () => {
      runs++;
    });
    await runner.enqueue('reminder', {}, { runAt: new Date(now.getTime() + minutes(10)) });
    expect(await runner.runDue()).toBe(0);
    advance(minutes(10));
    expect(await runner.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it('keeps one pending job per key', async () => {
    const runner = newRunner();
    const seen: number[] = [];
    runner.define<{ n: number }>('sync', async ({ n }) => {
      seen.push(n);
    });
    await runner.enqueue('sync', { n: 1 }, { key: 'user:7' });
    await runner.enqueue('sync', { n: 2 }, { key: 'user:7' });
    await runner.enqueue('sync', { n: 3 }, { key: 'user:8' });
    await runner.runDue();
    expect(seen.sort()).toEqual([1, 3]);
    await runner.enqueue('sync', { n: 4 }, { key: 'user:7' });
    await runner.runDue();
    expect(seen).toContain(4);
  });

  it('a keyed job asked for again while it runs runs once more after it', async () => {
    const runner = newRunner();
    let runs = 0;
    runner.define('push', async () => {
      runs++;
      // An edit lands while the push is sending what it read.
      if (runs === 1) await runner.enqueue('push', {}, { key: 'user:7' });
    });
    await runner.enqueue('push', {}, { key: 'user:7' });
    await runner.runDue();
    expect(runs).toBe(1);
    expect(await runner.list('push')).toEqual([expect.objectContaining({ attempts: 0, status: 'pending' })]);
    await runner.runDue();
    expect(runs).toBe(2);
    expect(await runner.list('push')).toEqual([]);
  });

  it('a keyed job waiting out a retry runs no later than one asked for now', async () => {
    const runner = newRunner();
    let fail = true;
    runner.define('push', async () => {
      if (fail) throw new RetryLater(minutes(5));
    });
    await runner.enqueue('push', {}, { key: 'user:7' });
    await runner.runDue();
    fail = false;
    expect((await runner.list('push'))[0].runAt).toEqual(new Date(now.getTime() + minutes(5)));
    await runner.enqueue('push', {}, { key: 'user:7' });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.list('push')).toEqual([]);
  });

  it('enqueued inside a transaction that rolls back, the job does not exist', async () => {
    const runner = newRunner();
    runner.define('mail', async () => {});
    await expect(
      database.db.transaction(async (tx) => {
        await runner.enqueue('mail', {}, { tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await runner.list('mail')).toEqual([]);
  });

  it('retries a failing job with growing delays and gives up after maxAttempts', async () => {
    const runner = newRunner();
    let runs = 0;
    runner.define(
      'flaky',
      async () => {
        runs++;
        throw new Error(`boom ${runs}`);
      },
      { maxAttempts: 3 },
    );
    await runner.enqueue('flaky', {});
    expect(await runner.runDue()).toBe(1);
    const [afterFirst] = await runner.list('flaky');
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1, lastError: 'boom 1' });
    const firstDelay = afterFirst.runAt.getTime() - now.getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(2_500);
    expect(firstDelay).toBeLessThanOrEqual(5_000);
    expect(await runner.runDue()).toBe(0); // not yet due

    advance(minutes(1));
    await runner.runDue();
    advance(minutes(1));
    await runner.runDue();
    expect(runs).toBe(3);
    expect(await runner.list('flaky')).toMatchObject([
      { status: 'failed', attempts: 3, lastError: 'boom 3' },
    ]);
    advance(minutes(60));
    expect(await runner.runDue()).toBe(0);
  });

  it('RetryLater runs the job again after the delay it names', async () => {
    const runner = newRunner();
    let runs = 0;
    runner.define('telegram', async () => {
      runs++;
      if (runs === 1) throw new RetryLater(30_000, 'retry_after 30');
    });
    await runner.enqueue('telegram', {});
    await runner.runDue();
    const [job] = await runner.list('telegram');
    expect(job.runAt.getTime() - now.getTime()).toBe(30_000);
    advance(29_000);
    expect(await runner.runDue()).toBe(0);
    advance(1_000);
    expect(await runner.runDue()).toBe(1);
    expect(runs).toBe(2);
  });

  it('a recurring job runs every interval, also after a failure', async () => {
    const runner = newRunner();
    let runs = 0;
    runner.define('maintenance', async () => {
      runs++;
      if (runs === 2) throw new Error('disk busy');
    });
    runner.every('maintenance', minutes(15));
    await runner.ensureSchedules();
    await runner.ensureSchedules(); // a second process starting: still one schedule
    expect(await runner.list('maintenance')).toHaveLength(1);
    expect(await runner.runDue()).toBe(0);
    for (let i = 0; i < 3; i++) {
      advance(minutes(15));
      expect(await runner.runDue()).toBe(1);
    }
    expect(runs).toBe(3);
    expect(await runner.list('maintenance')).toMatchObject([{ status: 'pending', lastError: null }]);
  });

  it('a recurring job may start at a chosen time, then runs every interval', async () => {
    const runner = newRunner();
    let runs = 0;
    runner.define('nightly', async () => {
      runs++;
    });
    runner.every('nightly', minutes(60 * 24), { firstRunAt: (at) => new Date(at.getTime() + minutes(90)) });
    await runner.ensureSchedules();
    advance(minutes(89));
    expect(await runner.runDue()).toBe(0);
    advance(minutes(1));
    expect(await runner.runDue()).toBe(1);
    advance(minutes(60 * 24));
    expect(await runner.runDue()).toBe(1);
    expect(runs).toBe(2);
  });

  it('a job whose process died is taken over once its lease expires', async () => {
    const runner = newRunner();
    let runs = 0;
    runner.define('sync', async () => {
      runs++;
    });
    await runner.enqueue('sync', {});
    // Another process claimed it and was killed: the row stays locked until the lease ends.
    await new JobsRepository(database.db).claimDue(['sync'], now, new Date(now.getTime() + minutes(5)), 10);
    expect(await runner.runDue()).toBe(0);
    advance(minutes(5));
    expect(await runner.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it('runs every pending job of a kind at once, whatever its runAt', async () => {
    const runner = newRunner();
    const ran: unknown[] = [];
    runner.define<{ id: number }>('later', async ({ id }) => {
      ran.push(id);
    });
    const later = new Date(now.getTime() + minutes(60 * 24));
    await runner.enqueue('later', { id: 1 }, { key: 'a', runAt: later });
    expect(await runner.runDue()).toBe(0);
    expect(await runner.runAllNow('later')).toBe(1);
    expect(ran).toEqual([1]);
    expect(await runner.list('later')).toEqual([]);
    expect(await runner.runAllNow('later')).toBe(0);
  });

  it('never claims kinds this process does not know', async () => {
    const older = newRunner();
    older.define('known', async () => {});
    const newer = newRunner();
    newer.define('known', async () => {});
    newer.define('brand-new', async () => {});
    await newer.enqueue('brand-new', {});
    expect(await older.runDue()).toBe(0);
    expect(await newer.runDue()).toBe(1);
  });

  it('two runners polling the same database run each job exactly once', async () => {
    const second = await connectAgain(database);
    try {
      const counts = new Map<number, number>();
      const handler = async ({ n }: { n: number }) => {
        counts.set(n, (counts.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
      };
      const a = newRunner();
      const b = newRunner(second);
      a.define('work', handler);
      b.define('work', handler);
      for (let n = 0; n < 40; n++) await a.enqueue('work', { n });
      let ran = 0;
      while (true) {
        const [x, y] = await Promise.all([a.runDue(5), b.runDue(5)]);
        if (x + y === 0) break;
        ran += x + y;
      }
      expect(ran).toBe(40);
      expect([...counts.values()].every((count) => count === 1)).toBe(true);
      expect(counts.size).toBe(40);
    } finally {
      if (second !== database) await second.close();
    }
  });

  it('start() polls until stop()', async () => {
    const runner = newRunner();
    let resolveRan: () => void;
    const ran = new Promise<void>((resolve) => {
      resolveRan = resolve;
    });
    runner.define('ping', async () => resolveRan());
    await runner.enqueue('ping', {});
    runner.start({ pollMs: 20 });
    await ran;
    await runner.stop();
    expect(await runner.list('ping')).toEqual([]);
  });
});

describe('backoffDelay', () => {
  it('doubles from 5 s with jitter between half and all, capped at an hour', () => {
    expect(backoffDelay(1, () => 0)).toBe(2_500);
    expect(backoffDelay(1, () => 1)).toBe(5_000);
    expect(backoffDelay(3, () => 1)).toBe(20_000);
    expect(backoffDelay(30, () => 1)).toBe(3_600_000);
  });
});
