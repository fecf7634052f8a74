import { describe, expect, it } from 'vitest';
import {
  MAX_SERIES_OCCURRENCES,
  occurrencesBetween,
  rruleText,
  ruleZone,
  type Series,
  seriesRule,
} from './recurrence';
import { fromFloating } from './time-zone';

const series = (overrides: Partial<Series>): Series => ({
  startAt: new Date('2026-03-02T08:00:00Z'), // Monday 09:00 in Berlin (CET)
  endAt: new Date('2026-03-02T09:00:00Z'),
  timezone: 'Europe/Berlin',
  allDay: false,
  repeatPattern: 'none',
  repeatInterval: 1,
  repeatDays: [],
  repeatEndDate: null,
  repeatWeek: null,
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

describe('expansion starts at the window, not at the first occurrence', () => {
  const reference = (s: Series, from: Date, to: Date) => {
    // The plain rule from DTSTART, walked from the beginning.
    const rule = seriesRule(s)!;
    const duration = s.endAt.getTime() - s.startAt.getTime();
    return rule
      .between(
        new Date(from.getTime() - duration - 2 * 86_400_000),
        new Date(to.getTime() + 2 * 86_400_000),
        true,
      )
      .map((floating) => fromFloating(floating, ruleZone(s)).toISOString())
      .filter((start) => new Date(start) < to && new Date(start).getTime() + duration > from.getTime());
  };

  const cases: Partial<Series>[] = [
    { repeatPattern: 'daily', repeatInterval: 1 },
    { repeatPattern: 'daily', repeatInterval: 3 },
    { repeatPattern: 'weekly', repeatInterval: 2, repeatDays: [1, 4] },
    { repeatPattern: 'weekly', repeatInterval: 1, repeatDays: [] },
    {
      repeatPattern: 'monthly',
      repeatInterval: 1,
      startAt: new Date('2024-01-31T08:00:00Z'),
      endAt: new Date('2024-01-31T09:00:00Z'),
    },
    { repeatPattern: 'monthly', repeatInterval: 5 },
    {
      repeatPattern: 'yearly',
      repeatInterval: 1,
      startAt: new Date('2024-02-29T08:00:00Z'),
      endAt: new Date('2024-02-29T09:00:00Z'),
    },
    {
      repeatPattern: 'yearly',
      repeatInterval: 2,
      allDay: true,
      startAt: new Date('2024-07-04T00:00:00Z'),
      endAt: new Date('2024-07-05T00:00:00Z'),
    },
    { repeatPattern: 'weekly', repeatInterval: 1, repeatDays: [0, 6], timezone: 'America/New_York' },
  ];

  it('gives exactly the occurrences the rule walked from its start gives, for every kind of series', () => {
    for (const overrides of cases) {
      const s = series(overrides);
      for (const [from, to] of [
        ['2026-03-01', '2026-04-15'],
        ['2028-02-01', '2028-03-05'],
        ['2030-10-20', '2031-11-02'],
      ]) {
        const window = [new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`)] as const;
        const found = occurrencesBetween(s, ...window).map((o) => o.start.toISOString());
        expect(found, `${JSON.stringify(overrides)} ${from}..${to}`).toEqual(reference(s, ...window));
      }
    }
  });

  it('a daily series from the year 1 starts its walk next to the window', () => {
    const ancient = series({
      startAt: new Date('0001-01-01T10:00:00Z'),
      endAt: new Date('0001-01-01T11:00:00Z'),
      timezone: 'UTC',
      repeatPattern: 'daily',
    });
    const from = new Date('2026-11-23T00:00:00Z');
    const rule = seriesRule(ancient, from)!;
    expect(from.getTime() - rule.options.dtstart.getTime()).toBeLessThan(86_400_000);
    const week = occurrencesBetween(ancient, from, new Date('2026-11-30T00:00:00Z'));
    expect(week.map((o) => o.start.toISOString())).toEqual(
      ['23', '24', '25', '26', '27', '28', '29'].map((day) => `2026-11-${day}T10:00:00.000Z`),
    );
  });

  it('a daily series whose occurrences last 9,000 years gives at most the cap: the latest ones', () => {
    const endless = series({
      startAt: new Date('1000-01-01T09:00:00Z'),
      endAt: new Date('9999-01-01T00:00:00Z'),
      timezone: 'UTC',
      repeatPattern: 'daily',
    });
    const day = occurrencesBetween(
      endless,
      new Date('2026-11-23T00:00:00Z'),
      new Date('2026-11-24T00:00:00Z'),
    );
    // The walk is widened by a day past the window for zone offsets: that day's occurrence is dropped.
    expect(day.length).toBeGreaterThan(MAX_SERIES_OCCURRENCES - 3);
    expect(day.length).toBeLessThanOrEqual(MAX_SERIES_OCCURRENCES);
    // Every one still runs on that day; the last began on it.
    expect(day.at(-1)!.start.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(day.every((o) => o.end > new Date('2026-11-23T00:00:00Z'))).toBe(true);
  });
});

describe('monthly on the nth weekday', () => {
  it('gives the second Tuesday of each month at 18:00 Berlin, also from an old start, and writes BYDAY=2TU', () => {
    const board = series({
      startAt: new Date('2026-01-13T17:00:00Z'), // Tuesday 13 January 2026, 18:00 in Berlin: the second Tuesday
      endAt: new Date('2026-01-13T18:00:00Z'),
      repeatPattern: 'monthly',
      repeatWeek: 2,
    });
    expect(
      occurrencesBetween(board, new Date('2026-02-01T00:00:00Z'), new Date('2026-05-01T00:00:00Z')).map((o) =>
        berlin(o.start),
      ),
    ).toEqual(['10/02/2026, 18:00', '10/03/2026, 18:00', '14/04/2026, 18:00']);
    expect(rruleText(board)).toBe('FREQ=MONTHLY;INTERVAL=1;BYDAY=2TU');
    const old = series({
      ...board,
      startAt: new Date('1990-01-09T17:00:00Z'),
      endAt: new Date('1990-01-09T18:00:00Z'),
    });
    expect(
      occurrencesBetween(old, new Date('2026-11-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z')).map((o) =>
        berlin(o.start),
      ),
    ).toEqual(['10/11/2026, 18:00', '08/12/2026, 18:00']);
  });

  it('gives the last Friday of every other month', () => {
    const review = series({
      startAt: new Date('2026-01-30T14:00:00Z'), // the last Friday of January 2026
      endAt: new Date('2026-01-30T15:00:00Z'),
      timezone: 'UTC',
      repeatPattern: 'monthly',
      repeatInterval: 2,
      repeatWeek: -1,
    });
    expect(
      occurrencesBetween(review, new Date('2026-01-01T00:00:00Z'), new Date('2026-08-01T00:00:00Z')).map(
        (o) => o.start.toISOString().slice(0, 10),
      ),
    ).toEqual(['2026-01-30', '2026-03-27', '2026-05-29', '2026-07-31']);
    expect(rruleText(review)).toBe('FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR');
  });
});
