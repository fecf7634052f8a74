import type { Database } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import type { BotCommandsService } from '../bots/bot-commands.service';
import type { ContactsService } from '../contacts/contacts.service';
import type { StayInTouchService } from './stay-in-touch.service';

export const REMINDERS_JOB = 'stay-in-touch.reminders';
const REMINDERS_EVERY_MS = 60_000;

interface Deps {
  db: Database;
  jobs: Pick<JobRunner, 'define' | 'every' | 'enqueue'>;
  contacts: Pick<ContactsService, 'planUpdatesWith'>;
  botCommands: Pick<BotCommandsService, 'onFollowUp'>;
}

/**
 * Stay in touch and what it hooks into: a contact update that moves the last contact date moves the
 * next follow-up (unless the update names one), the bots' Done and Snooze buttons, and the reminders
 * job every minute, and at once when a new cadence makes a follow-up due.
 */
export function connectStayInTouch(
  stayInTouch: StayInTouchService,
  { db, jobs, contacts, botCommands }: Deps,
) {
  contacts.planUpdatesWith(async (userId, current, values) => {
    const last = values.lastContactDate;
    if (!last || values.nextFollowUpDate !== undefined) return;
    if (current.lastContactDate?.getTime() === last.getTime()) return;
    const next = await stayInTouch.nextAfter(userId, current, last);
    if (next) values.nextFollowUpDate = next;
  });
  botCommands.onFollowUp(async (user, contactId, action) => {
    const state = await stayInTouch.act(user.id, contactId, action);
    return { nextFollowUp: state.next_follow_up_date ? new Date(state.next_follow_up_date) : null };
  });
  jobs.define(REMINDERS_JOB, () => db.transaction(async (tx) => void (await stayInTouch.remind(tx))));
  jobs.every(REMINDERS_JOB, REMINDERS_EVERY_MS);
  // The recurring run's row has the key 'every': queuing with it brings that run forward to now.
  stayInTouch.onFollowUpDue(() => jobs.enqueue(REMINDERS_JOB, {}, { key: 'every' }));
}
