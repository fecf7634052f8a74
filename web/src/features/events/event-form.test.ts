import { describe, expect, it } from 'vitest';
import { alertMinutes, newEventValues, toEventPayload } from './event-form';

describe('event form', () => {
  it('falls back to 15 alert minutes for non-numeric or zero input', () => {
    expect(alertMinutes('abc')).toBe(15);
    expect(alertMinutes('0')).toBe(15);
    expect(alertMinutes('')).toBe(15);
    expect(alertMinutes('30')).toBe(30);
  });

  it('sends weekdays only for a weekly repeat, and the defaults of spec section 9', () => {
    const values = newEventValues(new Date(2026, 10, 23, 9), new Date(2026, 10, 23, 10));
    expect(values.alert_minutes).toBe('15');
    expect(values.repeat_interval).toBe('1');
    const payload = toEventPayload({ ...values, title: ' Standup ', repeat_days: [3, 1] });
    expect(payload).toMatchObject({
      title: 'Standup',
      repeat_pattern: 'none',
      repeat_days: [],
      alert_minutes: 15,
    });
    const weekly = toEventPayload({
      ...values,
      title: 'Standup',
      repeat_pattern: 'weekly',
      repeat_days: [5, 1, 3],
    });
    expect(weekly.repeat_days).toEqual([1, 3, 5]);
    expect(new Date(weekly.start_datetime).getHours()).toBe(9);
  });
});
