import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { clockFrom } from './time';

describe('clockFrom (CLOCK_START)', () => {
  it('reads the chosen instant at first and runs on at the real pace', () => {
    let real = Date.parse('2026-11-27T14:00:00Z');
    const clock = clockFrom(new Date('2028-02-29T09:00:00Z'), () => real);
    expect(clock().toISOString()).toBe('2028-02-29T09:00:00.000Z');
    real += 90_000;
    expect(clock().toISOString()).toBe('2028-02-29T09:01:30.000Z');
  });

  it('is refused at start when it is not an ISO 8601 instant', () => {
    expect(() => loadConfig({ CLOCK_START: 'next tuesday' })).toThrow(/CLOCK_START/);
    expect(loadConfig({ CLOCK_START: '2026-12-31T23:30:00+01:00' }).CLOCK_START).toBe(
      '2026-12-31T23:30:00+01:00',
    );
  });
});
