import type { JobRunner } from '../../jobs/job-runner';
import { RetryLater } from '../../jobs/job-runner';
import { AppError } from '../../lib/errors';
import type { GoogleCalendarService } from './google-calendar.service';
import type { GoogleContactsService } from './google-contacts.service';

export const SYNC_ALL_GOOGLE_CONTACTS = 'google.contacts.sync-all';
export const SYNC_GOOGLE_CONTACTS = 'google.contacts.sync';
export const SYNC_ALL_GOOGLE_CALENDARS = 'google.calendar.sync-all';
export const SYNC_GOOGLE_CALENDAR = 'google.calendar.sync';
export const PUSH_GOOGLE_CALENDAR = 'google.calendar.push';
const EVERY_15_MINUTES = 15 * 60_000;

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

  // The calendar the same way; a deleted linked event is deleted at Google by a push of its own.
  const retryingCalendar =
    (run: (userId: number) => Promise<unknown>) =>
    async ({ userId }: { userId: number }) => {
      try {
        await run(userId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'GOOGLE_SYNC_RUNNING') throw new RetryLater(60_000, error.message);
        if (error.code === 'GOOGLE_RATE_LIMITED') throw new RetryLater(5 * 60_000, error.message);
        if (error.code === 'GOOGLE_UNAVAILABLE') throw new RetryLater(5 * 60_000, error.message);
        // Any other failure is kept on the account for the status card; the next run tries again.
      }
    };
  jobs.define<{ userId: number }>(
    SYNC_GOOGLE_CALENDAR,
    retryingCalendar((userId) => googleCalendar.sync(userId, { preview: false })),
    { maxAttempts: 3 },
  );
  jobs.define<{ userId: number }>(
    PUSH_GOOGLE_CALENDAR,
    retryingCalendar((userId) => googleCalendar.pushOnly(userId)),
    { maxAttempts: 5 },
  );
  jobs.define(SYNC_ALL_GOOGLE_CALENDARS, async () => {
    for (const userId of await googleCalendar.connectedUserIds()) {
      await jobs.enqueue(SYNC_GOOGLE_CALENDAR, { userId }, { key: String(userId) });
    }
  });
  jobs.every(SYNC_ALL_GOOGLE_CALENDARS, EVERY_15_MINUTES);
}
