import os from 'node:os';
import Tinypool from 'tinypool';
import { AppError } from '../errors';
import type * as tasks from './heavy-work';

/**
 * CPU-heavy parsing and generation (an .ics file's events, a CSV upload's header analysis, a calendar
 * export) runs in worker threads, so one user's 10 MB file cannot hold the event loop that answers
 * everyone else (issue 19; decision 0025 chose tinypool). The tasks are the named exports of
 * `heavy-work.ts`; their arguments and results cross by structured clone (Dates included).
 *
 * Run from TypeScript sources (tests, `npm run dev`) the worker starts from heavy-work.dev.mjs, which
 * loads tsx; the built server has the tasks compiled next to main.js as heavy-work.js
 * (scripts/build-server.mjs).
 */
type HeavyTasks = tasks.Tasks;
type Task = keyof HeavyTasks;
type ValueOf<K extends Task> = Awaited<ReturnType<HeavyTasks[K]>> extends tasks.Outcome<infer T> ? T : never;

const fromSources = import.meta.url.endsWith('.ts');
/** Tasks waiting for a thread beyond this are refused with 503 rather than queued for minutes. */
const MAX_QUEUE = 32;

export class WorkerPool {
  private pool: Tinypool | undefined;

  private get threads(): Tinypool {
    this.pool ??= new Tinypool({
      filename: new URL(fromSources ? './heavy-work.dev.mjs' : './heavy-work.js', import.meta.url).href,
      // One core keeps answering requests; at least one thread works.
      minThreads: 0,
      maxThreads: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
      idleTimeout: 30_000,
      maxQueue: MAX_QUEUE,
    });
    return this.pool;
  }

  /** Runs the task `name` of heavy-work.ts on a worker thread; its errors reject as they were thrown. */
  async run<K extends Task>(name: K, ...args: Parameters<HeavyTasks[K]>[0]): Promise<ValueOf<K>> {
    let outcome: tasks.Outcome<ValueOf<K>>;
    try {
      outcome = await this.threads.run({ name, args });
    } catch (error) {
      if ((error as Error).message?.includes('Task queue is at limit'))
        throw new AppError(503, 'SERVER_BUSY', 'The server is busy with other files; try again in a minute');
      throw error;
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
