import { startFakeGoogle } from '../server/test/fakes/google/server';
import { connectGoogle } from '../server/test/google';
import { createTestApp, createUser } from '../server/test/test-app';
import { type BenchResult, type BenchSuite, benchDatabases, percentile, scaled } from './harness';

const CONTACTS = scaled(10_000);
const EVENTS = scaled(2_000);
const FIRST_PREVIEW_GOAL_MS = 30_000;
const HEALTH_GOAL_MS = 100;
const HEALTH_EVERY_MS = 20;
const DAY = 86_400_000;

/**
 * Issue 30, item 7: the first preview of a large Google account (CONTACTS contacts and EVENTS events in
 * the fake Google of server/test/fakes/google, the contacts and calendar previews started together as
 * the two Preview buttons do) until both wait for review, and `/api/health` asked every 20 ms meanwhile.
 * Before the fix the contacts preview answered 500 (PostgreSQL's 65,535 bind parameters).
 */
const suite: BenchSuite = {
  name: 'google-sync',
  async run(log) {
    const results: BenchResult[] = [];
    for (const open of benchDatabases()) {
      const database = await open();
      const google = await startFakeGoogle();
      const { app, close } = await createTestApp({
        database: database.handle,
        env: { ...google.env, PUBLIC_URL: 'http://relate.test', API_RATE_LIMIT_PER_MINUTE: '100000000' },
      });
      try {
        const sub = '100000000000000088888';
        google.fake.addAccount({ sub, email: 'bench@gmail.example', name: 'Bench Book' });
        for (let index = 0; index < CONTACTS; index++) {
          google.fake.addContact(sub, {
            names: [{ givenName: `G${index}`, familyName: 'Bench' }],
            emailAddresses: [{ value: `g${index}@bench.example`, type: 'work' }],
            phoneNumbers: [{ value: `+1 555 ${String(index).padStart(7, '0')}`, type: 'mobile' }],
            organizations: [{ name: `Co ${index % 50}`, title: 'Buyer' }],
          });
        }
        const today = Math.floor(Date.now() / DAY) * DAY;
        for (let index = 0; index < EVENTS; index++) {
          const start = new Date(today + (1 + (index % 60)) * DAY + (8 + (index % 9)) * 3_600_000);
          google.fake.calendar.addEvent(sub, {
            summary: `Bench event ${index}`,
            start: { dateTime: start.toISOString(), timeZone: 'UTC' },
            end: { dateTime: new Date(start.getTime() + 3_600_000).toISOString(), timeZone: 'UTC' },
          });
        }
        const user = await createUser(app);
        await connectGoogle(app, google.fake, user, sub);

        const health: number[] = [];
        let previewing = true;
        const probe = (async () => {
          while (previewing) {
            const start = performance.now();
            await app.inject({ method: 'GET', url: '/api/health' });
            health.push(performance.now() - start);
            await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
          }
        })();
        const started = performance.now();
        const [contacts, events] = await Promise.all(
          ['contacts', 'calendar'].map((noun) =>
            app.inject({
              method: 'GET',
              url: `/api/auth/google/${noun}?preview=true`,
              headers: user.headers,
            }),
          ),
        ).finally(() => {
          previewing = false;
        });
        const elapsed = performance.now() - started;
        await probe;
        const waiting = [contacts.json().items?.length, events.json().items?.length];
        const reached = waiting[0] === CONTACTS && waiting[1] === EVENTS;
        log(
          `${database.label}: ${CONTACTS} contacts and ${EVENTS} events previewed in ${(elapsed / 1000).toFixed(1)} s (answers ${contacts.statusCode} / ${events.statusCode})`,
        );
        results.push({
          suite: suite.name,
          database: database.label,
          case: `first preview, ${CONTACTS} contacts + ${EVENTS} events`,
          runs: 1,
          p50: elapsed,
          p95: elapsed,
          goalMs: FIRST_PREVIEW_GOAL_MS,
          ...(reached
            ? {}
            : {
                failed: `waiting for review: ${waiting.join(' / ')} (${contacts.statusCode} / ${events.statusCode})`,
              }),
        });
        health.sort((a, b) => a - b);
        results.push({
          suite: suite.name,
          database: database.label,
          case: '/api/health during that preview',
          runs: health.length,
          p50: percentile(health, 50),
          p95: percentile(health, 95),
          goalMs: HEALTH_GOAL_MS,
          note: `p99 ${percentile(health, 99).toFixed(1)} ms, max ${health[health.length - 1].toFixed(1)} ms (goal p99 < ${HEALTH_GOAL_MS} ms)`,
        });
      } finally {
        await close();
        await google.close();
        await database.dispose();
      }
    }
    return results;
  },
};

export default suite;
