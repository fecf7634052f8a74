import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startBanner } from './lib/start-banner';

describe('where Relate listens and the address it gives out', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('derives PUBLIC_URL from PORT when it is not set', () => {
    expect(loadConfig({ PORT: '4100' })).toMatchObject({
      PUBLIC_URL: 'http://localhost:4100',
      publicUrlDerived: true,
    });
    expect(loadConfig({ PORT: '4100', HOST: '192.168.1.5' }).PUBLIC_URL).toBe('http://192.168.1.5:4100');
    expect(loadConfig({ PORT: '4100', HOST: '0.0.0.0' }).PUBLIC_URL).toBe('http://localhost:4100');
  });

  it('keeps a PUBLIC_URL that is set', () => {
    expect(loadConfig({ PORT: '4100', PUBLIC_URL: 'https://crm.example.com' })).toMatchObject({
      PUBLIC_URL: 'https://crm.example.com',
      publicUrlDerived: false,
    });
  });

  it('says in the start banner where links point when PUBLIC_URL was derived', () => {
    const address = { address: '127.0.0.1', family: 'IPv4', port: 4100 };
    const derived = startBanner(loadConfig({ PORT: '4100' }), address, 'PostgreSQL in ./data/postgres');
    expect(derived[0]).toBe(
      'Relate is running at http://localhost:4100 (listening on 127.0.0.1:4100; database: PostgreSQL in ./data/postgres)',
    );
    expect(derived.join('\n')).toContain(
      'PUBLIC_URL is not set: links in e-mails, OAuth redirects and calendar UIDs use http://localhost:4100.',
    );
    expect(derived.join('\n')).toContain('set HOST=0.0.0.0');

    const set = startBanner(
      loadConfig({ PUBLIC_URL: 'https://crm.example.com', HOST: '0.0.0.0' }),
      { address: '0.0.0.0', family: 'IPv4', port: 3000 },
      'PostgreSQL',
    );
    expect(set).toEqual([
      'Relate is running at http://localhost:3000 (listening on 0.0.0.0:3000; database: PostgreSQL)',
    ]);
  });
});

describe('who may read /metrics', () => {
  it('allows loopback by default, and takes a list of addresses, ranges and named ranges', () => {
    expect(loadConfig({}).METRICS_ALLOW).toEqual(['loopback']);
    expect(loadConfig({ METRICS_ALLOW: ' 10.0.0.5, 10.1.0.0/16 ,uniquelocal' }).METRICS_ALLOW).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'uniquelocal',
    ]);
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
  });

  it('refuses an entry that is no address or range, and a short token', () => {
    expect(() => loadConfig({ METRICS_ALLOW: 'loopback,prometheus.local' })).toThrow(
      /METRICS_ALLOW: not an address or CIDR range: prometheus.local/,
    );
    expect(() => loadConfig({ METRICS_ALLOW: '0.0.0.0/0' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
  });
});

describe('how long a stop may take', () => {
  it('is 25 seconds unless SHUTDOWN_TIMEOUT_SECONDS says otherwise, at least 2', () => {
    expect(loadConfig({}).SHUTDOWN_TIMEOUT_SECONDS).toBe(25);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '5' }).SHUTDOWN_TIMEOUT_SECONDS).toBe(5);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '1' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });
});

describe('key lists', () => {
  it('reads JWT_SECRET and GOOGLE_TOKEN_KEY as comma-separated keys, the first one first', () => {
    const key = (letter: string) => letter.repeat(32);
    expect(loadConfig({ JWT_SECRET: key('a') }).JWT_SECRET).toEqual([key('a')]);
    expect(loadConfig({ JWT_SECRET: `${key('b')}, ${key('a')},` }).JWT_SECRET).toEqual([key('b'), key('a')]);
    expect(loadConfig({ GOOGLE_TOKEN_KEY: `${key('n')},${key('o')}` }).GOOGLE_TOKEN_KEY).toEqual([
      key('n'),
      key('o'),
    ]);
    expect(loadConfig({ JWT_SECRET: ' ' }).JWT_SECRET).toBeUndefined();
  });

  it('refuses a key shorter than 32 characters, naming its place in the list', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ GOOGLE_TOKEN_KEY: `${'n'.repeat(32)},short` })).toThrow(
      /GOOGLE_TOKEN_KEY: every key must be at least 32 characters \(not key 2 of the list\)/,
    );
  });
});
