import type { Redis } from 'ioredis';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { EmbeddedPostgresError } from './db/embedded-postgres/errors';
import { PgliteUpgradeError } from './db/pglite-upgrade';
import { removeStaleUploads } from './lib/csv/spool';
import { logDestination } from './lib/log-destination';
import { loggerOptions } from './lib/logger';
import { startBanner } from './lib/start-banner';
import { startupWarnings } from './lib/startup-warnings';
import { clockFrom } from './lib/time';
import { startTelegram } from './modules/bots/telegram.runtime';

/** ioredis is loaded only by a server with REDIS_URL (issue 18). */
async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  return new Redis(url, { maxRetriesPerRequest: 2 });
}

/** Of SHUTDOWN_TIMEOUT_SECONDS, the last log lines get at most this (a reader that stopped reading gets no more). */
const LOG_FLUSH_MS = 1_000;

async function main() {
  const config = loadConfig();
  // A reader of stdout or stderr that went away (EPIPE) must neither crash nor hold the server.
  for (const output of [process.stdout, process.stderr]) output.on('error', () => {});
  const log = logDestination();
  await removeStaleUploads();
  const releaseLock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  let database: DatabaseHandle | undefined;
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : undefined;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      log: (line) => console.log(line),
    });
    const app = await buildApp(config, {
      database,
      redis,
      logger: process.stdout.isTTY
        ? loggerOptions(config, undefined, { pretty: true })
        : loggerOptions(config, log),
      clock: config.CLOCK_START ? clockFrom(new Date(config.CLOCK_START)) : undefined,
    });
    const openDb = database;
    const warnings = startupWarnings({
      embedded: Boolean(database.embedded),
      redisUrl: config.REDIS_URL,
      googleConfigured: Boolean(config.GOOGLE_CLIENT_ID),
      googleTokenKey: config.GOOGLE_TOKEN_KEY?.[0],
    });
    for (const warning of warnings) app.log.warn(warning);

    let stopping = false;
    const exit = async (code: number) => {
      await log.flushWithin(LOG_FLUSH_MS);
      process.exit(code);
    };
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      const force = setTimeout(
        () => {
          app.log.error('shutdown took too long; exiting');
          void exit(1);
        },
        config.SHUTDOWN_TIMEOUT_SECONDS * 1000 - LOG_FLUSH_MS,
      );
      try {
        await app.close(); // stops accepting, waits for in-flight requests
        await openDb.close(); // ends the pool, then stops the embedded PostgreSQL server
        redis?.disconnect();
        releaseLock();
        app.log.info('shut down cleanly');
        clearTimeout(force);
        await exit(0);
      } catch (error) {
        app.log.error({ err: error }, 'error while shutting down');
        await exit(1);
      }
    };
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    process.on('SIGINT', () => void shutdown('SIGINT'));

    await app.listen({ host: config.HOST, port: config.PORT });
    app.services.jobs.start({ log: app.log });
    await startTelegram(app);
    const where = database.embedded ? `PostgreSQL in ${database.embedded.directory}` : 'PostgreSQL';
    for (const line of startBanner(config, app.server.address(), where)) console.log(line);
  } catch (error) {
    await database?.close().catch(() => {});
    redis?.disconnect();
    releaseLock();
    throw error;
  }
}

main().catch((error) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof PgliteUpgradeError
  ) {
    console.error(error.message);
  } else {
    console.error('Relate failed to start:', error);
  }
  process.exit(1);
});
