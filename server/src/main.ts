import { Redis } from 'ioredis';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';

async function main() {
  const config = loadConfig();
  const releaseLock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  let database: DatabaseHandle | undefined;
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
    });
    const app = await buildApp(config, { database, redis });
    const openDb = database;

    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      const force = setTimeout(() => {
        app.log.error('shutdown took too long; exiting');
        process.exit(1);
      }, 25_000);
      try {
        await app.close(); // stops accepting, waits for in-flight requests
        await openDb.close(); // CHECKPOINT and close PGlite, or end the pool
        redis?.disconnect();
        releaseLock();
        app.log.info('shut down cleanly');
        clearTimeout(force);
        process.exit(0);
      } catch (error) {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      }
    };
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    process.on('SIGINT', () => void shutdown('SIGINT'));

    await app.listen({ host: config.HOST, port: config.PORT });
    const where = database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
    console.log(`Relate is running at http://localhost:${config.PORT} (database: ${where})`);
  } catch (error) {
    await database?.close().catch(() => {});
    redis?.disconnect();
    releaseLock();
    throw error;
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Relate failed to start:', error);
  }
  process.exit(1);
});
