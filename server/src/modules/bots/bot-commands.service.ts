import type { FollowUpAction, Task } from '@relate/contracts';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/time';
import { fromFloating, toFloating } from '../../lib/time-zone';
import type { ContactsService } from '../contacts/contacts.service';
import type { EventsService } from '../events/events.service';
import type { TasksService } from '../tasks/tasks.service';
import type { MessagingAccount } from '../users/users.types';
import type { OutboundMessage } from './bot-delivery.service';

const DAY = 24 * 60 * 60_000;
const OPEN: Task['status'][] = ['todo', 'in_progress'];

export const COMMANDS = [
  { command: 'today', description: 'Today’s events and the tasks due today' },
  { command: 'tasks', description: 'My open tasks' },
  { command: 'find', description: 'Find a contact by name: /find Ada' },
  { command: 'help', description: 'What this bot can do' },
] as const;

const HELP: OutboundMessage = {
  title: 'Relate bot',
  lines: [
    'I send your Relate notifications and reminders here.',
    '/today: today’s events and the tasks due today',
    '/tasks: your open tasks',
    '/find <name>: a contact’s phone and e-mail',
    '/help: this message',
  ],
};

/** Snooze (a reminder again later), handled by the reminders. */
export type SnoozeHandler = (user: MessagingAccount, reminderKey: string, minutes: number) => Promise<void>;

/** A follow-up's Done or Snooze, handled by stay in touch; answers the next follow-up, if any. */
export type FollowUpHandler = (
  user: MessagingAccount,
  contactId: number,
  action: FollowUpAction,
) => Promise<{ nextFollowUp: Date | null }>;

/** The bots' commands and buttons, the same on Telegram and WhatsApp, under the API's permission rules. */
export class BotCommandsService {
  private snoozeHandler?: SnoozeHandler;
  private followUpHandler?: FollowUpHandler;

  constructor(
    private readonly tasks: TasksService,
    private readonly events: EventsService,
    private readonly contacts: ContactsService,
    private readonly clock: Clock,
  ) {}

  onSnooze(handler: SnoozeHandler) {
    this.snoozeHandler = handler;
  }

  onFollowUp(handler: FollowUpHandler) {
    this.followUpHandler = handler;
  }

  /** A typed command: "/today" on Telegram, "today" on WhatsApp. */
  async command(user: MessagingAccount, text: string): Promise<OutboundMessage> {
    const [word = '', ...rest] = text.trim().split(/\s+/);
    const name = word.replace(/^\//, '').replace(/@.*$/, '').toLowerCase();
    switch (name) {
      case 'today':
        return this.today(user);
      case 'tasks':
        return this.openTasks(user);
      case 'find':
        return this.find(user, rest.join(' '));
      default:
        return HELP;
    }
  }

  /**
   * A pressed button: `task:done:<id>`, `task:progress:<id>`, `snooze:<minutes>:<reminder key>`,
   * `follow:done:<contact id>`, `follow:snooze:<1|7>:<contact id>`.
   */
  async action(user: MessagingAccount, data: string): Promise<OutboundMessage> {
    const followUp = /^follow:(done|snooze:(1|7)):(\d+)$/.exec(data);
    if (followUp && this.followUpHandler) return this.followUp(user, followUp);
    const task = /^task:(done|progress):(\d+)$/.exec(data);
    if (task) {
      const status = task[1] === 'done' ? 'completed' : 'in_progress';
      try {
        const updated = await this.tasks.update(user, Number(task[2]), { status });
        return {
          title: status === 'completed' ? '✅ Task completed' : '▶️ Task in progress',
          lines: [updated.title],
        };
      } catch (error) {
        if (error instanceof AppError && (error.status === 403 || error.status === 404)) {
          return { title: 'You cannot change this task', lines: [error.message] };
        }
        throw error;
      }
    }
    const snooze = /^snooze:(10|60):(.+)$/.exec(data);
    if (snooze && this.snoozeHandler) {
      const minutes = Number(snooze[1]);
      await this.snoozeHandler(user, snooze[2], minutes);
      return { title: `⏰ I will remind you again in ${minutes === 60 ? '1 hour' : '10 minutes'}` };
    }
    return { title: 'This button no longer works', lines: ['Send /help to see what I can do.'] };
  }

  private async followUp(user: MessagingAccount, match: RegExpExecArray): Promise<OutboundMessage> {
    const action: FollowUpAction =
      match[1] === 'done' ? { action: 'done' } : { action: 'snooze', days: match[2] === '7' ? 7 : 1 };
    try {
      const { nextFollowUp } = await this.followUpHandler!(user, Number(match[3]), action);
      const next = nextFollowUp ? [`Next follow-up: ${formatDate(nextFollowUp, user.timezone)}`] : [];
      if (action.action === 'done') return { title: '✅ Marked as in touch today', lines: next };
      return {
        title: `⏰ I will remind you again ${action.days === 7 ? 'in a week' : 'tomorrow'}`,
        lines: next,
      };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) {
        return { title: 'This contact is no longer there', lines: [error.message] };
      }
      throw error;
    }
  }

  private async today(user: MessagingAccount): Promise<OutboundMessage> {
    const now = this.clock();
    const { start, end } = localDay(now, user.timezone);
    const events = await this.events.inRange(user, start, end);
    const due = (await this.myOpenTasks(user)).filter(
      (task) => task.due_date && new Date(task.due_date) < end,
    );
    const lines = [
      ...(events.length ? ['Events:'] : ['No events today.']),
      ...events.map(
        (event) =>
          `• ${event.all_day ? 'All day' : formatTime(new Date(event.start_datetime), user.timezone)} ${event.title}` +
          (event.location ? ` (${event.location})` : ''),
      ),
      ...(due.length ? ['Tasks due:'] : ['No tasks due today.']),
      ...due.map((task) => `• ${task.title}${new Date(task.due_date!) < start ? ' (overdue)' : ''}`),
    ];
    return { title: `Today, ${formatDate(now, user.timezone)}`, lines };
  }

  private async openTasks(user: MessagingAccount): Promise<OutboundMessage> {
    const tasks = await this.myOpenTasks(user);
    if (tasks.length === 0) return { title: 'No open tasks', lines: ['Nothing to do. Enjoy!'] };
    return {
      title: `Open tasks (${tasks.length})`,
      lines: tasks
        .slice(0, 20)
        .map(
          (task) =>
            `• ${task.title} [${task.project}]${task.due_date ? `, due ${formatDate(new Date(task.due_date), user.timezone)}` : ''}`,
        ),
    };
  }

  private async find(user: MessagingAccount, name: string): Promise<OutboundMessage> {
    if (!name.trim()) return { title: 'Find a contact', lines: ['Send /find and a name, e.g. /find Ada'] };
    const { people } = await this.contacts.list(user.id, {
      page: 1,
      page_size: 5,
      q: name.trim(),
      sort: 'full_name',
      order: 'asc',
      filters: {},
    });
    if (people.length === 0) return { title: `No contact matches “${name.trim()}”` };
    return {
      title: `Contacts matching “${name.trim()}”`,
      lines: people.flatMap((contact) => [
        `• ${contact.full_name ?? [contact.first_name, contact.last_name].filter(Boolean).join(' ')}` +
          (contact.organization ? `, ${contact.organization}` : ''),
        ...[contact.phone, contact.mobile, contact.email].filter(Boolean).map((value) => `   ${value}`),
      ]),
    };
  }

  /** Open tasks the user owns or is assigned, soonest due first. */
  private async myOpenTasks(user: MessagingAccount): Promise<Task[]> {
    const projects = await this.tasks.list(user, { status: OPEN, include_scheduled: false });
    return Object.values(projects)
      .flat()
      .filter((task) => task.owner_id === user.id || task.assign_to === user.email.toLowerCase())
      .sort((a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999'));
  }
}

export function formatTime(date: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(date);
}

export function formatDate(date: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(date);
}

/** The start of the user's local day containing `now`, and of the next one. */
export function localDay(now: Date, timeZone: string) {
  const floating = toFloating(now, timeZone);
  const midnight = Date.UTC(floating.getUTCFullYear(), floating.getUTCMonth(), floating.getUTCDate());
  return {
    start: fromFloating(new Date(midnight), timeZone),
    end: fromFloating(new Date(midnight + DAY), timeZone),
  };
}
