import { describe, expect, it } from 'vitest';
import { ageOn, describeCadence, nextFollowUp, reminderDay, snoozedUntil } from './cadence';

describe('stay-in-touch cadence', () => {
  it('adds days and weeks to the local day of the last contact, due at 09:00 there', () => {
    // 23:30 in New York on 10 March is already 11 March in UTC: the local day counts.
    const last = new Date('2026-03-11T03:30:00Z');
    expect(nextFollowUp(last, { every: 3, unit: 'day' }, 'America/New_York').toISOString()).toBe(
      '2026-03-13T13:00:00.000Z',
    );
    expect(nextFollowUp(last, { every: 1, unit: 'week' }, 'America/New_York').toISOString()).toBe(
      '2026-03-17T13:00:00.000Z',
    );
  });

  it('keeps 09:00 local across a daylight-saving change', () => {
    // Berlin leaves CET (UTC+1) for CEST (UTC+2) on 29 March 2026.
    const last = new Date('2026-03-27T10:00:00Z');
    expect(nextFollowUp(last, { every: 1, unit: 'week' }, 'Europe/Berlin').toISOString()).toBe(
      '2026-04-03T07:00:00.000Z',
    );
    expect(nextFollowUp(last, { every: 1, unit: 'day' }, 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T08:00:00.000Z',
    );
  });

  it('lands on the last day of a shorter month', () => {
    const utc = (iso: string) =>
      nextFollowUp(new Date(iso), { every: 1, unit: 'month' }, 'UTC').toISOString();
    expect(utc('2026-01-31T15:00:00Z')).toBe('2026-02-28T09:00:00.000Z');
    expect(utc('2028-01-31T15:00:00Z')).toBe('2028-02-29T09:00:00.000Z');
    expect(utc('2026-03-31T15:00:00Z')).toBe('2026-04-30T09:00:00.000Z');
    expect(
      nextFollowUp(new Date('2026-11-30T12:00:00Z'), { every: 3, unit: 'month' }, 'UTC').toISOString(),
    ).toBe('2027-02-28T09:00:00.000Z');
  });

  it('counts months in the user’s zone, where the month may already have turned', () => {
    // 31 January 20:00 UTC is 1 February in Tokyo: one month later is 1 March there.
    const last = new Date('2026-01-31T20:00:00Z');
    expect(nextFollowUp(last, { every: 1, unit: 'month' }, 'Asia/Tokyo').toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });

  it('snoozes to 09:00 of a later local day', () => {
    const now = new Date('2026-11-27T23:30:00Z'); // already 28 November in Auckland
    expect(snoozedUntil(now, 1, 'Pacific/Auckland').toISOString()).toBe('2026-11-28T20:00:00.000Z');
    expect(snoozedUntil(now, 7, 'UTC').toISOString()).toBe('2026-12-04T09:00:00.000Z');
  });

  it('knows the local day and whether its reminder hour has come', () => {
    expect(reminderDay(new Date('2026-11-28T08:59:00Z'), 'UTC')).toEqual({ date: '2026-11-28', due: false });
    expect(reminderDay(new Date('2026-11-28T08:00:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-11-28',
      due: true,
    });
  });

  it('describes a cadence and a birthday’s age', () => {
    expect(describeCadence({ every: 1, unit: 'week' })).toBe('every week');
    expect(describeCadence({ every: 3, unit: 'month' })).toBe('every 3 months');
    expect(ageOn('1990-05-01', 2026)).toBe(36);
    expect(ageOn('0004-05-01', 2026)).toBeNull();
  });
});
