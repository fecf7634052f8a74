import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contacts, remindersSent, users } from '../../db/schema';
import type { CadenceUnit } from './cadence';

/** A contact's stay-in-touch columns. */
export interface FollowUpRow {
  id: number;
  fullName: string | null;
  organization: string | null;
  email: string | null;
  phone: string | null;
  lastContactDate: Date | null;
  nextFollowUpDate: Date | null;
  followUpEvery: number | null;
  followUpUnit: CadenceUnit | null;
}

/** A reminder just claimed by the reminders job: to be told to `userId` now. */
export type ClaimedReminder = {
  userId: number;
  contactId: number;
  fullName: string | null;
  /** Follow-ups: the cadence, if any. Birthdays: the stored birthday (YYYY-MM-DD, year 0004 when unknown). */
  followUpEvery: number | null;
  followUpUnit: CadenceUnit | null;
  birthday: string | null;
  /** The user's local date the reminder is for (YYYY-MM-DD). */
  localDate: string;
};

const FOLLOW_UP_COLUMNS = {
  id: contacts.id,
  fullName: contacts.fullName,
  organization: contacts.organization,
  email: contacts.email,
  phone: contacts.phone,
  lastContactDate: contacts.lastContactDate,
  nextFollowUpDate: contacts.nextFollowUpDate,
  followUpEvery: contacts.followUpEvery,
  followUpUnit: contacts.followUpUnit,
};

/** The user's wall-clock time at `now`, and whether their reminder hour (09:00) has come. */
const localNow = (now: Date) => sql`(${now.toISOString()}::timestamptz at time zone ${users.timezone})`;
const localToday = (now: Date) => sql`(${localNow(now)})::date`;
const reminderHourCome = (now: Date) => sql`(${localNow(now)})::time >= time '09:00'`;
/** Local midnight `days` after today, as an instant. */
const localMidnight = (now: Date, days: number) =>
  sql`((${localToday(now)} + ${days}::int)::timestamp at time zone ${users.timezone})`;

/** Overdue follow-ups older than this are listed in Reach out but not reminded of again. */
const REMIND_OVERDUE_DAYS = 6;

export class StayInTouchRepository {
  constructor(private readonly db: Database) {}

  async find(userId: number, id: number, db: Database = this.db): Promise<FollowUpRow | undefined> {
    const [row] = await db
      .select(FOLLOW_UP_COLUMNS)
      .from(contacts)
      .where(and(eq(contacts.userId, userId), eq(contacts.id, id)));
    return row;
  }

  async update(
    userId: number,
    id: number,
    values: Partial<
      Pick<FollowUpRow, 'followUpEvery' | 'followUpUnit' | 'lastContactDate' | 'nextFollowUpDate'>
    >,
    db: Database = this.db,
  ): Promise<FollowUpRow | undefined> {
    const [row] = await db
      .update(contacts)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(contacts.userId, userId), eq(contacts.id, id)))
      .returning(FOLLOW_UP_COLUMNS);
    return row;
  }

  /** The user's follow-ups due before `until`, oldest first (the partial index on next_follow_up_date). */
  dueBefore(userId: number, from: Date | null, until: Date, limit: number): Promise<FollowUpRow[]> {
    return this.db
      .select(FOLLOW_UP_COLUMNS)
      .from(contacts)
      .where(
        and(
          eq(contacts.userId, userId),
          isNotNull(contacts.nextFollowUpDate),
          from ? gte(contacts.nextFollowUpDate, from) : undefined,
          lt(contacts.nextFollowUpDate, until),
        ),
      )
      .orderBy(asc(contacts.nextFollowUpDate), asc(contacts.id))
      .limit(limit);
  }

  /** Contacts whose birthday (month and day) is one of `monthDays` ('MM-DD'). */
  birthdaysOn(
    userId: number,
    monthDays: string[],
  ): Promise<{ id: number; fullName: string | null; birthday: string }[]> {
    return this.db
      .select({
        id: contacts.id,
        fullName: contacts.fullName,
        birthday: sql<string>`${contacts.birthday}::text`,
      })
      .from(contacts)
      .where(
        and(
          eq(contacts.userId, userId),
          isNotNull(contacts.birthday),
          sql`to_char(${contacts.birthday}, 'MM-DD') = any(${sql.param(monthDays)}::text[])`,
        ),
      );
  }

  /**
   * Claims every follow-up that has come due for users whose 09:00 has come (today's, and overdue ones
   * of the last six days), once per contact and due date: the claim is the reminders_sent row, so a
   * second run, or another process, claims none of them again. In the caller's transaction, with the
   * notifications it writes.
   */
  async claimDueFollowUps(now: Date, db: Database): Promise<ClaimedReminder[]> {
    const result = await db.execute<ClaimedReminder>(sql`
      with due as (
        select c.user_id, c.id, c.full_name, c.follow_up_every, c.follow_up_unit,
               'follow-up:' || c.id || ':' || extract(epoch from c.next_follow_up_date)::bigint as key,
               ${localToday(now)}::text as local_date
        from ${users} join ${contacts} c on c.user_id = ${users.id}
        where ${users.status} = 'approved' and ${reminderHourCome(now)}
          and c.next_follow_up_date is not null
          and c.next_follow_up_date >= ${localMidnight(now, -REMIND_OVERDUE_DAYS)}
          and c.next_follow_up_date < ${localMidnight(now, 1)}
      ), claimed as (
        insert into ${remindersSent} (user_id, key) select user_id, key from due
        on conflict do nothing returning user_id, key
      )
      select due.user_id as "userId", due.id as "contactId", due.full_name as "fullName",
             due.follow_up_every as "followUpEvery", due.follow_up_unit as "followUpUnit",
             null as birthday, due.local_date as "localDate"
      from due join claimed using (user_id, key)
      order by due.user_id, due.id`);
    return (result as unknown as { rows: ClaimedReminder[] }).rows;
  }

  /**
   * Claims today's birthdays for users whose 09:00 has come, once per user and day: the day's claim
   * (reminders_sent 'birthdays:<date>') makes the scan of a user's contacts run once a day, not every
   * minute. 29 February birthdays are told on 28 February in other years.
   */
  async claimBirthdays(now: Date, db: Database): Promise<ClaimedReminder[]> {
    const result = await db.execute<ClaimedReminder>(sql`
      with due_users as (
        insert into ${remindersSent} (user_id, key)
        select ${users.id}, 'birthdays:' || ${localToday(now)}::text
        from ${users} where ${users.status} = 'approved' and ${reminderHourCome(now)}
        on conflict do nothing returning user_id, substr(key, 11) as local_date
      )
      select c.user_id as "userId", c.id as "contactId", c.full_name as "fullName",
             null::int as "followUpEvery", null as "followUpUnit", c.birthday::text as birthday,
             u.local_date as "localDate"
      from due_users u join ${contacts} c on c.user_id = u.user_id and c.birthday is not null
      where to_char(c.birthday, 'MM-DD') = substr(u.local_date, 6)
         or (substr(u.local_date, 6) = '02-28' and to_char(c.birthday, 'MM-DD') = '02-29'
             and to_char(u.local_date::date + 1, 'MM-DD') = '03-01')
      order by c.user_id, c.id`);
    return (result as unknown as { rows: ClaimedReminder[] }).rows;
  }

  /** Forgets claims older than a year and a day (a birthday's claim must outlive its year). */
  async forgetOldClaims(now: Date, db: Database = this.db): Promise<void> {
    await db
      .delete(remindersSent)
      .where(lt(remindersSent.sentAt, new Date(now.getTime() - 366 * 86_400_000)));
  }
}
