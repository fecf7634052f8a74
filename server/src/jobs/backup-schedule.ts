import path from 'node:path';
import type { Config } from '../config';
import { backupDatabase, pruneBackups } from '../db/backup';
import type { Clock } from '../lib/time';
import type { JobRunner } from './job-runner';

const NIGHTLY_BACKUP_JOB = 'nightly-backup';
const DAY_MS = 24 * 60 * 60_000;

/** Where backups go: BACKUP_DIR, or `backups` in DATA_DIR. */
export function backupDir(config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>): string {
  return path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'));
}

/** The hour (server's local time) the daily backup starts at: a quiet hour for most teams. */
const BACKUP_HOUR = 3;

/** The next BACKUP_HOUR o'clock after `now`, in the server's local time. */
export function nextBackupTime(now: Date): Date {
  const next = new Date(now);
  next.setHours(BACKUP_HOUR, 0, 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return next;
}

interface BackupLog {
  info(obj: object, msg?: string): void;
}

/**
 * A backup of the database at `databaseUrl` into `dir` every 24 hours from the next 03:00 (the server's
 * local time), keeping the newest `keep`: a recurring job (JobRunner.every), so one process of several
 * takes it, a restart does not move it, and a failure is logged and tried again the next day. Each run is
 * scheduled 24 hours after the last one ended, so the time drifts later by each backup's duration.
 * Call before the runner's `ensureSchedules()`.
 */
export function scheduleNightlyBackups(options: {
  jobs: JobRunner;
  databaseUrl: string;
  dir: string;
  keep: number;
  clock: Clock;
  log: BackupLog;
}): void {
  const { jobs, databaseUrl, dir, keep, clock, log } = options;
  jobs.define(
    NIGHTLY_BACKUP_JOB,
    async () => {
      const backup = await backupDatabase(databaseUrl, dir, clock());
      const removed = pruneBackups(dir, keep);
      log.info({ backup: backup.path, bytes: backup.size, removed }, 'backup written');
    },
    { leaseMs: 6 * 60 * 60_000 },
  );
  jobs.every(NIGHTLY_BACKUP_JOB, DAY_MS, { firstRunAt: nextBackupTime });
}
