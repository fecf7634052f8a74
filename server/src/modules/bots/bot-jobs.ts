import type { CalendarEvent, Notification } from '@relate/contracts';
import type { JobRunner } from '../../jobs/job-runner';
import { RetryLater } from '../../jobs/job-runner';
import type { Clock } from '../../lib/time';
import type { EventsService } from '../events/events.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { TasksService } from '../tasks/tasks.service';
import type { UsersService } from '../users/users.service';
import type { MessagingAccount } from '../users/users.types';
import { type BotCommandsService, formatDate, formatTime, localDay } from './bot-commands.service';
import {
  type BotDeliveryService,
  deliveryPlatform,
  type OutboundMessage,
  SendLater,
  TELEGRAM_REPLY_JOB,
  type TelegramReply,
} from './bot-delivery.service';

/** What the bots' jobs use of the other services (given by services.ts). */
interface BotJobDeps {
  jobs: Pick<JobRunner, 'define' | 'enqueue' | 'every'>;
  botDelivery: Pick<BotDeliveryService, 'deliver' | 'sendReply'>;
  botCommands: Pick<BotCommandsService, 'onSnooze'>;
  notifications: Pick<NotificationsService, 'get' | 'onCreated'>;
  users: Pick<UsersService, 'messagingAccounts' | 'listMessagingLinked'>;
  events: Pick<EventsService, 'inRange'>;
  tasks: Pick<TasksService, 'list'>;
  clock: Clock;
}

export const REMINDER_TICK_MS = 60_000;
/** Reminders are looked for this far ahead (the longest alert that is honoured). */
const REMINDER_HORIZON_MS = 7 * 24 * 60 * 60_000;
/** An alert at the start itself may arrive within the first two minutes of the event. */
const AT_START_GRACE_MS = 2 * 60_000;
const TASK_REMINDER_HOUR = 9;

const TITLES: Record<string, string> = {
  task_assigned: '📋 New task',
  contact_shared: '👤 Contact shared with you',
  event_assigned: '📅 New event',
  group_invitation: '👥 Group invitation',
  follow_up: '🤝 Stay in touch',
  birthday: '🎂 Birthday',
};

/** The buttons under a notification in the chat: a task's status, a follow-up's Done and Snooze. */
function notificationButtons(row: Notification) {
  if (row.notification_type === 'task_assigned' && row.subject_type === 'task' && row.subject_id) {
    return [
      { label: '✅ Done', data: `task:done:${row.subject_id}` },
      { label: '▶️ In progress', data: `task:progress:${row.subject_id}` },
    ];
  }
  if (row.notification_type === 'follow_up' && row.subject_type === 'contact' && row.subject_id) {
    return [
      { label: '✅ Done', data: `follow:done:${row.subject_id}` },
      { label: 'Snooze 1 day', data: `follow:snooze:1:${row.subject_id}` },
      { label: 'Snooze 1 week', data: `follow:snooze:7:${row.subject_id}` },
    ];
  }
  return [];
}

interface NotifyPayload {
  userId: number;
  notificationId: number;
}
interface SnoozePayload {
  userId: number;
  eventId: number;
  start: string;
}

/** Sends and turns a platform's "wait" into the job runner's RetryLater. */
async function orRetryLater(send: Promise<unknown>) {
  try {
    await send;
  } catch (error) {
    if (error instanceof SendLater) throw new RetryLater(error.delayMs, error.message);
    throw error;
  }
}

const deliverOrRetry = (deps: BotJobDeps, userId: number, message: OutboundMessage, key: string) =>
  orRetryLater(deps.botDelivery.deliver(userId, message, key));

function reminderMessage(
  user: MessagingAccount,
  event: CalendarEvent,
  start: Date,
  now: Date,
): OutboundMessage {
  const minutes = Math.max(0, Math.round((start.getTime() - now.getTime()) / 60_000));
  const when =
    minutes === 0
      ? 'now'
      : minutes < 60
        ? `in ${minutes} min`
        : minutes < 1440
          ? `in ${Math.round(minutes / 60)} h`
          : `on ${formatDate(start, user.timezone)}`;
  const end = new Date(event.end_datetime);
  const people = event.participants.map((person) => person.name || person.email).filter(Boolean);
  const key = `e${event.id}:${Math.floor(start.getTime() / 1000)}`;
  return {
    title: `⏰ ${event.title} ${when}`,
    lines: [
      event.all_day
        ? `${formatDate(start, user.timezone)}, all day`
        : `${formatDate(start, user.timezone)}, ${formatTime(start, user.timezone)}–${formatTime(end, user.timezone)} (${user.timezone})`,
      ...(event.location ? [`📍 ${event.location}`] : []),
      ...(people.length ? [`👥 ${people.join(', ')}`] : []),
    ],
    buttons: [
      { label: 'Snooze 10 min', data: `snooze:10:${key}` },
      { label: 'Snooze 1 h', data: `snooze:60:${key}` },
    ],
  };
}

/**
 * The bots' durable work on the job runner: each notification delivered once to the preferred linked
 * platform; replies to updates that Telegram's flood limit held back; event reminders `alert_minutes` before every occurrence and task reminders at 09:00 local
 * on the due date, each once; snoozed reminders again later.
 */
export function registerBotJobs(deps: BotJobDeps) {
  const { jobs, notifications, users, events, tasks, botCommands, clock } = deps;

  jobs.define<NotifyPayload>('bot.notify', async ({ userId, notificationId }) => {
    const row = await notifications.get(userId, notificationId);
    if (!row) return;
    const buttons = notificationButtons(row);
    const aboutTask = row.notification_type === 'other' && row.subject_type === 'task';
    const message = {
      title: TITLES[row.notification_type] ?? (aboutTask ? '📋 Task update' : '🔔 Relate'),
      lines: [row.notification],
      buttons,
    };
    await deliverOrRetry(deps, userId, message, `notification:${row.id}`);
  });

  jobs.define<TelegramReply>(TELEGRAM_REPLY_JOB, (reply) => orRetryLater(deps.botDelivery.sendReply(reply)));

  notifications.onCreated(async (rows, tx) => {
    const linked = new Set(
      (await users.messagingAccounts([...new Set(rows.map((row) => row.userId))], tx))
        .filter((user) => deliveryPlatform(user))
        .map((user) => user.id),
    );
    for (const row of rows) {
      if (!linked.has(row.userId)) continue;
      await jobs.enqueue<NotifyPayload>(
        'bot.notify',
        { userId: row.userId, notificationId: row.id },
        { key: `notification:${row.id}`, tx },
      );
    }
  });

  jobs.define<SnoozePayload>('bot.snooze', async ({ userId, eventId, start }, job) => {
    const [user] = await users.messagingAccounts([userId]);
    if (!user) return;
    const occurrenceStart = new Date(start);
    const [event] = (
      await events.inRange(user, occurrenceStart, new Date(occurrenceStart.getTime() + 1000))
    ).filter(
      (item) => item.id === eventId && new Date(item.start_datetime).getTime() === occurrenceStart.getTime(),
    );
    if (!event) return;
    const message = reminderMessage(user, event, occurrenceStart, clock());
    await deliverOrRetry(deps, userId, message, `snooze:${job.id}`);
  });

  botCommands.onSnooze(async (user, reminderKey, minutes) => {
    const match = /^e(\d+):(\d+)$/.exec(reminderKey);
    if (!match) return;
    const runAt = new Date(clock().getTime() + minutes * 60_000);
    await jobs.enqueue<SnoozePayload>(
      'bot.snooze',
      { userId: user.id, eventId: Number(match[1]), start: new Date(Number(match[2]) * 1000).toISOString() },
      { runAt },
    );
  });

  // One user's failure must not hold back everyone else's reminders: what failed is not marked sent,
  // so the next tick (a minute later) tries it again; a rate limit ends this tick early.
  jobs.define('bot.reminders', async () => {
    const now = clock();
    const failures: unknown[] = [];
    for (const user of await users.listMessagingLinked()) {
      try {
        await eventReminders(user, now);
        await taskReminders(user, now);
      } catch (error) {
        if (error instanceof RetryLater) throw error;
        failures.push(error);
      }
    }
    if (failures.length > 0)
      throw new AggregateError(failures, `${failures.length} reminder deliveries failed`);
  });
  jobs.every('bot.reminders', REMINDER_TICK_MS);

  /** Every occurrence whose alert time has come and which has not started yet, once each. */
  async function eventReminders(user: MessagingAccount, now: Date) {
    const upcoming = await events.inRange(
      user,
      new Date(now.getTime() - AT_START_GRACE_MS),
      new Date(now.getTime() + REMINDER_HORIZON_MS),
    );
    for (const event of upcoming) {
      const start = new Date(event.start_datetime);
      const alertAt = start.getTime() - event.alert_minutes * 60_000;
      const grace = event.alert_minutes === 0 ? AT_START_GRACE_MS : 0;
      if (alertAt > now.getTime() || now.getTime() >= start.getTime() + grace) continue;
      const key = `event:${event.id}:${start.toISOString()}`;
      await deliverOrRetry(deps, user.id, reminderMessage(user, event, start, now), key);
    }
  }

  /** Open tasks the user owns or is assigned that are due today (their time zone), from 09:00 on, once each. */
  async function taskReminders(user: MessagingAccount, now: Date) {
    const today = localDay(now, user.timezone);
    const nine = new Date(today.start.getTime() + TASK_REMINDER_HOUR * 60 * 60_000);
    if (now < nine) return;
    const projects = await tasks.list(user, { status: ['todo', 'in_progress'], include_scheduled: true });
    for (const task of Object.values(projects).flat()) {
      if (!task.due_date || (task.owner_id !== user.id && task.assign_to !== user.email.toLowerCase()))
        continue;
      const due = new Date(task.due_date);
      if (due < today.start || due >= today.end) continue;
      const message: OutboundMessage = {
        title: `📋 Due today: ${task.title}`,
        lines: [`Project: ${task.project}`, ...(task.description ? [task.description.slice(0, 300)] : [])],
        buttons: [
          { label: '✅ Done', data: `task:done:${task.id}` },
          { label: '▶️ In progress', data: `task:progress:${task.id}` },
        ],
      };
      await deliverOrRetry(deps, user.id, message, `task-due:${task.id}:${today.start.toISOString()}`);
    }
  }
}
