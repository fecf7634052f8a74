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
});
