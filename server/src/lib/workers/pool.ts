import os from 'node:os';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import Tinypool from 'tinypool';
import { AppError } from '../errors';
import type * as tasks from './heavy-work';
import type { ItemPortReply } from './item-port';

/**
 * CPU-heavy parsing and generation (an .ics file's events, a CSV upload's header analysis, a calendar
 * export) runs in worker threads, so one user's 10 MB file cannot hold the event loop that answers
 * everyone else (issue 19; decision 0025 chose tinypool). The tasks are the named exports of
 * `heavy-work.ts`; their arguments and results cross by structured clone (Dates included).
 *
 * Run from TypeScript sources (tests, `npm run dev`) the worker starts from heavy-work.dev.mjs, which
 * loads tsx; the built server has the tasks compiled next to main.js as heavy-work.js, each task's
 * modules a chunk in heavy-work/ that a thread loads when it first runs the task (scripts/build-server.mjs).
 */
type HeavyTasks = tasks.Tasks;
type Task = keyof HeavyTasks;
type ValueOf<K extends Task> = Awaited<ReturnType<HeavyTasks[K]>> extends tasks.Outcome<infer T> ? T : never;
type StreamTask = keyof tasks.StreamedItems;

const fromSources = import.meta.url.endsWith('.ts');
/** Tasks waiting for a thread beyond this are refused with 503 rather than queued for minutes. */
const MAX_QUEUE = 32;

export class WorkerPool {
  private pool: Tinypool | undefined;
  /** Tasks sent and not yet answered. */
  private running = 0;
  /** A thread starting for `warm`: the next task waits for it rather than start another. */
  private warming?: Promise<unknown>;

  private get threads(): Tinypool {
    this.pool ??= new Tinypool({
      filename: new URL(fromSources ? './heavy-work.dev.mjs' : './heavy-work.js', import.meta.url).href,
      // An import holds a thread for as long as it writes (`stream`): a second one keeps a user's column
      // analysis or .ics file from waiting behind it, even on two cores.
      minThreads: 0,
      maxThreads: Math.max(2, Math.min(3, os.availableParallelism() - 1)),
      idleTimeout: 30_000,
      maxQueue: MAX_QUEUE,
    });
    return this.pool;
  }

  /** Runs the task `name` of heavy-work.ts on a worker thread; its errors reject as they were thrown. */
  run<K extends Task>(name: K, ...args: Parameters<HeavyTasks[K]>[0]): Promise<ValueOf<K>> {
    return this.settle(name, args);
  }

  /**
   * Starts a thread for the task `name`, unless one is idle, while the caller does something else first
   * (receives an upload): a new thread takes about 100 ms to start and load the task's modules.
   */
  warm(name: Task): void {
    if (this.warming || (this.pool?.threads.length ?? 0) > this.running) return;
    const message: tasks.TaskMessage = { name, warm: true };
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
  stream<K extends StreamTask>(
    name: K,
    ...args: Parameters<HeavyTasks[K]>[0]
  ): { items: AsyncGenerator<tasks.StreamedItems[K]>; result: Promise<ValueOf<K>> } {
    const { port1, port2 } = new MessageChannel();
    const received: tasks.StreamedItems[K][] = [];
    let arrived: (() => void) | undefined;
    port1.on('message', (item: tasks.StreamedItems[K]) => {
      received.push(item);
      arrived?.();
    });
    const result = this.settle(name, args, port2);
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
          yield received.shift() as tasks.StreamedItems[K];
          port1.postMessage('taken' satisfies ItemPortReply);
        }
      } finally {
        port1.postMessage('stop' satisfies ItemPortReply);
        port1.close();
      }
    }
    return { items: items(), result };
  }

  private async settle<K extends Task>(name: K, args: unknown[], port?: MessagePort): Promise<ValueOf<K>> {
    let outcome: tasks.Outcome<ValueOf<K>>;
    this.running++;
    try {
      await this.warming;
      const message: tasks.TaskMessage = { name, args, port };
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
