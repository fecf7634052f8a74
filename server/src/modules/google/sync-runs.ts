import type { Clock } from '../../lib/time';

/** How often a running sync renews its claim. */
export const SYNC_HEARTBEAT_MS = 15_000;
/** A claim not renewed for this long was left by a process that died (kill -9, power loss). */
export const STALE_SYNC_RUN_MS = 60_000;

/** One sync's claim on its row of google_accounts (the lock across processes). */
export interface SyncClaim {
  /** Marks the sync running unless a run renewed since `staleBefore` holds it. */
  claim(now: Date, staleBefore: Date): Promise<boolean>;
  /** Moves the claim from `previous` to `now`; false when it is no longer this run's (finished or taken over). */
  renew(previous: Date, now: Date): Promise<boolean>;
}

/** How a sync run ended: done, failed, or refused because another run held the sync (`busy`). */
export type SyncOutcome = 'ok' | 'failed' | 'busy';

/** Told how each run ended, by sync (`contacts`, `calendar`: the key's part before `:`); services.ts gives the metrics. */
export interface SyncRecorder {
  syncFinished(sync: string, outcome: SyncOutcome): void;
}

/** Ends a run: its heartbeat stops and its outcome is recorded. */
export type EndSyncRun = (outcome: Exclude<SyncOutcome, 'busy'>) => void;

/**
 * The Google syncs running in this process (decision 0029). A run claims its row and renews the claim
 * every SYNC_HEARTBEAT_MS while it runs, so a claim left by a process that died goes stale after
 * STALE_SYNC_RUN_MS instead of refusing the user's syncs for a quarter of an hour; within the process a
 * second run of the same sync is refused before the database is asked.
 */
export class SyncRuns {
  private readonly running = new Set<string>();

  constructor(
    private readonly clock: Clock,
    private readonly heartbeatMs = SYNC_HEARTBEAT_MS,
    private readonly recorder: SyncRecorder = { syncFinished() {} },
  ) {}

  /**
   * Claims the sync `key` (`<sync>:<user id>`); answers the function that ends the run, or undefined when
   * a run holds it.
   */
  async start(key: string, claim: SyncClaim): Promise<EndSyncRun | undefined> {
    const sync = key.split(':')[0] ?? key;
    if (this.running.has(key)) return this.busy(sync);
    this.running.add(key);
    let claimed = this.clock();
    try {
      if (!(await claim.claim(claimed, new Date(claimed.getTime() - STALE_SYNC_RUN_MS)))) {
        this.running.delete(key);
        return this.busy(sync);
      }
    } catch (error) {
      this.running.delete(key);
      this.recorder.syncFinished(sync, 'failed');
      throw error;
    }
    let ended = false;
    let renewing = false;
    const timer = setInterval(async () => {
      if (renewing || ended) return;
      renewing = true;
      const now = this.clock();
      try {
        if (await claim.renew(claimed, now)) claimed = now;
        else clearInterval(timer); // finished meanwhile, or taken over after a stall: not ours any more
      } catch {
        // The database did not answer this time; the next beat tries again.
      } finally {
        renewing = false;
      }
    }, this.heartbeatMs);
    timer.unref();
    return (outcome) => {
      if (ended) return;
      ended = true;
      clearInterval(timer);
      this.running.delete(key);
      this.recorder.syncFinished(sync, outcome);
    };
  }

  private busy(sync: string): undefined {
    this.recorder.syncFinished(sync, 'busy');
    return undefined;
  }
}
