import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';
import { MAX_SERIES_OCCURRENCES } from '../../lib/recurrence';

/**
 * Issue 30, item 2: one daily event from 1000-01-01 lasting until 9999-01-01 made every GET /api/events
 * walk every day since the year 1000 (8-13 s, the server frozen meanwhile) and end in 400.
 */
let t: TestApp;
const now = new Date('2026-11-23T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  await createUser(t.app);
});
afterAll(() => t.close());

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** 1,000 events around the window: 900 single ones over a year, 100 weekly series. */
function calendar(): string {
  const events: string[] = [];
  for (let i = 0; i < 1000; i++) {
    const start = new Date(Date.UTC(2026, 5, 1 + (i % 365), 8 + (i % 9), 0));
    const rule = i % 10 === 0 ? `RRULE:FREQ=WEEKLY;BYDAY=${['MO', 'WE', 'FR'][i % 3]}\r\n` : '';
    events.push(
      `BEGIN:VEVENT\r\nUID:load-${i}@test\r\nSUMMARY:Event ${pad(i % 100)}\r\nDTSTART:${stamp(start)}\r\n` +
        `DTEND:${stamp(new Date(start.getTime() + 3_600_000))}\r\n${rule}END:VEVENT\r\n`,
    );
  }
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${events.join('')}END:VCALENDAR\r\n`;
}

async function load(user: TestUser) {
  const body = multipart({}, { name: 'load.ics', content: calendar(), type: 'text/calendar' });
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/events/import',
    payload: body.payload,
    headers: { ...user.headers, ...body.headers },
  });
  expect(imported.json()).toMatchObject({ imported: 1000 });
  const endless = await t.as(user).post('/api/events', {
    title: 'Endless',
    start_datetime: '1000-01-01T09:00:00Z',
    end_datetime: '9999-01-01T00:00:00Z',
    repeat_pattern: 'daily',
  });
  expect(endless.statusCode, endless.body).toBe(201);
}

describe('expanding a series costs what the window holds', () => {
  it('a 9,000-year daily series among 1,000 events: every calendar view answers without holding the event loop 100 ms', async () => {
    const user = await createUser(t.app);
    await load(user);
    const views = [
      ['2026-11-23', '2026-11-24'], // day
      ['2026-11-22', '2026-11-29'], // week
      ['2026-11-01', '2026-12-06'], // month (35 cells)
    ];
    const requests = async () => {
      for (const [from, to] of views) {
        const response = await t
          .as(user)
          .get(`/api/events?start_date=${from}T00:00:00Z&end_date=${to}T00:00:00Z`);
        expect(response.statusCode, response.body).toBe(200);
        const endless = response
          .json()
          .events.filter((event: { title: string }) => event.title === 'Endless');
        expect(endless.length).toBeGreaterThan(0);
        expect(endless.length).toBeLessThanOrEqual(MAX_SERIES_OCCURRENCES);
      }
      const upcoming = await t.as(user).get('/api/events/upcoming?days=7');
      expect(upcoming.statusCode, upcoming.body).toBe(200);
      const health = await t.as().get('/api/health');
      expect(health.statusCode).toBe(200);
    };
    // Warm-up: a route's first request compiles its serializer and the expansion's code is optimised,
    // and the import's garbage is collected: what is timed is what every later request costs (once
    // cost 8-13 s each).
    await requests();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await requests();
    delay.disable();
    expect(delay.max / 1e6).toBeLessThan(100);
  });
});
