import { describe, expect, it } from 'vitest';
import { occurrencesBetween, type Series } from './recurrence';

const series = (overrides: Partial<Series>): Series => ({
  startAt: new Date('2026-03-02T08:00:00Z'), // Monday 09:00 in Berlin (CET)
  endAt: new Date('2026-03-02T09:00:00Z'),
  timezone: 'Europe/Berlin',
  allDay: false,
  repeatPattern: 'none',
  repeatInterval: 1,
  repeatDays: [],
  repeatEndDate: null,
  ...overrides,
});

const berlin = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(date);

describe('occurrencesBetween', () => {
  it('keeps 09:00 Berlin time for a weekly Mon/Wed/Fri series across the March DST change', () => {
    const weekly = series({ repeatPattern: 'weekly', repeatDays: [1, 3, 5] });
    const found = occurrencesBetween(
      weekly,
      new Date('2026-03-23T00:00:00Z'),
      new Date('2026-04-04T00:00:00Z'),
    );
    expect(found.map((occurrence) => berlin(occurrence.start))).toEqual([
      '23/03/2026, 09:00',
      '25/03/2026, 09:00',
      '27/03/2026, 09:00',
      '30/03/2026, 09:00',
      '01/04/2026, 09:00',
      '03/04/2026, 09:00',
    ]);
    // Before the change 09:00 is 08:00 UTC, after it 07:00 UTC.
    expect(found[0].start.toISOString()).toBe('2026-03-23T08:00:00.000Z');
    expect(found[3].start.toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(found[3].end.getTime() - found[3].start.getTime()).toBe(3_600_000);
  });

  it('gives every third day up to the end date', () => {
    const daily = series({
      repeatPattern: 'daily',
      repeatInterval: 3,
      repeatEndDate: new Date('2026-03-10T00:00:00Z'),
    });
    expect(
      occurrencesBetween(daily, new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z')).map((o) =>
        berlin(o.start),
      ),
    ).toEqual(['02/03/2026, 09:00', '05/03/2026, 09:00', '08/03/2026, 09:00']);
  });

  it('gives every other month on the start date, up to and including the end date', () => {
    const monthly = series({
      repeatPattern: 'monthly',
      repeatInterval: 2,
      repeatEndDate: new Date('2026-09-02T00:00:00Z'),
    });
    expect(
      occurrencesBetween(monthly, new Date('2026-03-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z')).map(
        (o) => berlin(o.start),
      ),
    ).toEqual(['02/03/2026, 09:00', '02/05/2026, 09:00', '02/07/2026, 09:00', '02/09/2026, 09:00']);
  });

  it('gives the same date every year until the end date, which excludes a later anniversary', () => {
    const yearly = series({ repeatPattern: 'yearly', repeatEndDate: new Date('2028-03-01T00:00:00Z') });
    expect(
      occurrencesBetween(yearly, new Date('2026-01-01T00:00:00Z'), new Date('2029-12-31T00:00:00Z')).map(
        (o) => berlin(o.start),
      ),
    ).toEqual(['02/03/2026, 09:00', '02/03/2027, 09:00']);
  });

  it('gives Mondays and Thursdays of every second week', () => {
    const fortnightly = series({ repeatPattern: 'weekly', repeatInterval: 2, repeatDays: [1, 4] });
    expect(
      occurrencesBetween(fortnightly, new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z')).map(
        (o) => berlin(o.start),
      ),
    ).toEqual([
      '02/03/2026, 09:00',
      '05/03/2026, 09:00',
      '16/03/2026, 09:00',
      '19/03/2026, 09:00',
      '30/03/2026, 09:00',
    ]);
  });

  it('returns a single event when it touches the range, nothing otherwise', () => {
    expect(
      occurrencesBetween(series({}), new Date('2026-03-02T08:30:00Z'), new Date('2026-03-03T00:00:00Z')),
    ).toHaveLength(1);
    expect(
      occurrencesBetween(series({}), new Date('2026-03-03T00:00:00Z'), new Date('2026-03-04T00:00:00Z')),
    ).toHaveLength(0);
  });
});
