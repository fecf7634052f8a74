import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from './client';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openPglite(undefined);
});
afterAll(() => handle.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('QueryTurns on PGlite', () => {
  it('lets requests that arrive while one runs go before background work', async () => {
    const order: string[] = [];
    // A request's transaction that awaits between its statements.
    const first = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await pause(100);
      await tx.execute(sql`select 2`);
      order.push('first request');
    });
    const background = handle.turns.inBackground(async () => {
      await pause(10);
      await handle.turns.giveWay();
      await handle.db.execute(sql`select 3`);
      order.push('background');
    });
    // Arrives after the background work asked for its turn: without giving way, it would queue behind it.
    const second = (async () => {
      await pause(50);
      await handle.db.execute(sql`select 4`);
      order.push('second request');
    })();
    await Promise.all([first, background, second]);
    expect(order).toEqual(['first request', 'second request', 'background']);
  });

  it('takes its turn at once when no request is waiting, its own queries not counting', async () => {
    await handle.turns.inBackground(async () => {
      await handle.db.execute(sql`select 1`);
      const started = performance.now();
      await handle.turns.giveWay();
      expect(performance.now() - started).toBeLessThan(100);
    });
  });

  it('waits at most a second for requests that keep the database busy', async () => {
    const busy = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await pause(1500);
    });
    const started = performance.now();
    await handle.turns.inBackground(() => handle.turns.giveWay());
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThan(900);
    expect(waited).toBeLessThan(1400);
    await busy;
  });
});
