/**
 * What a worker thread's task is (`WorkerPool`), whatever feature it belongs to. A feature declares its
 * tasks in its own `<feature>.tasks.ts` with `task(load, work)`; server/src/heavy-work.ts, the worker's
 * entry, registers every feature's tasks. The pool imports none of them: it is told the entry's URL
 * and, as a type, the tasks it may run.
 *
 * Tasks are pure functions of plain data (no database, no request): their arguments and results cross by
 * structured clone. Each answers `{ value }`, or `{ appError }` with the fields of an AppError it threw,
 * which the pool throws again on the main thread.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ErrorCode } from '@relate/contracts';
import { AppError } from '../errors';
import { ItemSender } from './item-port';

export type Outcome<T> =
  | { value: T }
  | { appError: { status: number; code: ErrorCode; message: string; details?: unknown } };

async function outcome<T>(work: () => T | Promise<T>): Promise<Outcome<T>> {
  try {
    return { value: await work() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { status, code, message, details } = error;
    return { appError: { status, code, message, details } };
  }
}

/** A task as a thread runs it: its arguments (and a streaming task's port) in, an outcome out. */
export interface Task<A extends unknown[] = never, T = unknown, Item = never> {
  (args: A, port?: MessagePort): Promise<Outcome<T>>;
  /** Loads the task's modules (a thread warmed for the task, or its first run). */
  load(): Promise<unknown>;
  /** The type of the items a streaming task sends; never set. */
  readonly items?: Item;
}

/**
 * A task whose module `load` brings (`() => import('./ics')`: a chunk of its own in the build, loaded
 * when a thread first runs the task); `work` runs with it and the task's arguments.
 */
export function task<M, A extends unknown[], T>(
  load: () => Promise<M>,
  work: (module: M, args: A) => T | Promise<T>,
): Task<A, T> {
  const run = (args: A) => outcome(async () => work(await load(), args));
  return Object.assign(run, { load });
}

/** A task that sends items of type `Item` as it goes (`WorkerPool.stream`), at most two ahead of the consumer. */
export function streamingTask<M, A extends unknown[], T, Item>(
  load: () => Promise<M>,
  work: (module: M, args: A, items: ItemSender<Item>) => T | Promise<T>,
): Task<A, T, Item> {
  const run = (args: A, port?: MessagePort) =>
    outcome(async () => {
      if (!port) throw new Error('A streaming task sends its items over a port');
      return work(await load(), args, new ItemSender<Item>(port));
    });
  return Object.assign(run, { load });
}

// biome-ignore lint/suspicious/noExplicitAny: any task, whatever its arguments
export type TaskTable = Record<string, Task<any, unknown, unknown>>;

export type TaskMessage<Name extends string = string> =
  | { name: Name; args: unknown[]; port?: MessagePort }
  /** Nothing but the task's modules loaded: a thread made ready for work about to come. */
  | { name: Name; warm: true };

/** The worker's entry for these tasks: runs the task named in the message (or only loads its modules). */
export function workerEntry(tasks: TaskTable) {
  return async (message: TaskMessage) => {
    const task = tasks[message.name];
    if (!task) throw new Error(`No worker task ${message.name}`);
    if ('warm' in message) {
      await task.load();
      return { value: true } satisfies Outcome<true>;
    }
    return task(message.args as never, message.port);
  };
}
