import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export interface ClaimedJob {
  id: number;
  kind: string;
  key: string | null;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  intervalMs: number | null;
}

export interface JobSummary {
  id: number;
  key: string | null;
  status: string;
  attempts: number;
  runAt: Date;
  lastError: string | null;
}

interface JobSummaryRow extends Record<string, unknown> {
  id: string | number;
  key: string | null;
  status: string;
  attempts: number;
  run_at: string | Date;
  last_error: string | null;
}

interface ClaimedJobRow extends Record<string, unknown> {
  id: string | number;
  kind: string;
  key: string | null;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  interval_ms: number | null;
}

/** node-postgres answers `execute` with `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const toClaimedJob = (row: ClaimedJobRow): ClaimedJob => ({
  id: Number(row.id),
  kind: row.kind,
  key: row.key,
  payload: row.payload,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  intervalMs: row.interval_ms,
});

/** The only code that reads or writes the `jobs` table. Times come from the runner's clock, not now(). */
export class JobsRepository {
  constructor(private readonly db: Database) {}

  /** Inserts a pending job; with a key, does nothing when a pending job of that kind and key exists. */
  async insert(
    job: { kind: string; key: string | null; payload: unknown; runAt: Date; maxAttempts: number },
    db: Database = this.db,
  ): Promise<void> {
    await db.execute(sql`
      insert into jobs (kind, key, payload, run_at, max_attempts)
      values (${job.kind}, ${job.key}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.runAt.toISOString()}, ${job.maxAttempts})
      on conflict (kind, key) where status = 'pending' and key is not null
      do update set run_at = least(jobs.run_at, excluded.run_at),
        rerun = jobs.rerun or jobs.locked_until is not null`);
  }

  /**
   * A one-off job that ran: deleted, unless it was asked for again while it ran, when it is put back to
   * run now (attempts reset). Answers whether it was deleted.
   */
  async complete(id: number, now: Date): Promise<boolean> {
    const deleted = await this.db.execute(sql`delete from jobs where id = ${id} and not rerun returning id`);
    if (rowsOf(deleted).length > 0) return true;
    await this.db.execute(sql`
      update jobs set rerun = false, run_at = ${now.toISOString()}, locked_until = null, attempts = 0,
        last_error = null
      where id = ${id}`);
    return false;
  }

  /** Creates the recurring row of `kind` if missing, or updates its interval. */
  async ensureRecurring(kind: string, intervalMs: number, firstRunAt: Date): Promise<void> {
    await this.db.execute(sql`
      insert into jobs (kind, key, payload, run_at, interval_ms)
      values (${kind}, 'every', '{}'::jsonb, ${firstRunAt.toISOString()}, ${intervalMs})
      on conflict (kind, key) where status = 'pending' and key is not null
      do update set interval_ms = excluded.interval_ms`);
  }

  /**
   * Locks up to `limit` due jobs of the given kinds until `lockedUntil` and counts the attempt.
   * SKIP LOCKED lets several processes claim at once without ever taking the same row.
   */
  async claimDue(kinds: string[], now: Date, lockedUntil: Date, limit: number): Promise<ClaimedJob[]> {
    if (kinds.length === 0) return [];
    const kindList = sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    );
    const result = await this.db.execute<ClaimedJobRow>(sql`
      update jobs set locked_until = ${lockedUntil.toISOString()}, attempts = attempts + 1
      where id in (
        select id from jobs
        where status = 'pending' and kind in (${kindList}) and run_at <= ${now.toISOString()}
          and (locked_until is null or locked_until <= ${now.toISOString()})
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      returning id, kind, key, payload, attempts, max_attempts, interval_ms`);
    return rowsOf<ClaimedJobRow>(result).map(toClaimedJob);
  }

  /**
   * Locks every pending job of `kind` not locked by a live run, whatever its run_at, until
   * `lockedUntil`, and counts the attempt (at start: what a process that died left to undo).
   */
  async claimAll(kind: string, now: Date, lockedUntil: Date): Promise<ClaimedJob[]> {
    const result = await this.db.execute<ClaimedJobRow>(sql`
      update jobs set locked_until = ${lockedUntil.toISOString()}, attempts = attempts + 1
      where id in (
        select id from jobs
        where status = 'pending' and kind = ${kind}
          and (locked_until is null or locked_until <= ${now.toISOString()})
        order by id
        for update skip locked
      )
      returning id, kind, key, payload, attempts, max_attempts, interval_ms`);
    return rowsOf<ClaimedJobRow>(result).map(toClaimedJob);
  }

  /** Puts a claimed job back in the queue to run at `runAt`. */
  async reschedule(
    id: number,
    runAt: Date,
    options: { lastError: string | null; resetAttempts?: boolean; refundAttempt?: boolean },
  ): Promise<void> {
    const attempts = options.resetAttempts
      ? sql`0`
      : options.refundAttempt
        ? sql`greatest(attempts - 1, 0)`
        : sql`attempts`;
    await this.db.execute(sql`
      update jobs set run_at = ${runAt.toISOString()}, locked_until = null, attempts = ${attempts},
        last_error = ${options.lastError}, rerun = false
      where id = ${id}`);
  }

  async markFailed(id: number, lastError: string): Promise<void> {
    await this.db.execute(sql`
      update jobs set status = 'failed', locked_until = null, last_error = ${lastError} where id = ${id}`);
  }

  /**
   * The queue's depth (metrics): one-off jobs waiting, jobs due now and not running (a backlog when it
   * stays up), jobs running under a lease, and jobs that gave up.
   */
  async depth(now: Date): Promise<{ pending: number; due: number; running: number; failed: number }> {
    const at = now.toISOString();
    const result = await this.db.execute<Record<string, string>>(sql`
      select
        count(*) filter (where status = 'pending' and interval_ms is null) as pending,
        count(*) filter (where status = 'pending' and run_at <= ${at}
          and (locked_until is null or locked_until <= ${at})) as due,
        count(*) filter (where status = 'pending' and locked_until > ${at}) as running,
        count(*) filter (where status = 'failed') as failed
      from jobs`);
    const row = rowsOf<Record<string, string>>(result)[0] ?? {};
    return {
      pending: Number(row.pending ?? 0),
      due: Number(row.due ?? 0),
      running: Number(row.running ?? 0),
      failed: Number(row.failed ?? 0),
    };
  }

  /** Jobs of a kind, for status screens and tests. */
  async list(kind: string): Promise<JobSummary[]> {
    const result = await this.db.execute<JobSummaryRow>(
      sql`select id, key, status, attempts, run_at, last_error from jobs where kind = ${kind} order by id`,
    );
    return rowsOf<JobSummaryRow>(result).map((row) => ({
      id: Number(row.id),
      key: row.key,
      status: row.status,
      attempts: row.attempts,
      runAt: new Date(row.run_at),
      lastError: row.last_error,
    }));
  }
}
