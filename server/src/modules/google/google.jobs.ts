import type { JobRunner } from '../../jobs/job-runner';
import { backoffDelay, type JobInfo, RetryLater } from '../../jobs/job-runner';
import { AppError } from '../../lib/errors';
import type { GoogleCalendarService } from './google-calendar.service';
import type { GoogleContactsService } from './google-contacts.service';

export const SYNC_ALL_GOOGLE_CONTACTS = 'google.contacts.sync-all';
export const SYNC_GOOGLE_CONTACTS = 'google.contacts.sync';
export const SYNC_ALL_GOOGLE_CALENDARS = 'google.calendar.sync-all';
export const SYNC_GOOGLE_CALENDAR = 'google.calendar.sync';
export const PUSH_GOOGLE_CALENDAR = 'google.calendar.push';
export const PUSH_GOOGLE_CONTACTS = 'google.contacts.push';
const EVERY_15_MINUTES = 15 * 60_000;
/** 5 s, 10 s, 20 s, … : about 40 minutes of tries before the 15-minute sync is left to send it. */
const PUSH_ATTEMPTS = 10;

/**
 * Background sync: every 15 minutes one job per connected user (keyed by the user, so never two at once)
 * applies what needs no decision; the rest waits in the review dialog.
 */
export function defineGoogleJobs(
  jobs: JobRunner,
  googleContacts: GoogleContactsService,
  googleCalendar: GoogleCalendarService,
): void {
  jobs.define<{ userId: number }>(
    SYNC_GOOGLE_CONTACTS,
    async ({ userId }) => {
      try {
        await googleContacts.sync(userId, { preview: false });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'GOOGLE_SYNC_RUNNING') throw new RetryLater(60_000, error.message);
        if (error.code === 'GOOGLE_RATE_LIMITED') throw new RetryLater(5 * 60_000, error.message);
        // Any other failure is kept on the account for the status card; the next run tries again.
      }
    },
    { maxAttempts: 3 },
  );
  jobs.define(SYNC_ALL_GOOGLE_CONTACTS, async () => {
    for (const userId of await googleContacts.connectedUserIds()) {
      await jobs.enqueue(SYNC_GOOGLE_CONTACTS, { userId }, { key: String(userId) });
    }
  });
  jobs.every(SYNC_ALL_GOOGLE_CONTACTS, EVERY_15_MINUTES);

  // The calendar the same way. A push of its own sends an edit or a delete within a poll of the job
  // runner; when Google fails it tries again from seconds on (the runner's backoff), and a later edit
  // brings a waiting retry forward (JobRunner.enqueue).
  const retrying =
    (run: (userId: number) => Promise<unknown>, unavailable: (attempts: number) => number) =>
    async ({ userId }: { userId: number }, { attempts }: JobInfo) => {
      try {
        await run(userId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'GOOGLE_SYNC_RUNNING') throw new RetryLater(60_000, error.message);
        if (error.code === 'GOOGLE_RATE_LIMITED') throw new RetryLater(5 * 60_000, error.message);
        if (error.code === 'GOOGLE_UNAVAILABLE') throw new RetryLater(unavailable(attempts), error.message);
        // Any other failure is kept on the account for the status card; the next run tries again.
      }
    };
  const retryingCalendar = (run: (userId: number) => Promise<unknown>) => retrying(run, () => 5 * 60_000);
  const retryingPush = (run: (userId: number) => Promise<unknown>) => retrying(run, backoffDelay);
  jobs.define<{ userId: number }>(
    PUSH_GOOGLE_CONTACTS,
    retryingPush((userId) => googleContacts.pushOnly(userId)),
    { maxAttempts: PUSH_ATTEMPTS },
  );
  jobs.define<{ userId: number }>(
    SYNC_GOOGLE_CALENDAR,
    retryingCalendar((userId) => googleCalendar.sync(userId, { preview: false })),
    { maxAttempts: 3 },
  );
  jobs.define<{ userId: number }>(
    PUSH_GOOGLE_CALENDAR,
    retryingPush((userId) => googleCalendar.pushOnly(userId)),
    { maxAttempts: PUSH_ATTEMPTS },
  );
  jobs.define(SYNC_ALL_GOOGLE_CALENDARS, async () => {
    for (const userId of await googleCalendar.connectedUserIds()) {
      await jobs.enqueue(SYNC_GOOGLE_CALENDAR, { userId }, { key: String(userId) });
    }
  });
  jobs.every(SYNC_ALL_GOOGLE_CALENDARS, EVERY_15_MINUTES);
}
