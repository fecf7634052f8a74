import type {
  Cadence,
  FollowUpAction,
  ReachOutPerson,
  ReachOutResponse,
  StayInTouch,
  UpcomingBirthday,
} from '@relate/contracts';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Clock } from '../../lib/time';
import { fromFloating, toFloating } from '../../lib/time-zone';
import type { NotificationsService, NotifyInput } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { ageOn, describeCadence, nextFollowUp, snoozedUntil } from './cadence';
import type { ClaimedReminder, FollowUpRow, StayInTouchRepository } from './stay-in-touch.repository';

const DAY = 86_400_000;
/** Follow-ups one run tells one user one by one; the rest are told as one "N more" notification. */
const FOLLOW_UPS_TOLD_ONE_BY_ONE = 5;
const REACH_OUT_LIMIT = 500;

const cadenceOf = (row: Pick<FollowUpRow, 'followUpEvery' | 'followUpUnit'>): Cadence | null =>
  row.followUpEvery && row.followUpUnit ? { every: row.followUpEvery, unit: row.followUpUnit } : null;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toStayInTouch(row: FollowUpRow): StayInTouch {
  return {
    cadence: cadenceOf(row),
    last_contact_date: iso(row.lastContactDate),
    next_follow_up_date: iso(row.nextFollowUpDate),
  };
}

function toReachOutPerson(row: FollowUpRow): ReachOutPerson {
  return {
    id: row.id,
    full_name: row.fullName,
    organization: row.organization,
    email: row.email,
    phone: row.phone,
    last_contact_date: iso(row.lastContactDate),
    next_follow_up_date: row.nextFollowUpDate!.toISOString(),
    cadence: cadenceOf(row),
  };
}

/** What a claimed reminder tells its user. */
function reminderText(reminder: ClaimedReminder): string {
  const name = reminder.fullName?.trim() || 'a contact';
  if (reminder.birthday) {
    const age = ageOn(reminder.birthday, Number(reminder.localDate.slice(0, 4)));
    return `It’s ${name}’s birthday today${age === null ? '' : ` (${age})`}`;
  }
  const cadence = cadenceOf(reminder);
  return `Time to reach out to ${name}${cadence ? ` (${describeCadence(cadence)})` : ''}`;
}

/**
 * Stay in touch (issue 35): a contact's cadence sets its next follow-up from the last contact; logging
 * a contact (Done, a logged interaction, a new last contact date) moves both; follow-ups and birthdays
 * are told at 09:00 in the user's time zone, in the app and through the bots.
 */
export class StayInTouchService {
  private dueListener?: () => Promise<void>;

  constructor(
    private readonly repository: StayInTouchRepository,
    private readonly users: Pick<UsersService, 'messagingAccounts' | 'updateMessaging'>,
    private readonly notifications: Pick<NotificationsService, 'notifyMany'>,
    private readonly clock: Clock,
  ) {}

  /** Told when a cadence makes a follow-up due already (the reminders job then runs now, not in a minute). */
  onFollowUpDue(listener: () => Promise<void>): void {
    this.dueListener = listener;
  }

  async get(userId: number, contactId: number): Promise<StayInTouch> {
    return toStayInTouch(await this.row(userId, contactId));
  }

  /** Sets (or with null stops) the cadence; the next follow-up is counted from the last contact, or today. */
  async setCadence(
    userId: number,
    contactId: number,
    cadence: Cadence | null,
    timezone?: string,
  ): Promise<StayInTouch> {
    if (timezone) await this.users.updateMessaging(userId, { timezone });
    const row = await this.row(userId, contactId);
    const next = cadence
      ? nextFollowUp(row.lastContactDate ?? this.clock(), cadence, await this.timeZone(userId))
      : row.nextFollowUpDate;
    const updated = await this.repository.update(userId, contactId, {
      followUpEvery: cadence?.every ?? null,
      followUpUnit: cadence?.unit ?? null,
      nextFollowUpDate: next,
    });
    if (cadence && next && next.getTime() < this.clock().getTime() + DAY) await this.dueListener?.();
    return toStayInTouch(updated!);
  }

  /** Done (reached out now), or Snooze 1 day / 1 week. */
  async act(userId: number, contactId: number, action: FollowUpAction): Promise<StayInTouch> {
    if (action.action === 'done') return toStayInTouch(await this.contacted(userId, contactId, this.clock()));
    const row = await this.row(userId, contactId);
    const next = snoozedUntil(this.clock(), action.days, await this.timeZone(userId));
    return toStayInTouch((await this.repository.update(userId, row.id, { nextFollowUpDate: next }))!);
  }

  /**
   * The user was in touch with the contact `at` (Done, a logged interaction): the last contact date
   * moves forward (never back), and the next follow-up is counted from it, or cleared without a cadence.
   */
  async contacted(userId: number, contactId: number, at: Date, db?: Database): Promise<FollowUpRow> {
    const row = await this.row(userId, contactId, db);
    const last = row.lastContactDate && row.lastContactDate > at ? row.lastContactDate : at;
    const cadence = cadenceOf(row);
    const next = cadence ? nextFollowUp(last, cadence, await this.timeZone(userId)) : null;
    return (await this.repository.update(
      userId,
      contactId,
      { lastContactDate: last, nextFollowUpDate: next },
      db,
    ))!;
  }

  /**
   * For a contact update that moves the last contact date without naming the next follow-up: the next
   * one its cadence gives, or undefined when it has none (the update then leaves the date alone).
   */
  async nextAfter(
    userId: number,
    row: Pick<FollowUpRow, 'followUpEvery' | 'followUpUnit'>,
    lastContact: Date,
  ): Promise<Date | undefined> {
    const cadence = cadenceOf(row);
    return cadence ? nextFollowUp(lastContact, cadence, await this.timeZone(userId)) : undefined;
  }

  /** The Reach out view: due today or overdue, due in the coming week, and the week's birthdays. */
  async reachOut(userId: number): Promise<ReachOutResponse> {
    const now = this.clock();
    const timeZone = await this.timeZone(userId);
    const today = toFloating(now, timeZone);
    const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
    const localMidnight = (days: number) => fromFloating(new Date(midnight + days * DAY), timeZone);
    const endOfToday = localMidnight(1);
    const [due, upcoming] = await Promise.all([
      this.repository.dueBefore(userId, null, endOfToday, REACH_OUT_LIMIT),
      this.repository.dueBefore(userId, endOfToday, localMidnight(8), REACH_OUT_LIMIT),
    ]);
    return {
      due: due.map(toReachOutPerson),
      upcoming: upcoming.map(toReachOutPerson),
      birthdays: await this.birthdaysFrom(userId, new Date(midnight)),
    };
  }

  /** Birthdays on the seven local days from `firstDay` (a floating midnight), soonest first. */
  private async birthdaysFrom(userId: number, firstDay: Date): Promise<UpcomingBirthday[]> {
    const days = Array.from({ length: 7 }, (_, index) => new Date(firstDay.getTime() + index * DAY));
    const dateOf = new Map(
      days.map((day) => [day.toISOString().slice(5, 10), day.toISOString().slice(0, 10)]),
    );
    // 29 February birthdays are kept on 28 February in other years.
    const february28 = days.find((day) => day.toISOString().slice(5, 10) === '02-28');
    if (february28 && new Date(february28.getTime() + DAY).getUTCDate() === 1) {
      dateOf.set('02-29', february28.toISOString().slice(0, 10));
    }
    const rows = await this.repository.birthdaysOn(userId, [...dateOf.keys()]);
    return rows
      .map((row) => {
        const date = dateOf.get(row.birthday.slice(5, 10))!;
        return {
          id: row.id,
          full_name: row.fullName,
          birthday: row.birthday,
          date,
          age: ageOn(row.birthday, Number(date.slice(0, 4))),
        };
      })
      .sort((a, b) => a.date.localeCompare(b.date) || (a.full_name ?? '').localeCompare(b.full_name ?? ''));
  }

  /**
   * The reminders job (every minute): claims what has come due and tells it, all in one transaction,
   * so that a failure leaves it for the next run and a success is never told twice.
   */
  async remind(db: Database): Promise<number> {
    const now = this.clock();
    const followUps = await this.repository.claimDueFollowUps(now, db);
    const birthdays = await this.repository.claimBirthdays(now, db);
    const inputs = [...followUpNotifications(followUps), ...birthdays.map(toNotification)];
    await this.notifications.notifyMany(inputs, db);
    if (now.getUTCHours() === 3 && now.getUTCMinutes() === 0) await this.repository.forgetOldClaims(now, db);
    return inputs.length;
  }

  private async row(userId: number, contactId: number, db?: Database): Promise<FollowUpRow> {
    const row = await this.repository.find(userId, contactId, db);
    if (!row) throw notFound('Contact');
    return row;
  }

  private async timeZone(userId: number): Promise<string> {
    const [user] = await this.users.messagingAccounts([userId]);
    return user?.timezone ?? 'UTC';
  }
}

function toNotification(reminder: ClaimedReminder): NotifyInput {
  return {
    userId: reminder.userId,
    type: reminder.birthday ? 'birthday' : 'follow_up',
    text: reminderText(reminder),
    subject: { type: 'contact', id: reminder.contactId },
  };
}

/** Each user's first few follow-ups one by one, the rest as one notification that opens Reach out. */
function followUpNotifications(claimed: ClaimedReminder[]): NotifyInput[] {
  const byUser = new Map<number, ClaimedReminder[]>();
  for (const reminder of claimed)
    byUser.set(reminder.userId, [...(byUser.get(reminder.userId) ?? []), reminder]);
  return [...byUser].flatMap(([userId, reminders]) => {
    if (reminders.length <= FOLLOW_UPS_TOLD_ONE_BY_ONE) return reminders.map(toNotification);
    const told = reminders.slice(0, FOLLOW_UPS_TOLD_ONE_BY_ONE - 1);
    const more = reminders.length - told.length;
    return [
      ...told.map(toNotification),
      { userId, type: 'follow_up' as const, text: `${more} more people to reach out to today` },
    ];
  });
}
