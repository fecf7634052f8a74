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

describe('an .ics import cut off by a crash', () => {
  it('leaves no event after the restart, and importing the file again adds each event once', async () => {
    const { id } = await createUser(t.app);
    const user = (await t.app.services.users.get(id))!;
    // The process "dies" while writing the second batch of 100: the write fails, and so does the
    // clean-up that a live process would do.
    failInsert(2, 'killed');
    vi.spyOn(EventsRepository.prototype, 'deleteMany').mockRejectedValue(new Error('killed'));
    await expect(t.app.services.events.importIcs(user, ics)).rejects.toThrow('killed');
    vi.restoreAllMocks();

    // The import is one transaction: nothing is left.
    expect(await titles(t, id)).toHaveLength(0);

    // The restart: a new process on the same database.
    const restarted = await createTestApp({ database: t.database });
    try {
      expect(await titles(restarted, id)).toHaveLength(0);
      expect(await restarted.app.services.jobs.list('events.import.undo')).toHaveLength(0);
      expect(await restarted.app.services.events.importIcs(user, ics)).toMatchObject({
        imported: EVENTS,
        skipped: 0,
      });
      const imported = await titles(restarted, id);
      expect(imported).toHaveLength(EVENTS);
      expect(new Set(imported).size).toBe(EVENTS);
      expect(await restarted.app.services.jobs.list('events.import.undo')).toHaveLength(0);
    } finally {
      await restarted.app.close();
    }
  });

  it('an import that fails while the process lives deletes what it wrote and leaves no undo job', async () => {
    const { id } = await createUser(t.app);
    const user = (await t.app.services.users.get(id))!;
    failInsert(3, 'disk full');
    await expect(t.app.services.events.importIcs(user, ics)).rejects.toThrow('disk full');
    vi.restoreAllMocks();
    expect(await titles(t, id)).toHaveLength(0);
    expect(await t.app.services.jobs.list('events.import.undo')).toHaveLength(0);
  });
});
