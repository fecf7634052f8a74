import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';
import { EventsRepository } from './events.repository';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app);
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const PUBLIC_URL = 'http://relate.test';
const EVENTS = 250;
const ics = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  ...Array.from({ length: EVENTS }, (_, index) => {
    const day = String(1 + (index % 28)).padStart(2, '0');
    return [
      'BEGIN:VEVENT',
      `UID:crash-${index}@example.com`,
      `DTSTART:203003${day}T100000Z`,
      `DTEND:203003${day}T110000Z`,
      `SUMMARY:Imported ${index}`,
      'END:VEVENT',
    ].join('\r\n');
  }),
  'END:VCALENDAR',
].join('\r\n');

const titles = async (app: TestApp, userId: number) => {
  const user = (await app.app.services.users.get(userId))!;
  const events = await app.app.services.events.inRange(
    user,
    new Date('2030-03-01T00:00:00Z'),
    new Date('2030-04-01T00:00:00Z'),
  );
  return events.map((event) => event.title).sort();
};

/** The `call`th insert statement of an import fails with `message` (the ones before it are written). */
function failInsert(call: number, message: string) {
  const insertMany = EventsRepository.prototype.insertMany;
  let inserts = 0;
  vi.spyOn(EventsRepository.prototype, 'insertMany').mockImplementation(function (
    this: EventsRepository,
    ...args
  ) {
    if (++inserts === call) return Promise.reject(new Error(message));
    return insertMany.apply(this, args);
  });
}

/** The `call`th insert statement of an import waits until `release` is called (its transaction open). */
function holdInsert(call: number) {
  const insertMany = EventsRepository.prototype.insertMany;
  let inserts = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reached = () => {};
  const waiting = new Promise<void>((resolve) => {
    reached = resolve;
  });
  vi.spyOn(EventsRepository.prototype, 'insertMany').mockImplementation(async function (
    this: EventsRepository,
    ...args
  ) {
    if (++inserts === call) {
      reached();
      await released;
    }
    return insertMany.apply(this, args);
  });
  return { waiting, release };
}

describe('an .ics import (one transaction)', () => {
  it('shows none of its events while it runs, then all of them at once', async () => {
    const { id } = await createUser(t.app);
    const user = (await t.app.services.users.get(id))!;
    // Held before its third statement of 100: two are written, not committed.
    const held = holdInsert(3);
    const importing = t.app.services.events.importIcs(user, ics, PUBLIC_URL);
    await held.waiting;
    expect(await titles(t, id)).toHaveLength(0);
    held.release();
    expect(await importing).toMatchObject({ imported: EVENTS, skipped: 0 });
    expect(await titles(t, id)).toHaveLength(EVENTS);
  });

  it('cut off half-way leaves no event, also after a restart, and importing the file again adds each once', async () => {
    const { id } = await createUser(t.app);
    const user = (await t.app.services.users.get(id))!;
    // The write "dies" at the second statement of 100: the transaction rolls back.
    failInsert(2, 'killed');
    await expect(t.app.services.events.importIcs(user, ics, PUBLIC_URL)).rejects.toThrow('killed');
    vi.restoreAllMocks();
    expect(await titles(t, id)).toHaveLength(0);

    // The restart: a new process on the same database.
    const restarted = await createTestApp({ database: t.database });
    try {
      expect(await titles(restarted, id)).toHaveLength(0);
      expect(await restarted.app.services.events.importIcs(user, ics, PUBLIC_URL)).toMatchObject({
        imported: EVENTS,
        skipped: 0,
      });
      const imported = await titles(restarted, id);
      expect(imported).toHaveLength(EVENTS);
      expect(new Set(imported).size).toBe(EVENTS);
    } finally {
      await restarted.app.close();
    }
  });
});
