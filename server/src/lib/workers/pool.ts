import os from 'node:os';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import Tinypool from 'tinypool';
import { AppError } from '../errors';
import type { ItemPortReply } from './item-port';
import type { Outcome, Task, TaskMessage, TaskTable } from './tasks';

/**
 * CPU-heavy parsing and generation (an .ics file's events, a CSV upload's header analysis, a calendar
 * export) runs in worker threads, so one user's 10 MB file cannot hold the event loop that answers
 * everyone else (issue 19; decision 0025 chose tinypool). The pool runs the tasks of the worker entry at
 * `entry` (server/src/heavy-work.ts, which registers each feature's `<feature>.tasks.ts`); `Tasks` is
 * their table, as a type only. Their arguments and results cross by structured clone (Dates included).
 *
 * Run from TypeScript sources (tests, `npm run dev`) the entry is heavy-work.dev.mjs, which loads tsx;
 * the built server has the tasks compiled next to main.js as heavy-work.js, each task's modules a chunk
 * in heavy-work/ that a thread loads when it first runs the task (scripts/build-server.mjs).
 */
// biome-ignore lint/suspicious/noExplicitAny: matches any task to read one of its types
type AnyTask = Task<any, any, any>;
type ArgsOf<T> = T extends AnyTask ? Parameters<T>[0] : never;
type ValueOf<T> = T extends AnyTask ? (Awaited<ReturnType<T>> extends Outcome<infer V> ? V : never) : never;
type ItemOf<T> = T extends { readonly items?: infer Item } ? Item : never;
/** The names of the tasks that stream items. */
type StreamTask<Tasks> = { [K in keyof Tasks]: [ItemOf<Tasks[K]>] extends [never] ? never : K }[keyof Tasks];

/** Tasks waiting for a thread beyond this are refused with 503 rather than queued for minutes. */
const MAX_QUEUE = 32;

export class WorkerPool<Tasks extends TaskTable = TaskTable> {
  private pool: Tinypool | undefined;
  /** Tasks sent and not yet answered. */
  private running = 0;
  /** A thread starting for `warm`: the next task waits for it rather than start another. */
  private warming?: Promise<unknown>;

  /** `entry`: the URL of the worker's entry module, whose default export runs a `TaskMessage`. */
  constructor(private readonly entry: URL) {}

  private get threads(): Tinypool {
    this.pool ??= new Tinypool({
      filename: this.entry.href,
      // An import holds a thread for as long as it writes (`stream`): a second one keeps a user's column
      // analysis or .ics file from waiting behind it, even on two cores.
      minThreads: 0,
      maxThreads: Math.max(2, Math.min(3, os.availableParallelism() - 1)),
      idleTimeout: 30_000,
      maxQueue: MAX_QUEUE,
    });
    return this.pool;
  }

  /** Runs the task `name` on a worker thread; its errors reject as they were thrown. */
  run<K extends keyof Tasks & string>(name: K, ...args: ArgsOf<Tasks[K]>): Promise<ValueOf<Tasks[K]>> {
    return this.settle(name, args);
  }

  /**
   * Starts a thread for the task `name`, unless one is idle, while the caller does something else first
   * (receives an upload): a new thread takes about 100 ms to start and load the task's modules.
   */
  warm(name: keyof Tasks & string): void {
    if (this.warming || (this.pool?.threads.length ?? 0) > this.running) return;
    const message: TaskMessage = { name, warm: true };
    const warming = this.threads.run(message).catch(() => {});
    this.warming = warming;
    warming.finally(() => {
      if (this.warming === warming) this.warming = undefined;
    });
  }

  /**
   * Runs a task that sends items as it goes (an import's batches of rows): `items` yields them in order,
   * the worker keeping at most two ahead of the consumer; `result` is the task's answer, which comes after
   * its last item was taken. An error of the task's ends `items` with it; a consumer that stops early (its
   * write failed) stops the task.
   */
  stream<K extends StreamTask<Tasks> & string>(
    name: K,
    ...args: ArgsOf<Tasks[K]>
  ): { items: AsyncGenerator<ItemOf<Tasks[K]>>; result: Promise<ValueOf<Tasks[K]>> } {
    const { port1, port2 } = new MessageChannel();
    const received: ItemOf<Tasks[K]>[] = [];
    let arrived: (() => void) | undefined;
    port1.on('message', (item: ItemOf<Tasks[K]>) => {
      received.push(item);
      arrived?.();
    });
    const result = this.settle<ValueOf<Tasks[K]>>(name, args, port2);
    result.catch(() => {}); // a consumer that stopped early may never await it
    const ended = result.then(
      () => 'ended' as const,
      () => 'ended' as const,
    );
    async function* items() {
      try {
        for (;;) {
          while (received.length === 0) {
            const next = new Promise<'item'>((resolve) => (arrived = () => resolve('item')));
            if ((await Promise.race([next, ended])) === 'ended' && received.length === 0) {
              await result; // throws the task's error
              return;
            }
          }
          yield received.shift() as ItemOf<Tasks[K]>;
          port1.postMessage('taken' satisfies ItemPortReply);
        }
      } finally {
        port1.postMessage('stop' satisfies ItemPortReply);
        port1.close();
      }
    }
    return { items: items(), result };
  }

  private async settle<V>(name: string, args: unknown[], port?: MessagePort): Promise<V> {
    let outcome: Outcome<V>;
    this.running++;
    try {
      await this.warming;
      const message: TaskMessage = { name, args, port };
      outcome = await this.threads.run(message, port ? { transferList: [port] } : undefined);
    } catch (error) {
      if ((error as Error).message?.includes('Task queue is at limit'))
        throw new AppError(503, 'SERVER_BUSY', 'The server is busy with other files; try again in a minute');
      throw error;
    } finally {
      this.running--;
    }
    if ('value' in outcome) return outcome.value;
    // An AppError crossed as its fields (a thrown Error would lose them): a 400 stays a 400.
    const { status, code, message, details } = outcome.appError;
    throw new AppError(status, code, message, details);
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}
