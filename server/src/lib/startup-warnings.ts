/**
 * What the server warns about when it starts. More than one process on one PostgreSQL needs Redis:
 * without it the sign-in throttle, the API rate limit and the limit of live notification streams count
 * per process, so N processes let N times as many through.
 */
export function startupWarnings(setup: { databaseKind: 'pglite' | 'postgres'; redisUrl?: string }): string[] {
  const warnings: string[] = [];
  if (setup.databaseKind === 'postgres' && !setup.redisUrl) {
    warnings.push(
      'Running on PostgreSQL without REDIS_URL: sign-in, rate and live-stream limits are counted per process. ' +
        'Set REDIS_URL before running more than one server process.',
    );
  }
  return warnings;
}
