import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '../server/src/db/client';
import { STALE_SYNC_RUN_MS } from '../server/src/modules/google/sync-runs';
import { type RunningFakeGoogle, startFakeGoogle } from '../server/test/fakes/google/server';
import type { ServerProcess } from '../server/test/server-process';
import { checkAcknowledged, eventTitles, sleep, startWriters } from './crash-writers';
import type { BenchLabel, BenchResult } from './harness';
import { api, check, connectGoogle, signIn, signUp, startServer, stop } from './processes';

/**
 * kill -9 of a server process in the middle of a Google contacts sync and a Google calendar sync
 * (both started together, against the fake Google of server/test/fakes/google holding
 * BENCH_CRASH_GOOGLE_CONTACTS contacts and BENCH_CRASH_GOOGLE_EVENTS events, each call answered
 * BENCH_CRASH_GOOGLE_LATENCY_MS later), while four clients keep creating contacts. The kill comes
 * BENCH_CRASH_SYNC_AFTER_MS after Google answered the last page of contacts, when the sync writes what
 * it read. Then a restart on the same data and both syncs again: the user's contacts and events are
 * Google's, each exactly once, every link carries Google's resource name and etag, a second sync finds
 * nothing to do, and every acknowledged write is there.
 */
const CONTACTS = Number(process.env.BENCH_CRASH_GOOGLE_CONTACTS ?? 3000);
const EVENTS = Number(process.env.BENCH_CRASH_GOOGLE_EVENTS ?? 1000);
const LATENCY_MS = Number(process.env.BENCH_CRASH_GOOGLE_LATENCY_MS ?? 150);
const KILL_AFTER_MS = Number(process.env.BENCH_CRASH_SYNC_AFTER_MS ?? 300);
/** People connections and calendar events per page, as Relate asks for them. */
const PAGE_SIZE = 1000;
const CALENDAR_PAGE_SIZE = 250;
const DAY = 86_400_000;

interface SyncAnswer {
  created: number;
  updated: number;
  deleted?: number;
  pushed: number;
  items: unknown[];
}

/** Google's side: one account holding the contacts and events the sync brings into Relate. */
function seedGoogle(google: RunningFakeGoogle, run: string) {
  const sub = `9${Date.now()}`;
  google.fake.addAccount({ sub, email: `sync-${run}@gmail.example`, name: 'Sync Crash' });
  for (let index = 0; index < CONTACTS; index++) {
    google.fake.addContact(sub, {
      names: [{ givenName: `G${index}`, familyName: `Synced ${run}` }],
      emailAddresses: [{ value: `g${index}.${run}@google.example`, type: 'work' }],
      phoneNumbers: [{ value: `+1 555 ${String(index).padStart(7, '0')}`, type: 'mobile' }],
      organizations: [{ name: `Google Co ${index % 50}`, title: 'Buyer' }],
    });
  }
  const today = Math.floor(Date.now() / DAY) * DAY;
  for (let index = 0; index < EVENTS; index++) {
    const start = new Date(today + (1 + (index % 60)) * DAY + (8 + (index % 9)) * 3_600_000);
    google.fake.calendar.addEvent(sub, {
      summary: `Synced event ${index} ${run}`,
      start: { dateTime: start.toISOString(), timeZone: 'UTC' },
      end: { dateTime: new Date(start.getTime() + 3_600_000).toISOString(), timeZone: 'UTC' },
    });
  }
  return sub;
}

/** The user's contacts that came from Google (not the writers'), by e-mail. */
async function googleContactsInRelate(base: string, token: string, writersOrganization: string) {
  const emails: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<{
      people: { email: string | null; organization: string | null }[];
      total_capped?: boolean;
    }>(base, 'GET', `/people?page_size=500&page=${page}`, { token });
    check(answer.status === 200, `list contacts: ${answer.status}`);
    for (const person of answer.body.people)
      if (person.organization !== writersOrganization) emails.push(person.email ?? '(none)');
    if (answer.body.people.length < 500) return emails;
  }
}

/** The titles of the user's events around now, where the fake Google's events are. */
const syncedTitles = (base: string, token: string) =>
  eventTitles(base, token, new Date(Date.now() - 2 * DAY), new Date(Date.now() + 70 * DAY));

/** Each expected value exactly once in `actual`: what is missing, doubled or unexpected. */
function compare(expected: string[], actual: string[]) {
  const counts = new Map<string, number>();
  for (const value of actual) counts.set(value, (counts.get(value) ?? 0) + 1);
  const missing = expected.filter((value) => !counts.has(value));
  const doubled = [...counts].filter(([, count]) => count > 1).map(([value]) => value);
  const wanted = new Set(expected);
  const unexpected = [...counts.keys()].filter((value) => !wanted.has(value));
  return { missing, doubled, unexpected };
}

function checkExactlyOnce(what: string, expected: string[], actual: string[]) {
  const { missing, doubled, unexpected } = compare(expected, actual);
  check(
    missing.length === 0 &&
      doubled.length === 0 &&
      unexpected.length === 0 &&
      actual.length === expected.length,
    `${what}: ${actual.length} of ${expected.length}; missing ${missing.length} (${missing.slice(0, 3).join(', ')}), doubled ${doubled.length} (${doubled.slice(0, 3).join(', ')}), unexpected ${unexpected.length} (${unexpected.slice(0, 3).join(', ')})`,
  );
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** After a clean stop: the links in the database against Google's contacts and events. */
async function checkLinks(
  handle: DatabaseHandle,
  userId: number,
  google: RunningFakeGoogle,
  sub: string,
  log: (line: string) => void,
  label: string,
) {
  const db = handle.db;
  const contactLinks = rowsOf<{
    resource_name: string;
    etag: string;
    source_etag: string | null;
    email: string | null;
    owner: number | null;
  }>(
    await db.execute(sql`
      select l.resource_name, l.etag, l.source_etag, c.email, c.user_id as owner
      from google_contact_links l left join contacts c on c.id = l.contact_id
      where l.user_id = ${userId}`),
  );
  const googleContacts = new Map(
    google.fake.listContacts(sub).map((person) => [person.resourceName, person]),
  );
  const contactProblems = contactLinks.filter((link) => {
    const person = googleContacts.get(link.resource_name);
    return (
      !person ||
      link.owner !== userId ||
      link.etag !== person.etag ||
      link.source_etag !== (person.metadata.sources[0]?.etag ?? null) ||
      link.email !== person.emailAddresses?.[0]?.value
    );
  });
  check(
    contactLinks.length === googleContacts.size && contactProblems.length === 0,
    `contact links: ${contactLinks.length} for ${googleContacts.size} Google contacts, ${contactProblems.length} not matching Google's resource name, etag or e-mail (${JSON.stringify(contactProblems.slice(0, 2))})`,
  );
  const [fromGoogle] = rowsOf<{ count: number | string }>(
    await db.execute(
      sql`select count(*) as count from contacts where user_id = ${userId} and source = 'Google Contacts'`,
    ),
  );
  check(
    Number(fromGoogle.count) === googleContacts.size,
    `contacts from Google: ${fromGoogle.count}, each with its link`,
  );

  const eventLinks = rowsOf<{ google_event_id: string; etag: string | null; title: string | null }>(
    await db.execute(sql`
      select l.google_event_id, l.etag, e.title
      from google_calendar_links l left join events e on e.id = l.event_id and e.owner_id = ${userId}
      where l.user_id = ${userId}`),
  );
  const googleEvents = new Map(google.fake.calendar.listEvents(sub).map((event) => [event.id, event]));
  const eventProblems = eventLinks.filter((link) => {
    const event = googleEvents.get(link.google_event_id);
    return !event || link.etag !== event.etag || link.title !== event.summary;
  });
  check(
    eventLinks.length === googleEvents.size && eventProblems.length === 0,
    `event links: ${eventLinks.length} for ${googleEvents.size} Google events, ${eventProblems.length} not matching Google's id, etag or title (${JSON.stringify(eventProblems.slice(0, 2))})`,
  );
  const [pending] = rowsOf<{ contacts: number | string; calendar: number | string }>(
    await db.execute(sql`
      select (select count(*) from google_contact_reviews where user_id = ${userId}) as contacts,
             (select count(*) from google_calendar_reviews where user_id = ${userId}) as calendar`),
  );
  check(
    Number(pending.contacts) === 0 && Number(pending.calendar) === 0,
    `nothing left for review (${pending.contacts} contacts, ${pending.calendar} events)`,
  );
  const [account] = rowsOf<{ contacts_running: boolean; calendar_running: boolean; tokens: boolean }>(
    await db.execute(sql`
      select contacts_sync_started_at is not null as contacts_running,
             calendar_sync_started_at is not null as calendar_running,
             contacts_sync_token is not null and calendar_sync_token is not null as tokens
      from google_accounts where user_id = ${userId}`),
  );
  check(
    account && !account.contacts_running && !account.calendar_running && account.tokens,
    `the account holds both sync tokens and no running sync: ${JSON.stringify(account)}`,
  );
  log(
    `${label}: in the database, ${contactLinks.length} contact links and ${eventLinks.length} event links, each with Google's resource name / id and current etag; nothing waiting for review`,
  );
}

export async function syncCrashRun(
  label: BenchLabel,
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<BenchResult[]> {
  const run = Date.now().toString(36);
  const organization = `Acknowledged ${run}`;
  const google = await startFakeGoogle();
  let server: ServerProcess | undefined;
  try {
    const seeding = performance.now();
    const sub = seedGoogle(google, run);
    log(
      `${label}: fake Google holds ${CONTACTS} contacts and ${EVENTS} events (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s), ${LATENCY_MS} ms per call`,
    );
    const serverEnv = { ...env, ...google.env };
    server = await startServer(serverEnv);
    const base = server.url;
    const owner = await signUp(base, `sync-crash-${run}@example.com`);
    await connectGoogle(base, owner, google, sub);
    google.fake.apiLatencyMs = LATENCY_MS;

    const writers = startWriters(base, owner.token, organization);
    await sleep(500);
    const answered: Record<'contacts' | 'calendar', string | undefined> = {
      contacts: undefined,
      calendar: undefined,
    };
    const syncing = performance.now();
    const sync = (kind: 'contacts' | 'calendar') =>
      api<SyncAnswer>(base, 'GET', `/auth/google/${kind}`, { token: owner.token }).then(
        (answer) => {
          answered[kind] =
            `answered ${answer.status} after ${((performance.now() - syncing) / 1000).toFixed(1)} s, before the kill`;
        },
        () => undefined,
      );
    const pages = {
      contacts: { total: Math.ceil(CONTACTS / PAGE_SIZE), path: /^\/v1\/people\/me\/connections$/ },
      calendar: {
        total: Math.ceil(EVENTS / CALENDAR_PAGE_SIZE),
        path: /^\/calendar\/v3\/calendars\/[^/]+\/events$/,
      },
    };
    const read = (kind: 'contacts' | 'calendar') =>
      google.fake.requests.filter((request) => pages[kind].path.test(request.path)).length;
    const readAll = async (kind: 'contacts' | 'calendar') => {
      const deadline = performance.now() + 60_000;
      while (read(kind) < pages[kind].total && answered[kind] === undefined) {
        check(server?.child.exitCode === null, 'the server runs until the kill');
        check(
          performance.now() < deadline,
          `the ${kind} sync read ${read(kind)} of ${pages[kind].total} pages in a minute`,
        );
        await sleep(10);
      }
    };
    // The calendar sync writes event by event, the contacts sync in a few statements: the calendar
    // starts first, the contacts once the calendar has read every page, and the kill comes when both
    // are writing what they read.
    const syncs = [sync('calendar')];
    await readAll('calendar');
    syncs.push(sync('contacts'));
    await readAll('contacts');
    await sleep(LATENCY_MS + KILL_AFTER_MS);
    const killedAt = performance.now();
    server.child.kill('SIGKILL');
    const phase = (kind: 'contacts' | 'calendar') =>
      answered[kind] ??
      (read(kind) < pages[kind].total
        ? `cut off reading Google (page ${read(kind)} of ${pages[kind].total})`
        : `cut off after reading all ${pages[kind].total} pages, before answering`);
    const phases = { contacts: phase('contacts'), calendar: phase('calendar') };
    await server.exited;
    await writers.stop();
    await Promise.all(syncs);
    log(
      `${label}: killed -9 ${((killedAt - syncing) / 1000).toFixed(1)} s into the syncs, ${KILL_AFTER_MS} ms after Google answered the last page of both; ${writers.acknowledged.length} writes acknowledged (of ${writers.attempted()} sent); contacts sync ${phases.contacts}, calendar sync ${phases.calendar}`,
    );

    google.fake.apiLatencyMs = 0;
    const restarting = performance.now();
    server = await startServer(serverEnv);
    const restartMs = performance.now() - restarting;
    log(
      `${label}: restarted and healthy in ${(restartMs / 1000).toFixed(1)} s (${((restarting - killedAt) / 1000).toFixed(1)} s after the kill)`,
    );
    const token = await signIn(server.url, owner.email);
    const present = await checkAcknowledged(server.url, token, organization, writers.acknowledged);
    log(
      `${label}: all ${writers.acknowledged.length} acknowledged writes are present (${present.size} rows of the writers)`,
    );

    const googleEmails = google.fake.listContacts(sub).map((person) => person.emailAddresses![0].value);
    const googleTitles = google.fake.calendar.listEvents(sub).map((event) => event.summary as string);
    const contactsBefore = (await googleContactsInRelate(server.url, token, organization)).length;
    const eventsBefore = (await syncedTitles(server.url, token)).length;
    log(
      `${label}: after the restart, before syncing again: ${contactsBefore} of ${CONTACTS} Google contacts and ${eventsBefore} of ${EVENTS} Google events in Relate`,
    );
    check(
      contactsBefore === 0 || contactsBefore === CONTACTS,
      `the interrupted contacts sync left all or none, not ${contactsBefore}`,
    );
    check(
      eventsBefore === 0 || eventsBefore === EVENTS,
      `the interrupted calendar sync left all or none, not ${eventsBefore}`,
    );
    const status = await api<{ contacts_sync_running: boolean; calendar_sync_running: boolean }>(
      server.url,
      'GET',
      '/auth/google/status',
      { token },
    );
    check(status.status === 200, `status: ${status.status}`);
    const shownRunning = status.body.contacts_sync_running || status.body.calendar_sync_running;
    // Another process could be running the sync: the dead process's claim goes stale once it stops
    // being renewed.

    const syncAgain = async (kind: 'contacts' | 'calendar') => {
      for (;;) {
        const began = performance.now();
        const answer = await api<SyncAnswer & { code?: string }>(server!.url, 'GET', `/auth/google/${kind}`, {
          token,
        });
        const refused = answer.status === 409 && answer.body.code === 'GOOGLE_SYNC_RUNNING';
        if (!refused || performance.now() - killedAt > STALE_SYNC_RUN_MS + 30_000) {
          check(
            answer.status === 200,
            `${kind} sync after the restart: ${answer.status} ${JSON.stringify(answer.body)}`,
          );
          return { answer, sinceKill: began - killedAt, ms: performance.now() - began };
        }
        await sleep(1000);
      }
    };
    const [contacts, calendar] = await Promise.all([syncAgain('contacts'), syncAgain('calendar')]);
    log(
      `${label}: after the restart the syncs ${shownRunning ? `showed as running (the dead process's claims) and were accepted ${(contacts.sinceKill / 1000).toFixed(0)} s (contacts) and ${(calendar.sinceKill / 1000).toFixed(0)} s (calendar) after the kill` : 'showed as not running and were accepted at once'}; the contacts sync ran in ${(contacts.ms / 1000).toFixed(1)} s and the calendar sync in ${(calendar.ms / 1000).toFixed(1)} s (together): contacts created ${contacts.answer.body.created}, updated ${contacts.answer.body.updated}, ${contacts.answer.body.items.length} for review; events created ${calendar.answer.body.created}, updated ${calendar.answer.body.updated}, ${calendar.answer.body.items.length} for review`,
    );
    checkExactlyOnce(
      'Google contacts in Relate',
      googleEmails,
      await googleContactsInRelate(server.url, token, organization),
    );
    checkExactlyOnce('Google events in Relate', googleTitles, await syncedTitles(server.url, token));
    const second = {
      contacts: await api<SyncAnswer>(server.url, 'GET', '/auth/google/contacts', { token }),
      calendar: await api<SyncAnswer>(server.url, 'GET', '/auth/google/calendar', { token }),
    };
    for (const [kind, answer] of Object.entries(second)) {
      const { created, updated, deleted = 0, pushed, items } = answer.body;
      check(
        answer.status === 200 && created + updated + deleted + pushed + items.length === 0,
        `a second ${kind} sync finds nothing to do: ${answer.status} ${JSON.stringify({ created, updated, deleted, pushed, items: items?.length })}`,
      );
    }
    await checkAcknowledged(server.url, token, organization, writers.acknowledged);
    log(
      `${label}: each of the ${CONTACTS} Google contacts and ${EVENTS} Google events is in Relate exactly once; a second sync changed nothing; the acknowledged writes are still there`,
    );

    await stop(server);
    server = undefined;
    const handle = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: 2,
    });
    try {
      await checkLinks(handle, owner.id, google, sub, log, label);
    } finally {
      await handle.close();
    }
    return [
      {
        suite: 'crash',
        database: label,
        case: 'restart after kill -9 during Google syncs',
        runs: 1,
        p50: restartMs,
        p95: restartMs,
        note: `${writers.acknowledged.length} acknowledged writes, 0 lost; ${contactsBefore}/${CONTACTS} contacts and ${eventsBefore}/${EVENTS} events in before the re-sync, then each exactly once, links match Google`,
      },
    ];
  } finally {
    if (server) await stop(server);
    await google.close();
  }
}
