/**
 * The calendar's work on worker threads (registered in server/src/heavy-work.ts): reading an .ics file
 * and writing one. `ics.ts` and its libraries (node-ical, ical-generator, rrule) load on a thread's first
 * such task.
 */
import { task } from '../../lib/workers/tasks';
import type { EventRow } from './events.repository';

const icsModule = () => import('./ics');

export const eventsTasks = {
  /** The events of an .ics file, and what could not be imported. */
  parseIcs: task(icsModule, (ics, [content]: [string]) => ics.parseIcs(content)),
  /** A calendar as .ics text. */
  calendarIcs: task(icsModule, (ics, [rows, publicUrl]: [EventRow[], string]) => ics.toIcs(rows, publicUrl)),
};
