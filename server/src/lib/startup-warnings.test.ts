import { describe, expect, it } from 'vitest';
import { startupWarnings } from './startup-warnings';

describe('startup warnings', () => {
  it('warns on PostgreSQL without REDIS_URL that limits count per process', () => {
    const [warning] = startupWarnings({});
    expect(warning).toContain('without REDIS_URL');
    expect(warning).toContain('more than one server process');
  });

  it('says nothing with Redis or on the embedded PostgreSQL (one process per data directory)', () => {
    expect(startupWarnings({ redisUrl: 'redis://127.0.0.1:6379' })).toEqual([]);
    expect(startupWarnings({ embedded: true })).toEqual([]);
  });

  it('warns when Google is configured without GOOGLE_TOKEN_KEY, and not with it or without Google', () => {
    const [warning] = startupWarnings({ embedded: true, googleConfigured: true });
    expect(warning).toContain('without GOOGLE_TOKEN_KEY');
    expect(warning).toContain('same database');
    const key = 'k'.repeat(32);
    expect(startupWarnings({ embedded: true, googleConfigured: true, googleTokenKey: key })).toEqual([]);
    expect(startupWarnings({ embedded: true, googleConfigured: false })).toEqual([]);
  });
});
