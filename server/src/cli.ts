import { ConfigError, loadConfig } from './config';
import { type BackupHeader, backupDatabase, RestoreRefusedError, restoreDatabase } from './db/backup';
import { backupDir } from './db/backup-schedule';

/**
 * `npm run backup` and `npm run restore -- <file>` (scripts/cli.mjs runs this compiled, as server/dist/cli.js).
 * Both work on the database the server uses: DATABASE_URL.
 */
const USAGE = 'usage: npm run backup | npm run restore -- <backup file>';

const describeTables = (header: BackupHeader) =>
  `${header.tables.length} tables, ${header.tables.reduce((sum, table) => sum + table.rows, 0).toLocaleString('en-US')} rows`;

async function run(command: string | undefined, args: string[]): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL)
    throw new ConfigError(
      'Backups need PostgreSQL: set DATABASE_URL (the embedded PGlite database is not backed up this way).',
    );
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (command === 'backup') {
    const backup = await backupDatabase(config.DATABASE_URL, backupDir(config));
    console.log(
      `Backup written: ${backup.path} (${(backup.size / 1024 / 1024).toFixed(1)} MB, ${describeTables(backup.header)}, ${seconds()})`,
    );
  } else if (command === 'restore' && args.length === 1) {
    const header = await restoreDatabase(config.DATABASE_URL, args[0]);
    console.log(
      `Restored ${describeTables(header)} from ${args[0]} (backup of ${header.created_at}, ${seconds()})`,
    );
  } else {
    throw new ConfigError(USAGE);
  }
}

run(process.argv[2], process.argv.slice(3)).catch((error) => {
  if (error instanceof ConfigError || error instanceof RestoreRefusedError) console.error(error.message);
  else console.error('Failed:', error);
  process.exit(1);
});
