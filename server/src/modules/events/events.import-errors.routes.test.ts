/** Issue 19: a broken event in an .ics file is reported in the import's errors; the rest imports. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app);
});
afterAll(() => t.close());

function importIcs(user: TestUser, content: string) {
  const body = multipart({}, { name: 'calendar.ics', content, type: 'text/calendar' });
  return t.app.inject({
    method: 'POST',
    url: '/api/events/import',
    payload: body.payload,
    headers: { ...user.headers, ...body.headers },
  });
}

const vevent = (uid: string, lines: string[]) =>
  ['BEGIN:VEVENT', `UID:${uid}`, ...lines, 'END:VEVENT'].join('\r\n');

describe('importing an .ics file with broken events', () => {
  it('reports each broken event by UID with its reason and imports the others', async () => {
    const user = await createUser(t.app);
    const content = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//errors//EN',
      vevent('year-99999', ['DTSTART:999991201T100000Z', 'SUMMARY:Far future']),
      vevent('not-a-date', ['DTSTART:notadate', 'SUMMARY:No date']),
      vevent('nul', ['DTSTART:20250301T100000Z', 'SUMMARY:Bad\u0000title']),
      vevent('billion', ['DTSTART:20250301T100000Z', 'RRULE:FREQ=DAILY;COUNT=1000000000', 'SUMMARY:Forever']),
      vevent('good', ['DTSTART:20250301T100000Z', 'DTEND:20250301T110000Z', 'SUMMARY:Kept']),
      vevent('good-series', [
        'DTSTART:20250303T090000Z',
        'DTEND:20250303T093000Z',
        'RRULE:FREQ=DAILY;COUNT=3',
        'SUMMARY:Three days',
      ]),
      'END:VCALENDAR',
    ].join('\r\n');
    const response = await importIcs(user, content);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.imported).toBe(2);
    expect(result.skipped).toBe(4);
    const reasons = Object.fromEntries(
      result.errors.map((error: { uid: string; error: string }) => [error.uid, error.error]),
    );
    expect(Object.keys(reasons).sort()).toEqual(['billion', 'not-a-date', 'nul', 'year-99999']);
    expect(reasons.nul).toBe("The event's SUMMARY contains a NUL character");
    expect(reasons.billion).toBe(
      'The repeat rule has 1000000000 occurrences (COUNT); Relate imports at most 10,000',
    );
    expect(reasons['not-a-date']).toBe('The event has no valid start (DTSTART)');
    expect(reasons['year-99999']).toMatch(/DTSTART/);

    const listed = await t
      .as(user)
      .get('/api/events?start_date=2025-03-01T00:00:00Z&end_date=2025-03-10T00:00:00Z');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().events.map((event: { title: string }) => event.title)).toEqual([
      'Kept',
      'Three days',
      'Three days',
      'Three days',
    ]);
  });

  it('skips an event whose INTERVAL does not fit (2^31) and reports its line; the others import', async () => {
    const user = await createUser(t.app);
    const content = [
      'BEGIN:VCALENDAR', // line 1
      'VERSION:2.0',
      vevent('good', ['DTSTART:20250301T100000Z', 'DTEND:20250301T110000Z', 'SUMMARY:Kept']), // lines 3-8
      vevent('huge-interval', [
        'DTSTART:20250302T100000Z',
        'RRULE:FREQ=DAILY;INTERVAL=2147483648',
        'SUMMARY:Never',
      ]), // lines 9-14
      vevent('zero-interval', ['DTSTART:20250302T100000Z', 'RRULE:FREQ=WEEKLY;INTERVAL=0', 'SUMMARY:Zero']), // 15-19
      'END:VCALENDAR',
    ].join('\r\n');
    const response = await importIcs(user, content);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ imported: 1, skipped: 2 });
    expect(response.json().errors).toEqual([
      {
        uid: 'huge-interval',
        line: 9,
        error: "The repeat rule's INTERVAL (2147483648) must be between 1 and 999",
      },
      // The parser refuses it (and so the whole file): that event is read again on its own.
      {
        uid: 'zero-interval',
        line: 15,
        error: 'The event could not be read: Cannot create RRule: interval must be greater than 0',
      },
    ]);
  });

  it('refuses years outside 1000-9999 as written (0099 is not 1999, 0000 is not 1900), with the line', async () => {
    const user = await createUser(t.app);
    const content = [
      'BEGIN:VCALENDAR', // line 1
      'VERSION:2.0',
      vevent('year-0099', ['DTSTART:00990501T100000Z', 'SUMMARY:Ninety-nine']), // 3-7
      vevent('year-0000', ['DTSTART:00000101T000000Z', 'SUMMARY:Zero']), // 8-12
      vevent('all-day-0099', ['DTSTART;VALUE=DATE:00990501', 'SUMMARY:All day']), // 13-17
      vevent('until-0099', [
        'DTSTART:20250301T100000Z',
        'RRULE:FREQ=DAILY;UNTIL=00991231T000000Z',
        'SUMMARY:U',
      ]), // 18-23
      vevent('end-0099', ['DTSTART:20250301T100000Z', 'DTEND:00990301T110000Z', 'SUMMARY:E']), // 24-29
      vevent('kept', ['DTSTART:20250301T100000Z', 'SUMMARY:Kept']), // 30-34
      'END:VCALENDAR',
    ].join('\r\n');
    const response = await importIcs(user, content);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ imported: 1, skipped: 5 });
    expect(result.errors.map((error: { uid: string; line: number }) => [error.uid, error.line])).toEqual([
      ['year-0099', 3],
      ['year-0000', 8],
      ['all-day-0099', 13],
      ['until-0099', 18],
      ['end-0099', 24],
    ]);
    expect(result.errors[0].error).toBe(
      "The event's start (DTSTART) is in the year 0099, outside the years 1000-9999",
    );
    expect(result.errors[3].error).toBe(
      "The repeat rule's end (UNTIL) is in the year 0099, outside the years 1000-9999",
    );
    for (const [from, to] of [
      ['1999-01-01', '1999-12-31'],
      ['1900-01-01', '1900-12-31'],
    ]) {
      const listed = await t
        .as(user)
        .get(`/api/events?start_date=${from}T00:00:00Z&end_date=${to}T00:00:00Z`);
      expect(listed.json().events).toEqual([]);
    }
  });
});
