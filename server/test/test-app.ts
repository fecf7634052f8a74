import type { Redis } from 'ioredis';
import { type App, type AppDeps, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import type { Clock } from '../src/lib/time';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /** Requests signed in as `user` (anonymous without one). */
  as(user?: TestUser): UserClient;
  close(): Promise<void>;
}

type InjectResponse = Awaited<ReturnType<App['inject']>>;
type Send = (url: string, body?: object) => Promise<InjectResponse>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface UserClient {
  get(url: string): Promise<InjectResponse>;
  post: Send;
  put: Send;
  patch: Send;
  delete: Send;
  request(method: HttpMethod, url: string, body?: object): Promise<InjectResponse>;
}

/** `as(app, user).post(url, body)`: an `app.inject` with the user's Bearer token and a JSON body. */
export function as(app: App, user?: TestUser): UserClient {
  const request = (method: HttpMethod, url: string, body?: object) =>
    app.inject({ method, url, headers: user?.headers, payload: body });
  return {
    get: (url) => request('GET', url),
    post: (url, body) => request('POST', url, body),
    put: (url, body) => request('PUT', url, body),
    patch: (url, body) => request('PATCH', url, body),
    delete: (url, body) => request('DELETE', url, body),
    request,
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
}

/** buildApp on a fresh database; pass `database` to share one between two app instances. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    database?: DatabaseHandle;
    redis?: Redis;
    google?: AppDeps['google'];
    /** Adds test-only routes before the app is ready. */
    extend?: (app: App) => void;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.env);
  const app = await buildApp(config, {
    database,
    clock: options.clock,
    redis: options.redis,
    google: options.google,
    logger: false,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    as: (user) => as(app, user),
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface TestUser {
  id: number;
  email: string;
  token: string;
  refreshToken: string;
  headers: { authorization: string };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

/** Registers an account, approves it unless `approved: false`, and signs in. The first account of an app is its admin. */
export async function createUser(
  app: App,
  options: { email?: string; password?: string; fullName?: string; approved?: boolean } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse battery';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, full_name: options.fullName ?? 'Test User' },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const id = registered.json().user.id as number;
  if (options.approved !== false) await app.services.users.setStatus(id, 'approved');
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const { access_token, refresh_token } = login.json();
  return { id, email, token: access_token, refreshToken: refresh_token, headers: bearer(access_token) };
}
