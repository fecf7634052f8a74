import { describe, expect, it } from 'vitest';
import { describeRepeat } from './repeat-text';

const series = {
  repeat_pattern: 'weekly' as const,
  repeat_interval: 1,
  repeat_days: [3, 1],
  repeat_week: null,
  repeat_end_date: '2027-01-31T22:59:59.000Z',
  series_start: '2026-11-02T09:00:00.000Z',
  all_day: false,
  timezone: 'Europe/Berlin',
};

describe('a repeat in words', () => {
  it('names the weekdays and the last date', () => {
    expect(describeRepeat(series, 'en-GB')).toBe('Every week on Monday and Wednesday until 31 Jan 2027');
    expect(describeRepeat(series, 'en-US')).toBe('Every week on Monday and Wednesday until Jan 31, 2027');
  });

  it('uses the locale for day and month names', () => {
    expect(describeRepeat({ ...series, repeat_end_date: null }, 'de-DE')).toBe(
      'Every week on Montag und Mittwoch',
    );
  });

  it('reads dates in the event zone: a repeat ending at 23:59 in Berlin ends on that Berlin date', () => {
    expect(describeRepeat({ ...series, timezone: 'Asia/Tokyo' }, 'en-GB')).toMatch(/until 1 Feb 2027$/);
  });

  it('counts the interval and falls back to the start weekday', () => {
    expect(describeRepeat({ ...series, repeat_interval: 2, repeat_days: [] }, 'en-GB')).toBe(
      'Every 2 weeks on Monday until 31 Jan 2027',
    );
  });

  it('says on which day a monthly or yearly repeat falls', () => {
    const start = { ...series, repeat_end_date: null, series_start: '2026-03-15T09:00:00.000Z' };
    expect(describeRepeat({ ...start, repeat_pattern: 'daily' }, 'en-GB')).toBe('Every day');
    expect(describeRepeat({ ...start, repeat_pattern: 'monthly', repeat_interval: 3 }, 'en-GB')).toBe(
      'Every 3 months on day 15',
    );
    expect(describeRepeat({ ...start, repeat_pattern: 'yearly' }, 'en-GB')).toBe('Every year on 15 March');
  });

  it('dates an all-day series in UTC, where it is dated', () => {
    const allDay = {
      ...series,
      all_day: true,
      timezone: 'America/Los_Angeles',
      series_start: '2026-11-02T00:00:00.000Z',
      repeat_days: [],
      repeat_end_date: '2027-01-31T23:59:59.000Z',
    };
    expect(describeRepeat(allDay, 'en-GB')).toBe('Every week on Monday until 31 Jan 2027');
  });

  it('is null for an event that does not repeat', () => {
    expect(describeRepeat({ ...series, repeat_pattern: 'none' })).toBeNull();
  });

  it('names the nth weekday of a monthly repeat (BYDAY=2TU, -1FR)', () => {
    const board = { ...series, repeat_end_date: null, repeat_pattern: 'monthly' as const, repeat_days: [] };
    expect(
      describeRepeat({ ...board, repeat_week: 2, series_start: '2026-01-13T17:00:00.000Z' }, 'en-GB'),
    ).toBe('Every month on the second Tuesday');
    expect(
      describeRepeat({ ...board, repeat_week: -1, series_start: '2026-01-30T14:00:00.000Z' }, 'en-GB'),
    ).toBe('Every month on the last Friday');
  });
});
