import { describe, expect, it } from 'vitest';
import { formatAge, formatCount, formatDate, formatDateTime, formatEventSpan, formatNumber } from './format';

describe('formatAge', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it("says 'Just now' under an hour, then hours under a day, then days", () => {
    expect(formatAge('2026-11-23T11:30:00Z', now)).toBe('Just now');
    expect(formatAge('2026-11-23T09:00:00Z', now)).toBe('3h ago');
    expect(formatAge('2026-11-22T12:30:00Z', now)).toBe('23h ago');
    expect(formatAge('2026-11-20T12:00:00Z', now)).toBe('3d ago');
  });
});

describe('formatDate / formatDateTime / formatNumber', () => {
  it('follow the locale and keep a date-only value on its calendar day', () => {
    expect(formatDate('2026-01-05')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(2026, 0, 5)),
    );
    expect(formatDate('2026-01-05')).toContain('2026');
    // A birthday kept without its year (decision 41) shows month and day only.
    expect(formatDate('0004-12-10')).toBe(
      new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }).format(new Date(2000, 11, 10)),
    );
    expect(formatDate('0004-12-10')).not.toMatch(/4/);
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2026-02-30')).toBe('');
    expect(formatDateTime('2026-01-05T10:30:00')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(2026, 0, 5, 10, 30),
      ),
    );
    expect(formatNumber(12500)).toBe((12500).toLocaleString());
  });
});

describe('formatEventSpan', () => {
  const dates = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
  it('shows an all-day event as its UTC dates, whether its end is inclusive or exclusive', () => {
    const christmas = dates.formatRange(new Date('2026-12-24T00:00:00Z'), new Date('2026-12-26T00:00:00Z'));
    expect(formatEventSpan('2026-12-24T00:00:00.000Z', '2026-12-26T23:59:59.000Z', true)).toBe(christmas);
    expect(formatEventSpan('2026-12-24T00:00:00.000Z', '2026-12-27T00:00:00.000Z', true)).toBe(christmas);
    expect(formatEventSpan('2026-12-24T00:00:00.000Z', '2026-12-25T00:00:00.000Z', true)).toBe(
      dates.format(new Date('2026-12-24T00:00:00Z')),
    );
  });

  it('shows a timed event in local time, with its date once', () => {
    const start = '2026-12-03T14:00:00.000Z';
    const end = '2026-12-03T15:30:00.000Z';
    expect(formatEventSpan(start, end, false)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).formatRange(
        new Date(start),
        new Date(end),
      ),
    );
  });
});

describe('formatCount', () => {
  it('formats the number and picks the noun by the plural rules', () => {
    expect(formatCount(1, 'contact', 'contacts')).toBe('1 contact');
    expect(formatCount(0, 'contact', 'contacts')).toBe(`${formatNumber(0)} contacts`);
    expect(formatCount(60000, 'row was', 'rows were')).toBe(`${formatNumber(60000)} rows were`);
    expect(formatCount(60000, 'row', 'rows')).not.toContain('60000');
  });
});
