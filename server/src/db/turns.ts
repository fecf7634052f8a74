import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/** The longest background work waits for requests' queries before it takes its next turn anyway. */
const MAX_WAIT_MS = 1000;

/**
 * Turns on PGlite's one connection (decision 0030). PGlite runs each statement on the event loop's
 * thread and queues the others behind it, first come, first served: an import that issues its next
 * statement as soon as the last one ends takes every other turn, so a list of three queries waits for
 * three import statements, and on a busy machine each of those is stretched many times over. Background
 * work (imports) therefore gives way: between two of its statements it waits until no query of a
 * request is in flight (at most a second), and a request's queries run one after another.
 */
export class QueryTurns {
  private readonly background = new AsyncLocalStorage<true>();
  private inFlight = 0;
  private waiting: (() => void)[] = [];

  /**
   * Counts the queries and transactions of `client` (PGlite) that are not background work. Without a
   * client (PostgreSQL, whose pool has other connections) giving way is only a turn of the event loop.
   */
  constructor(client?: PGlite) {
    if (!client) return;
    const counted = <F extends (...args: never[]) => Promise<unknown>>(method: F): F =>
      ((...args: Parameters<F>) => this.counted(() => method.apply(client, args))) as unknown as F;
    client.query = counted(client.query);
    client.exec = counted(client.exec);
    client.transaction = counted(client.transaction);
  }

  /** Runs a query of `client` outside its wrapped methods (named statements), counted like theirs. */
  async counted<T>(query: () => Promise<T>): Promise<T> {
    if (this.background.getStore()) return query();
    this.inFlight++;
    try {
      return await query();
    } finally {
      if (--this.inFlight === 0) this.wake();
    }
  }

  /** Runs `work` as background work: its own queries never make it wait. */
  inBackground<T>(work: () => Promise<T>): Promise<T> {
    return this.background.run(true, work);
  }

  /**
   * The pages of a long read (an export) as background work: before each page, a turn of the event loop
   * and the requests' queries first (giveWay), so that reading a user's 100,000 contacts never holds
   * the others for longer than one page.
   */
  async *paced<T>(pages: AsyncIterable<T>): AsyncGenerator<T> {
    const iterator = pages[Symbol.asyncIterator]();
    try {
      for (;;) {
        await this.giveWay();
        const page = await this.inBackground(() => iterator.next());
        if (page.done) return;
        yield page.value;
      }
    } finally {
      await iterator.return?.();
    }
  }

  /**
   * Between two statements of background work: a turn of the event loop (requests that arrived meanwhile
   * are read and start their queries), then until no request's query is in flight.
   */
  async giveWay(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.inFlight === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((waiter) => waiter !== done);
        resolve();
      }, MAX_WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(done);
    });
  }

  private wake() {
    const waiting = this.waiting;
    this.waiting = [];
    for (const done of waiting) done();
  }
}
