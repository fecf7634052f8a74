import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import type { JobRunner } from './job-runner';

/** An import's undo job runs at the next start, or, as a backstop, when this old. */
const UNDO_BACKSTOP_MS = 24 * 60 * 60_000;
/** Rows per statement when a failed import deletes what it wrote (other users wait one statement). */
const DELETE_BATCH = 1000;

interface UndoPayload {
  userId: number;
  /**
   * The ids the import has written so far, as [first, last] runs: a batch is one statement, and on PGlite
   * nothing else writes during it, so its ids are one run; the payload stays small however big the import.
   */
  runs: [number, number][];
}

/**
 * `runs` (runs of consecutive ids) with `ids` added, as a new list: a batch's ids extend the last run when
 * they follow it. Ids are primary keys, so none is added twice.
 */
export function idRuns(ids: number[], runs: [number, number][] = []): [number, number][] {
  const result = runs.map(([first, last]): [number, number] => [first, last]);
  for (const id of [...ids].sort((a, b) => a - b)) {
    const last = result.at(-1);
    if (last && id === last[1] + 1) last[1] = id;
    else result.push([id, id]);
  }
  return result;
}

const idsOf = (runs: [number, number][]) =>
  runs.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, index) => first + index));

/**
 * How an import writes on PGlite, whose one connection every user shares (decisions 0029 and 0030): each
 * batch in a transaction of its own, giving way to requests' queries between batches, and recorded in an
 * undo job that each batch's transaction brings up to date. A batch that fails deletes what was written;
 * a process killed half-way leaves the job, which `undoInterrupted` runs at the next start. So an import
 * is still all or nothing, and running it again after a crash adds each row once.
 */
export class StagedImportWriter {
  /** Rows deleted by undo jobs in this process, for the start's log line. */
  private undone = 0;

  constructor(
    private readonly db: Database,
    private readonly jobs: JobRunner,
    /** The undo job's kind, one per table (e.g. 'companies.import.undo'). */
    private readonly kind: string,
    private readonly deleteRows: (userId: number, ids: number[]) => Promise<number>,
  ) {
    jobs.define<UndoPayload>(kind, async ({ userId, runs }) => {
      this.undone += await this.deleteRows(userId, idsOf(runs));
    });
  }

  /** At the start of PGlite's only process: deletes what imports cut off by a crash had written. */
  async undoInterrupted(): Promise<{ imports: number; rows: number }> {
    const before = this.undone;
    const imports = await this.jobs.runAllNow(this.kind);
    return { imports, rows: this.undone - before };
  }

  /**
   * Writes `batches` with `writeBatch` (answering the ids it wrote) and answers every id written;
   * `finish` runs in the transaction that ends the import.
   */
  write<B>(
    userId: number,
    batches: B[],
    writeBatch: (batch: B, tx: Database) => Promise<number[]>,
    finish?: (written: number[], tx: Database) => Promise<void>,
  ): Promise<number[]> {
    return (async () => {
      const undo = randomUUID();
      const written: number[] = [];
      let runs: [number, number][] = [];
      await this.jobs.enqueue<UndoPayload>(
        this.kind,
        { userId, runs: [] },
        { key: undo, runAt: new Date(Date.now() + UNDO_BACKSTOP_MS) },
      );
      try {
        for (const batch of batches) {
          await this.db.transaction(async (tx) => {
            const ids = await writeBatch(batch, tx);
            const next = idRuns(ids, runs);
            await this.jobs.updatePayload<UndoPayload>(this.kind, undo, { userId, runs: next }, tx);
            runs = next;
            written.push(...ids);
          });
        }
      } catch (error) {
        for (let start = 0; start < written.length; start += DELETE_BATCH) {
          await this.deleteRows(userId, written.slice(start, start + DELETE_BATCH));
        }
        await this.jobs.cancel(this.kind, undo);
        throw error;
      }
      await this.db.transaction(async (tx) => {
        await this.jobs.cancel(this.kind, undo, tx);
        await finish?.(written, tx);
      });
      return written;
    })();
  }
}
