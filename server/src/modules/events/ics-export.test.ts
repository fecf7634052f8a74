import { describe, expect, it } from 'vitest';
import { joinCalendars } from './ics';

const page = (uid: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Relate//Relate//EN',
    'BEGIN:VTIMEZONE',
    'TZID:America/New_York',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'BEGIN:VALARM',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

async function text(pages: string[]) {
  let out = '';
  for await (const chunk of joinCalendars(
    (async function* () {
      yield* pages;
    })(),
  ))
    out += chunk;
  return out;
}

describe('a calendar exported a page at a time', () => {
  it('is one calendar: one header, every event, each time zone once, one end', async () => {
    const ics = await text([page('a'), page('b'), page('c')]);
    expect(ics.match(/^BEGIN:VCALENDAR\r$/gm)).toHaveLength(1);
    expect(ics.match(/^END:VCALENDAR\r$/gm)).toHaveLength(1);
    expect(ics.match(/^TZID:America\/New_York\r$/gm)).toHaveLength(1);
    expect(ics.match(/^UID:.*\r$/gm)).toEqual(['UID:a\r', 'UID:b\r', 'UID:c\r']);
    expect(ics.match(/^END:VALARM\r$/gm)).toHaveLength(3);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('is an empty calendar when there are no events', async () => {
    const ics = await text([]);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).not.toContain('BEGIN:VEVENT');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
