import type { Database } from '../db/client';
import type { Clock } from '../lib/time';
import type { ClaimedJob, JobsRepository } from './jobs.repository';

export interface JobInfo {
  id: number;
  kind: string;
  key: string | null;
  /** 1 on the first run, counting every run of this job so far. */
  attempts: number;
}

/** How a run ended: done, failed and queued again, or failed for the last time. */
export type JobRunOutcome = 'ok' | 'retry' | 'failed';
/** Told of every run's outcome (metrics, given by services.ts). */
export type JobRunListener = (kind: string, outcome: JobRunOutcome) => void;

export type JobHandler<P> = (payload: P, job: JobInfo) => Promise<void>;

interface JobDefinition {
  handler: JobHandler<unknown>;
  maxAttempts: number;
  leaseMs: number;
}

interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Thrown by a handler to be run again after `delayMs` (e.g. an API's retry_after); it still counts as an attempt. */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    reason = 'retry later',
  ) {
    super(reason);
    this.name = 'RetryLater';
  }
}

const DEFAULT_MAX_ATTEMPTS = 8;
const DEFAULT_LEASE_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_CAP_MS = 60 * 60_000;

/** Exponential backoff with jitter: 5 s, 10 s, 20 s, … up to an hour, each between half and all of it. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Durable background work shared by every process on one database (decision 0009): syncs, bot
 * deliveries, reminders and maintenance. Jobs are rows; a process claims due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease, so a job runs in one process at a time and survives restarts.
 */
export class JobRunner {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly recurring = new Map<string, { intervalMs: number; firstRunAt?: (now: Date) => Date }>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private stopped = true;
  private log: JobLogger | undefined;
  private readonly runListeners: JobRunListener[] = [];

  constructor(
    private readonly repository: JobsRepository,
    private readonly clock: Clock,
  ) {}

  define<P>(
    kind: string,
    handler: JobHandler<P>,
    options: { maxAttempts?: number; leaseMs?: number } = {},
  ): void {
    if (this.definitions.has(kind)) throw new Error(`job kind '${kind}' is defined twice`);
    this.definitions.set(kind, {
      handler: handler as JobHandler<unknown>,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    });
  }

  /**
   * Queues a job; pass the caller's transaction as `tx` so that the job exists only if the change commits.
   * With a `key` already pending, no second job is queued: the pending one runs no later than this one
   * would have (a retry waiting out its backoff runs now), and one running now runs once more after it.
   */
  async enqueue<P>(
    kind: string,
    payload: P,
    options: { key?: string; runAt?: Date; tx?: Database } = {},
  ): Promise<void> {
    const definition = this.definitions.get(kind);
    if (!definition) throw new Error(`job kind '${kind}' is not defined`);
    await this.repository.insert(
      {
        kind,
        key: options.key ?? null,
        payload,
        runAt: options.runAt ?? this.clock(),
        maxAttempts: definition.maxAttempts,
      },
      options.tx,
    );
  }

  /**
   * Runs every pending job of `kind` now, whatever its run_at, and answers how many ran.
   */
  async runAllNow(kind: string): Promise<number> {
    const definition = this.definitions.get(kind);
    if (!definition) throw new Error(`job kind '${kind}' is not defined`);
    const now = this.clock();
    const claimed = await this.repository.claimAll(kind, now, new Date(now.getTime() + definition.leaseMs));
    for (const job of claimed) await this.run(job);
    return claimed.length;
  }

  /**
   * Runs `kind` (already defined) every `intervalMs`, one run at a time across all processes; the first
   * run is at `firstRunAt(now)` (default: one interval after the schedule is first created). Call before
   * `ensureSchedules()`.
   */
  every(kind: string, intervalMs: number, options: { firstRunAt?: (now: Date) => Date } = {}): void {
    if (!this.definitions.has(kind)) throw new Error(`job kind '${kind}' is not defined`);
    this.recurring.set(kind, { intervalMs, firstRunAt: options.firstRunAt });
  }

  /** Writes the recurring schedules to the database (createServices calls it once everything is defined). */
  async ensureSchedules(): Promise<void> {
    const now = this.clock();
    for (const [kind, { intervalMs, firstRunAt }] of this.recurring) {
      const first = firstRunAt?.(now) ?? new Date(now.getTime() + intervalMs);
      await this.repository.ensureRecurring(kind, intervalMs, first);
    }
  }

  /** Claims and runs the jobs due now (by the runner's clock); returns how many ran. */
  async runDue(limit = 10): Promise<number> {
    const now = this.clock();
    const longestLease = Math.max(DEFAULT_LEASE_MS, ...[...this.definitions.values()].map((d) => d.leaseMs));
    const claimed = await this.repository.claimDue(
      [...this.definitions.keys()],
      now,
      new Date(now.getTime() + longestLease),
      limit,
    );
    await Promise.all(claimed.map((job) => this.run(job)));
    return claimed.length;
  }

  onRun(listener: JobRunListener): void {
    this.runListeners.push(listener);
  }

  private ran(kind: string, outcome: JobRunOutcome): void {
    for (const listener of this.runListeners) listener(kind, outcome);
  }

  /** The queue's depth by state (metrics). */
  queueDepth() {
    return this.repository.depth(this.clock());
  }

  private async run(job: ClaimedJob): Promise<void> {
    const definition = this.definitions.get(job.kind)!;
    const info: JobInfo = { id: job.id, kind: job.kind, key: job.key, attempts: job.attempts };
    try {
      await definition.handler(job.payload, info);
      if (job.intervalMs !== null) {
        await this.repository.reschedule(job.id, this.after(job.intervalMs), {
          lastError: null,
          resetAttempts: true,
        });
      } else {
        await this.repository.complete(job.id, this.clock());
      }
      this.ran(job.kind, 'ok');
    } catch (error) {
      await this.failed(job, error);
    }
  }

  private async failed(job: ClaimedJob, error: unknown): Promise<void> {
    const message = describe(error);
    this.log?.warn({ job: { id: job.id, kind: job.kind, attempts: job.attempts }, err: error }, 'job failed');
    if (job.intervalMs !== null) {
      // A recurring job never dies: it tries again at its next interval (or sooner when asked to).
      const delay = error instanceof RetryLater ? error.delayMs : job.intervalMs;
      await this.repository.reschedule(job.id, this.after(delay), {
        lastError: message,
        resetAttempts: true,
      });
      this.ran(job.kind, 'retry');
      return;
    }
    if (job.attempts >= job.maxAttempts) {
      await this.repository.markFailed(job.id, message);
      this.log?.error({ job: { id: job.id, kind: job.kind } }, 'job gave up after its last attempt');
      this.ran(job.kind, 'failed');
      return;
    }
    const delay = error instanceof RetryLater ? error.delayMs : backoffDelay(job.attempts);
    await this.repository.reschedule(job.id, this.after(delay), { lastError: message });
    this.ran(job.kind, 'retry');
  }

  private after(ms: number): Date {
    return new Date(this.clock().getTime() + ms);
  }

  /** Polls for due jobs until `stop()`; main.ts starts it, tests call `runDue()` themselves. */
  start(options: { pollMs?: number; log?: JobLogger } = {}): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.log = options.log;
    const pollMs = options.pollMs ?? 1_000;
    const tick = async () => {
      try {
        // Keep draining while there is a full batch; otherwise wait for the next poll.
        while (!this.stopped && (await this.runDue()) === 10) {}
      } catch (error) {
        this.log?.error({ err: error }, 'job polling failed');
      }
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.polling = tick();
      }, pollMs).unref();
    };
    this.polling = tick();
  }

  /** Stops polling and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
  }

  /** The jobs of one kind (status screens, tests). */
  list(kind: string) {
    return this.repository.list(kind);
  }
}
