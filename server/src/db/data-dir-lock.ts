import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** Whether process `pid` is alive (EPERM: alive, another user's). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A data directory belongs to one Relate process: its PostgreSQL server (embedded-postgres.ts) is started,
 * watched and stopped by that process. PostgreSQL's own postmaster.pid is not enough: a second Relate
 * would take it for one left by a dead process and stop the first one's server, and two could start a
 * first-start copy of an earlier PGlite directory at once. Takes `relate.lock` in the directory
 * (holding our pid) or throws when a live process holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'relate.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isFinite(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `Another Relate process (pid ${holder}) is using the data directory ${path.resolve(dataDir)}. ` +
            'Stop it first, or set DATA_DIR to another directory (or DATABASE_URL to use an external PostgreSQL server).',
        );
      }
      fs.unlinkSync(lockPath); // stale lock left by a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dataDir)}`);
}
