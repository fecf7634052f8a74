import type { Database } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import type { Clock } from '../../lib/time';
import type { BotCommandsService } from '../bots/bot-commands.service';
import type { ContactsService } from '../contacts/contacts.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { StayInTouchRepository } from './stay-in-touch.repository';
import { StayInTouchService } from './stay-in-touch.service';

export const REMINDERS_JOB = 'stay-in-touch.reminders';
const REMINDERS_EVERY_MS = 60_000;

interface Deps {
  db: Database;
  jobs: Pick<JobRunner, 'define' | 'every'>;
  contacts: Pick<ContactsService, 'planUpdatesWith'>;
  users: Pick<UsersService, 'messagingAccounts' | 'updateMessaging'>;
  notifications: Pick<NotificationsService, 'notifyMany'>;
  botCommands: Pick<BotCommandsService, 'onFollowUp'>;
  clock: Clock;
}

/**
 * Stay in touch and what it hooks into: a contact update that moves the last contact date moves the
 * next follow-up (unless the update names one), the bots' Done and Snooze buttons, and the reminders
 * job every minute.
 */
export function createStayInTouch({ db, jobs, contacts, users, notifications, botCommands, clock }: Deps) {
  const stayInTouch = new StayInTouchService(new StayInTouchRepository(db), users, notifications, clock);
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
  return stayInTouch;
}
