import { type Config, ConfigError, loadConfig } from './config';
import { type BackupHeader, backupDatabase, RestoreRefusedError, restoreDatabase } from './db/backup';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './db/embedded-postgres';
import { EmbeddedPostgresError } from './db/embedded-postgres/errors';
import { backupDir } from './jobs/backup-schedule';

/**
 * `npm run backup` and `npm run restore -- <file>` (scripts/cli.mjs runs this compiled, as server/dist/cli.js).
 * Both work on the database the server uses: DATABASE_URL's, else the embedded one in DATA_DIR.
 */
const USAGE = 'usage: npm run backup | npm run restore -- <backup file>';

const describeTables = (header: BackupHeader) =>
  `${header.tables.length} tables, ${header.tables.reduce((sum, table) => sum + table.rows, 0).toLocaleString('en-US')} rows`;

/**
 * Runs `work` on the server's database: DATABASE_URL's; else the embedded PostgreSQL in DATA_DIR, the one
 * a running Relate started, or one started (and stopped) here while no Relate runs on DATA_DIR.
 */
async function onDatabase(config: Config, work: (url: string) => Promise<void>): Promise<void> {
  if (config.DATABASE_URL) return work(config.DATABASE_URL);
  let release: () => void;
  try {
    release = lockDataDir(config.DATA_DIR);
  } catch (error) {
    const running = error instanceof DataDirLockedError && runningEmbeddedUrl(config.DATA_DIR);
    if (!running) throw error;
    return work(running);
  }
  try {
    const server = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      maxConnections: 10,
      log: console.log,
    });
    try {
      await work(server.url);
    } finally {
      await server.stop();
    }
  } finally {
    release();
  }
}

async function run(command: string | undefined, args: string[]): Promise<void> {
  const config = loadConfig();
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (command === 'backup') {
    await onDatabase(config, async (url) => {
      const backup = await backupDatabase(url, backupDir(config));
      console.log(
        `Backup written: ${backup.path} (${(backup.size / 1024 / 1024).toFixed(1)} MB, ${describeTables(backup.header)}, ${seconds()})`,
      );
    });
  } else if (command === 'restore' && args.length === 1) {
    await onDatabase(config, async (url) => {
      const header = await restoreDatabase(url, args[0]);
      console.log(
        `Restored ${describeTables(header)} from ${args[0]} (backup of ${header.created_at}, ${seconds()})`,
      );
    });
  } else {
    throw new ConfigError(USAGE);
  }
}

run(process.argv[2], process.argv.slice(3)).catch((error) => {
  const expected = [ConfigError, RestoreRefusedError, DataDirLockedError, EmbeddedPostgresError];
  if (expected.some((kind) => error instanceof kind)) console.error(error.message);
  else console.error('Failed:', error);
  process.exit(1);
});
