/**
 * What the server warns about when it starts. More than one process on one PostgreSQL needs Redis:
 * without it the sign-in throttle, the API rate limit and the limit of live notification streams count
 * per process, so N processes let N times as many through — not said of the PostgreSQL server Relate runs
 * itself in DATA_DIR, which one process at a time uses (data-dir-lock.ts). Google without GOOGLE_TOKEN_KEY keeps the
 * key of the stored refresh tokens in the same database as the tokens: a copy of the database is enough
 * to read them.
 */
export function startupWarnings(setup: {
  embedded?: boolean;
  redisUrl?: string;
  googleConfigured?: boolean;
  googleTokenKey?: string;
}): string[] {
  const warnings: string[] = [];
  if (!setup.embedded && !setup.redisUrl) {
    warnings.push(
      'Running on PostgreSQL without REDIS_URL: sign-in, rate and live-stream limits are counted per process. ' +
        'Set REDIS_URL before running more than one server process.',
    );
  }
  if (setup.googleConfigured && !setup.googleTokenKey) {
    warnings.push(
      'Google is configured without GOOGLE_TOKEN_KEY: the key encrypting stored Google refresh tokens is kept ' +
        'in the same database as the tokens. Set GOOGLE_TOKEN_KEY (see the README, "Google sign-in and sync").',
    );
  }
  return warnings;
}
