import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import { systemSettings } from './db/schema';
import type { Clock } from './lib/time';
import { AuthService } from './modules/auth/auth.service';
import { LoginThrottle, MemoryCounterStore, RedisCounterStore } from './modules/auth/login-throttle';
import { RefreshTokensRepository } from './modules/auth/refresh-tokens.repository';
import { TokenService } from './modules/auth/tokens';
import { CompaniesRepository } from './modules/companies/companies.repository';
import { CompaniesService } from './modules/companies/companies.service';
import { ContactsRepository } from './modules/contacts/contacts.repository';
import { ContactsService } from './modules/contacts/contacts.service';
import { CustomFieldsService } from './modules/custom-fields/custom-fields.service';
import { EventsRepository } from './modules/events/events.repository';
import { EventsService } from './modules/events/events.service';
import { GroupsRepository } from './modules/groups/groups.repository';
import { GroupsService } from './modules/groups/groups.service';
import { NotificationsRepository } from './modules/notifications/notifications.repository';
import { NotificationsService } from './modules/notifications/notifications.service';
import { PreferencesRepository } from './modules/preferences/preferences.repository';
import { PreferencesService } from './modules/preferences/preferences.service';
import { TasksRepository } from './modules/tasks/tasks.repository';
import { TasksService } from './modules/tasks/tasks.service';
import { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';

/** JWT_SECRET, or a random secret generated once per installation and shared by every process through the database. */
async function resolveJwtSecret(config: Config, db: Database): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  await db
    .insert(systemSettings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSettings).where(sql`${systemSettings.key} = 'jwt_secret'`);
  return row.value;
}

export interface ServiceDeps {
  config: Config;
  db: Database;
  redis?: Redis;
  clock: Clock;
}

/** Wires repositories into services: the one place that knows how the modules fit together. */
export async function createServices({ config, db, redis, clock }: ServiceDeps) {
  const users = new UsersService(db, new UsersRepository(db), config.ADMIN_EMAILS);
  const tokens = new TokenService(
    await resolveJwtSecret(config, db),
    db,
    new RefreshTokensRepository(db),
    clock,
    config.ACCESS_TOKEN_TTL_SECONDS,
    config.REFRESH_TOKEN_TTL_DAYS,
  );
  const throttle = new LoginThrottle(
    redis ? new RedisCounterStore(redis) : new MemoryCounterStore(),
    config.LOGIN_MAX_FAILURES,
    config.LOGIN_WINDOW_SECONDS,
  );
  const auth = new AuthService(users, tokens, throttle);
  const companies = new CompaniesService(db, new CompaniesRepository(db));
  const notifications = new NotificationsService(db, new NotificationsRepository(db));
  const groups = new GroupsService(db, new GroupsRepository(db), users, notifications);
  users.onCreated((user, tx) => groups.onUserCreated(user, tx));
  const preferences = new PreferencesService(db, new PreferencesRepository(db));
  const contacts = new ContactsService(db, new ContactsRepository(db), preferences, groups, notifications);
  const customFields = new CustomFieldsService(db, preferences, contacts);
  preferences.writeCustomFieldsWith((userId, names, tx, field) =>
    customFields.replace(userId, names, tx, field),
  );
  const tasks = new TasksService(db, new TasksRepository(db), users, groups, notifications, clock);
  const events = new EventsService(db, new EventsRepository(db), users, notifications);
  return {
    users,
    auth,
    companies,
    notifications,
    groups,
    preferences,
    contacts,
    customFields,
    tasks,
    events,
    clock,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
