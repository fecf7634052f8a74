import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { DatabaseMaintenance } from './db/maintenance';
import type { HeavyTasks } from './heavy-work';
import { GoogleClient, type GoogleClientTuning } from './integrations/google/google.client';
import { TokenCipher } from './integrations/google/token-cipher';
import { createStripeClient } from './integrations/stripe/stripe.client';
import { backupDir, scheduleNightlyBackups } from './jobs/backup-schedule';
import { JobRunner } from './jobs/job-runner';
import { JobsRepository } from './jobs/jobs.repository';
import { createMailer } from './lib/mailer';
import type { Metrics } from './lib/metrics';
import type { Clock } from './lib/time';
import { WorkerPool } from './lib/workers/pool';
import { ActivityRepository } from './modules/activity/activity.repository';
import { ActivityService } from './modules/activity/activity.service';
import { announcePendingAccount } from './modules/admin/admin.notices';
import { AuthService } from './modules/auth/auth.service';
import { EmailVerificationService } from './modules/auth/email-verification.service';
import { LoginThrottle, MemoryCounterStore, RedisCounterStore } from './modules/auth/login-throttle';
import { PasswordService } from './modules/auth/password.service';
import { PasswordResetsRepository } from './modules/auth/password-resets.repository';
import { RefreshTokensRepository } from './modules/auth/refresh-tokens.repository';
import { SystemSettingsRepository } from './modules/auth/system-settings.repository';
import { TokenService } from './modules/auth/tokens.service';
import { defineBillingJobs } from './modules/billing/billing.jobs';
import { BillingRepository } from './modules/billing/billing.repository';
import { BillingService } from './modules/billing/billing.service';
import { BotCommandsService } from './modules/bots/bot-commands.service';
import { BotDeliveryService } from './modules/bots/bot-delivery.service';
import { registerBotJobs } from './modules/bots/bot-jobs';
import { BotsRepository } from './modules/bots/bots.repository';
import { BotsService } from './modules/bots/bots.service';
import { registerTelegramHandlers } from './modules/bots/telegram.bot';
import { createTelegramBot } from './modules/bots/telegram.client';
import { WhatsAppClient } from './modules/bots/whatsapp.client';
import { CompaniesRepository } from './modules/companies/companies.repository';
import { CompaniesService } from './modules/companies/companies.service';
import { ContactsRepository } from './modules/contacts/contacts.repository';
import { ContactsService } from './modules/contacts/contacts.service';
import { PeoplePagesRepository } from './modules/contacts/people-pages.repository';
import { CustomFieldsRepository } from './modules/custom-fields/custom-fields.repository';
import { CustomFieldsService } from './modules/custom-fields/custom-fields.service';
import { EventsRepository } from './modules/events/events.repository';
import { EventsService } from './modules/events/events.service';
import { defineGoogleJobs, PUSH_GOOGLE_CALENDAR, PUSH_GOOGLE_CONTACTS } from './modules/google/google.jobs';
import { GoogleRepository } from './modules/google/google.repository';
import { GoogleAuthService } from './modules/google/google-auth.service';
import { GoogleCalendarRepository } from './modules/google/google-calendar.repository';
import { GoogleCalendarService } from './modules/google/google-calendar.service';
import { GoogleContactsService } from './modules/google/google-contacts.service';
import { SyncRuns } from './modules/google/sync-runs';
import { GroupsRepository } from './modules/groups/groups.repository';
import { GroupsService } from './modules/groups/groups.service';
import { NotificationsRepository } from './modules/notifications/notifications.repository';
import { NotificationsService } from './modules/notifications/notifications.service';
import { NotificationStreams, STREAM_LEASE_MS } from './modules/notifications/notifications.stream';
import { LocalStreamSlots, RedisStreamSlots } from './modules/notifications/stream-slots';
import { PlansRepository } from './modules/plans/plans.repository';
import { PlansService } from './modules/plans/plans.service';
import { PreferencesRepository } from './modules/preferences/preferences.repository';
import { PreferencesService } from './modules/preferences/preferences.service';
import { SearchService } from './modules/search/search.service';
import { StayInTouchRepository } from './modules/stay-in-touch/stay-in-touch.repository';
import { StayInTouchService } from './modules/stay-in-touch/stay-in-touch.service';
import { connectStayInTouch } from './modules/stay-in-touch/stay-in-touch.wiring';
import { TasksRepository } from './modules/tasks/tasks.repository';
import { TasksService } from './modules/tasks/tasks.service';
import { TrashRepository } from './modules/trash/trash.repository';
import { TrashService } from './modules/trash/trash.service';
import { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';

/** A random secret generated once per installation and shared by every process through the database. */
function installationSecret(db: Database, key: string): Promise<string> {
  return new SystemSettingsRepository(db).getOrInit(key, randomBytes(48).toString('base64url'));
}

/**
 * The cipher of stored Google refresh tokens: GOOGLE_TOKEN_KEY's first key, else a key generated and
 * kept in the database. With GOOGLE_TOKEN_KEY set, tokens sealed with its other keys, with
 * GOOGLE_TOKEN_KEY_PREVIOUS or with a key the database kept from before are still read, and sealed again
 * with the first key when next used.
 */
async function googleTokenCipher(db: Database, config: Config): Promise<TokenCipher> {
  const settings = new SystemSettingsRepository(db);
  if (!config.GOOGLE_TOKEN_KEY) return new TokenCipher(await installationSecret(db, 'google_token_key'));
  const [current, ...others] = config.GOOGLE_TOKEN_KEY;
  const generated = await settings.get('google_token_key');
  const previous = [...others, config.GOOGLE_TOKEN_KEY_PREVIOUS, generated].filter(
    (key) => key !== undefined,
  );
  return new TokenCipher(current as string, previous);
}

export interface ServiceDeps {
  config: Config;
  db: Database;
  /** LISTEN on the database (live notifications reach every process). */
  listen: DatabaseHandle['listen'];
  /** The database to back up every night, if any. */
  nightlyBackupOf?: string;
  redis?: Redis;
  clock: Clock;
  log: FastifyBaseLogger;
  /** What the modules report to /metrics, through the narrow interfaces each of them offers. */
  metrics: Pick<Metrics, 'jobRan' | 'syncFinished' | 'imported'>;
  /** Tests: Google client tuning, and how often a running sync renews its claim. */
  google?: GoogleClientTuning & { syncHeartbeatMs?: number };
}

const MAINTENANCE_INTERVAL_MS = 5 * 60_000;
/** How often the Trash is purged of what is older than TRASH_DAYS. */
const TRASH_PURGE_INTERVAL_MS = 60 * 60_000;

/** Wires repositories into services: the one place that knows how the modules fit together. */
export async function createServices({
  config,
  db,
  listen,
  nightlyBackupOf,
  redis,
  clock,
  log,
  metrics,
  google,
}: ServiceDeps) {
  const jobs = new JobRunner(new JobsRepository(db), clock);
  jobs.onRun((kind, outcome) => metrics.jobRan(kind, outcome));
  const maintenance = new DatabaseMaintenance(db);
  jobs.define('contact-counts', () => maintenance.foldContactCounts());
  jobs.every('contact-counts', MAINTENANCE_INTERVAL_MS);
  if (nightlyBackupOf)
    scheduleNightlyBackups({
      jobs,
      databaseUrl: nightlyBackupOf,
      dir: backupDir(config),
      keep: config.BACKUP_KEEP,
      clock,
      log,
    });
  const users = new UsersService(db, new UsersRepository(db), config.ADMIN_EMAILS);
  const tokens = new TokenService(
    config.JWT_SECRET ?? [await installationSecret(db, 'jwt_secret')],
    db,
    new RefreshTokensRepository(db),
    clock,
    config.ACCESS_TOKEN_TTL_SECONDS,
    config.REFRESH_TOKEN_TTL_DAYS,
  );
  const counters = redis ? new RedisCounterStore(redis) : new MemoryCounterStore();
  const throttle = new LoginThrottle(counters, config.LOGIN_MAX_FAILURES, config.LOGIN_WINDOW_SECONDS);
  const mailer = createMailer(config.SMTP_URL, config.MAIL_FROM, log);
  const emailVerification = new EmailVerificationService(
    users,
    tokens,
    config.SMTP_URL ? mailer : undefined,
    config.PUBLIC_URL,
    clock,
    log,
    counters,
  );
  const auth = new AuthService(users, tokens, throttle, emailVerification);
  const passwords = new PasswordService(
    db,
    users,
    tokens,
    new PasswordResetsRepository(db),
    throttle,
    counters,
    mailer,
    config.PUBLIC_URL,
    clock,
    log,
  );
  users.onStatusChanged(async (user, tx) => {
    // Either way every process hears of it at commit (streams end, cached accounts are read again).
    if (user.status === 'rejected') await tokens.revokeAllOf(user.id, tx);
    else await notifications.sessionsEnded(user.id, tx);
  });
  const notifications = new NotificationsService(db, new NotificationsRepository(db));
  // With REDIS_URL the limit of open streams per user holds across processes (decision 26).
  const notificationStreams = new NotificationStreams(
    { listen },
    notifications,
    { isValid: (claims) => auth.isSessionValid(claims), forget: (userId) => auth.forgetCached(userId) },
    log,
    redis ? new RedisStreamSlots(redis, STREAM_LEASE_MS) : new LocalStreamSlots(),
  );
  // Live streams end with their session, on every process (the signal goes out at commit).
  tokens.onSessionsEnded((userId, tx) => notifications.sessionsEnded(userId, tx));
  users.onDeleting((user, tx) => notifications.sessionsEnded(user.id, tx));
  const groups = new GroupsService(
    db,
    new GroupsRepository(db),
    users,
    notifications,
    mailer,
    config.PUBLIC_URL,
    log,
  );
  users.onCreated((user, tx) => groups.onUserCreated(user, tx));
  users.onCreated((user, tx) => announcePendingAccount(users, notifications, user, tx));
  const customFields = new CustomFieldsService(db, new CustomFieldsRepository(db));
  const preferences = new PreferencesService(db, new PreferencesRepository(db), customFields);
  // The worker's entry (heavy-work.ts): from sources through its tsx loader, built as heavy-work.js beside main.js.
  const workers = new WorkerPool<HeavyTasks>(
    new URL(import.meta.url.endsWith('.ts') ? './heavy-work.dev.mjs' : './heavy-work.js', import.meta.url),
  );
  const companies = new CompaniesService(db, new CompaniesRepository(db), maintenance, workers, clock);
  companies.onImported((rows, seconds) => metrics.imported('companies', rows, seconds));
  const contacts = new ContactsService(
    db,
    new ContactsRepository(db),
    new PeoplePagesRepository(db),
    customFields,
    companies,
    groups,
    notifications,
    maintenance,
    workers,
    clock,
  );
  customFields.onRemoved((userId, name, tx) => contacts.removeCustomField(userId, name, tx));
  contacts.onImported((rows, seconds) => metrics.imported('contacts', rows, seconds));
  // People belong to companies (issue 35): a company's new name and its merges reach its people.
  companies.onRenamed((userId, company, tx) => contacts.followCompanyName(userId, company, tx));
  companies.onMerging((userId, moves, tx) => contacts.moveCompanyLinks(userId, moves, tx));
  // The timeline (issue 35): contacts and companies report what happened, in the transaction that did it.
  const activity = new ActivityService(
    db,
    new ActivityRepository(db),
    contacts,
    companies,
    groups,
    users,
    notifications,
  );
  contacts.onActivity((entry, tx) => activity.recordContactActivity(entry, tx));
  companies.onChanged(activity.recordCompanyChange);
  const tasks = new TasksService(db, new TasksRepository(db), users, groups, notifications, clock);
  groups.onMembershipEnded((ownerId, memberId, tx) => tasks.groupMembershipEnded(ownerId, memberId, tx));
  const events = new EventsService(db, new EventsRepository(db), users, notifications, groups, workers);
  groups.onMembershipEnded((ownerId, memberId, tx) => events.groupMembershipEnded(ownerId, memberId, tx));
  const botsRepository = new BotsRepository(db);
  const botCommands = new BotCommandsService(tasks, events, contacts, clock);
  const stayInTouch = new StayInTouchService(new StayInTouchRepository(db), users, notifications, clock);
  connectStayInTouch(stayInTouch, { db, jobs, contacts, botCommands });
  const bots: BotsService = new BotsService(
    db,
    botsRepository,
    users,
    notifications,
    clock,
    config,
    createTelegramBot(config, (bot) => registerTelegramHandlers(bot, bots, botCommands)),
    WhatsAppClient.fromConfig(config),
  );
  const botDelivery = new BotDeliveryService(bots, botsRepository, users, jobs, clock, {
    name: config.WHATSAPP_NOTIFICATION_TEMPLATE,
    language: config.WHATSAPP_TEMPLATE_LANGUAGE,
  });
  registerBotJobs({ jobs, botDelivery, botCommands, notifications, users, events, tasks, clock });
  const { syncHeartbeatMs, ...googleTuning } = google ?? {};
  const googleRepository = new GoogleRepository(db);
  const googleClient = config.GOOGLE_CLIENT_ID
    ? new GoogleClient({
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        redirectUri: new URL('/auth/google/callback', config.PUBLIC_URL).toString(),
        oauthBaseUrl: config.GOOGLE_OAUTH_BASE_URL,
        apiBaseUrl: config.GOOGLE_API_BASE_URL,
        ...googleTuning,
      })
    : undefined;
  const googleAuth = new GoogleAuthService(
    db,
    googleRepository,
    googleClient,
    await googleTokenCipher(db, config),
    users,
    tokens,
    clock,
  );
  const syncRuns = new SyncRuns(clock, syncHeartbeatMs, metrics);
  const googleContacts = new GoogleContactsService(
    db,
    googleRepository,
    googleAuth,
    contacts,
    clock,
    syncRuns,
  );
  // An edit or a delete of a linked contact reaches Google within a poll of the job runner.
  contacts.onUpdated(async (userId, contactId, tx) => {
    if (await googleContacts.markEdited(userId, contactId, tx))
      await jobs.enqueue(PUSH_GOOGLE_CONTACTS, { userId }, { key: String(userId), tx });
  });
  const googleCalendar = new GoogleCalendarService(
    db,
    new GoogleCalendarRepository(db),
    googleAuth,
    events,
    clock,
    syncRuns,
  );
  defineGoogleJobs(jobs, googleContacts, googleCalendar);
  // A trashed contact stays linked at Google until it is purged; then the user's contact_deletes rules.
  contacts.onTrashed((userId, ids, tx) => googleContacts.contactsTrashed(userId, ids, tx));
  contacts.onRestored((userId, ids, tx) => googleContacts.contactsRestored(userId, ids, tx));
  contacts.onPurged(async (userId, ids) => {
    if (await googleContacts.contactsPurged(userId, ids))
      await jobs.enqueue(PUSH_GOOGLE_CONTACTS, { userId }, { key: String(userId) });
  });
  const trash = new TrashService(db, new TrashRepository(db), clock, config.TRASH_DAYS);
  trash.register('contact', {
    restore: (userId, selection, tx) => contacts.restore(userId, selection, tx),
    purged: async (userId, ids) => {
      await contacts.purged(userId, ids);
      await activity.forget(userId, 'contact', ids);
    },
  });
  trash.register('task', {
    restore: (userId, selection, tx) => tasks.restore(userId, selection, tx),
    purged: async () => undefined,
  });
  trash.register('company', {
    restore: (userId, selection, tx) => companies.restore(userId, selection, tx),
    purged: (userId, ids) => activity.forget(userId, 'company', ids),
  });
  jobs.define('trash-purge', () => trash.purgeExpired().then(() => undefined));
  jobs.every('trash-purge', TRASH_PURGE_INTERVAL_MS);
  events.onDeleted(async (userId, _eventId, tx) => {
    if (await googleCalendar.hasDeletedLinks(userId, tx))
      await jobs.enqueue(PUSH_GOOGLE_CALENDAR, { userId }, { key: String(userId), tx });
  });
  // A created or changed event reaches Google within a poll of the job runner, not at the next 15-minute sync.
  events.onChanged(async (userId, tx) => {
    if (await googleCalendar.isConnected(userId, tx))
      await jobs.enqueue(PUSH_GOOGLE_CALENDAR, { userId }, { key: String(userId), tx });
  });
  const plans = new PlansService(db, new PlansRepository(db), users, notifications);
  const search = new SearchService(contacts, companies, tasks, events, plans);
  const billing = new BillingService(
    db,
    new BillingRepository(db),
    plans,
    notifications,
    createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE_URL),
    {
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      prices: {
        Starter: config.STRIPE_PRICE_STARTER,
        Pro: config.STRIPE_PRICE_PRO,
        Business: config.STRIPE_PRICE_BUSINESS,
      },
      publicUrl: config.PUBLIC_URL,
    },
    clock,
  );
  defineBillingJobs(jobs, billing, users);
  // Every job kind and recurring schedule is defined above this line.
  await jobs.ensureSchedules();
  return {
    jobs,
    workers,
    users,
    auth,
    passwords,
    companies,
    notifications,
    notificationStreams,
    groups,
    preferences,
    contacts,
    activity,
    customFields,
    tasks,
    events,
    bots,
    botDelivery,
    botCommands,
    googleAuth,
    googleContacts,
    googleCalendar,
    plans,
    search,
    billing,
    stayInTouch,
    trash,
    clock,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
