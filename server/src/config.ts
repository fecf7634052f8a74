import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined))
  .pipe(z.url().optional());

/** The named ranges Fastify's trustProxy (proxy-addr) knows. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A proxy's address, or a range of them as address/prefix; a prefix of 0 (everyone) is not a proxy. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry) || net.isIP(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = net.isIP(address ?? '');
  if (rest.length > 0 || !version || !/^\d{1,3}$/.test(prefix ?? '')) return false;
  return Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (issue 30): the proxies whose X-Forwarded-For Relate believes, by address or CIDR range
 * (Fastify's trustProxy as a list). `true` believed every hop, which any client can write, and so let
 * a client choose the address every per-address limit counts; a hop count cannot tell the load
 * balancer from a client that reaches Relate directly (Fastify 5 ignores one for that reason). Both are
 * refused at start with the way to say it instead, rather than guessed at: a wrong guess behind two
 * proxies would put every user behind the first one's address.
 */
const trustProxyFromEnv = z
  .string()
  .optional()
  .transform((value, context): false | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || text === 'false' || text === '0') return false;
    const refuse = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const instead =
      'list the addresses or CIDR ranges of the proxies in front of Relate instead (behind one load balancer, its address or subnet, e.g. 10.0.0.0/16)';
    if (text === 'true')
      return refuse(`true would believe every X-Forwarded-For hop, which any client can write: ${instead}`);
    if (/^\d+$/.test(text))
      return refuse(
        `a hop count cannot tell the load balancer from a client that reaches Relate directly: ${instead}`,
      );
    const entries = text.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length > 0) return refuse(`not a proxy address or CIDR range: ${wrong.join(', ')}`);
    return entries;
  });

/**
 * METRICS_ALLOW: who may read /metrics when METRICS_TOKEN is unset, by the client's address (behind
 * TRUST_PROXY's proxies, the address they forwarded): addresses, CIDR ranges, or the named ranges
 * `loopback`, `linklocal` and `uniquelocal`. Default: loopback only.
 */
const metricsAllowFromEnv = z
  .string()
  .optional()
  .transform((value, context): string[] => {
    const entries = (value?.trim() || 'loopback').split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length === 0) return entries;
    context.addIssue({ code: 'custom', message: `not an address or CIDR range: ${wrong.join(', ')}` });
    return z.NEVER;
  });

/**
 * A key list (JWT_SECRET, GOOGLE_TOKEN_KEY): comma-separated keys of at least 32 characters each. The
 * first signs or encrypts; every one verifies or decrypts, so a new key can go first while what the old
 * ones made is still read (rotation without signing anyone out).
 */
const keyListFromEnv = z
  .string()
  .optional()
  .transform((value, context): string[] | undefined => {
    const keys = (value ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean);
    if (keys.length === 0) return undefined;
    const short = keys.map((key, index) => (key.length < 32 ? index + 1 : 0)).filter(Boolean);
    if (short.length === 0) return keys;
    context.addIssue({
      code: 'custom',
      message:
        keys.length === 1
          ? 'must be at least 32 characters'
          : `every key must be at least 32 characters (not key ${short.join(', ')} of the list)`,
    });
    return z.NEVER;
  });

/** Every environment variable Relate reads. `.env.example` mirrors this list. */
export const ConfigSchema = z.object({
  /** Loopback by default: a laptop's quick start is not reachable from the network unless HOST says so. */
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: derived from HOST and PORT (`derivedPublicUrl`), and the start banner says so. */
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Where `npm run backup` and the nightly backup write; unset: DATA_DIR/backups (`backupDir`). */
  BACKUP_DIR: optionalString,
  /** How many nightly backups are kept: the newest ones. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  REDIS_URL: optionalUrl,
  /** Signs access tokens and e-mail links: one key, or a list (the first signs, all verify). Unset: generated and kept in the database. */
  JWT_SECRET: keyListFromEnv,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  /** How long deleted contacts, companies and tasks stay in the Trash before the purge job deletes them for good. */
  TRASH_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  TRUST_PROXY: trustProxyFromEnv,
  /** Set: /metrics asks for it as a Bearer token, from any address. Unset: METRICS_ALLOW's addresses only. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  METRICS_ALLOW: metricsAllowFromEnv,
  /**
   * How long a stop (SIGTERM) may take: in-flight requests finish, live streams are ended for their
   * clients to reconnect elsewhere, then the database closes; past it the process exits with 1. A
   * service manager's own stop timeout must be longer (deploy/relate@.service: 30 s).
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(600).default(25),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  TELEGRAM_BOT_TOKEN: optionalString,
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  TELEGRAM_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/, 'must be 1-256 characters of A-Z a-z 0-9 _ -')
      .optional(),
  ),
  TELEGRAM_POLLING: booleanFromEnv,
  WHATSAPP_ACCESS_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString,
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_CODE_TEMPLATE: z.string().default('relate_code'),
  WHATSAPP_NOTIFICATION_TEMPLATE: z.string().default('relate_notification'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().default('en_US'),
  /** Google's APIs (People, Calendar) and OAuth endpoints; the fake Google in development and tests. */
  GOOGLE_API_BASE_URL: optionalUrl,
  GOOGLE_OAUTH_BASE_URL: optionalUrl,
  /**
   * Encrypts stored Google refresh tokens (AES-256-GCM): one key, or a list (the first encrypts, all
   * decrypt; a token opened with a later one is sealed again with the first). Unset: generated and kept
   * in the database.
   */
  GOOGLE_TOKEN_KEY: keyListFromEnv,
  /** The key GOOGLE_TOKEN_KEY replaces (as a second key of its list would be): read, and sealed again with the new one. */
  GOOGLE_TOKEN_KEY_PREVIOUS: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_STARTER: optionalString,
  STRIPE_PRICE_PRO: optionalString,
  STRIPE_PRICE_BUSINESS: optionalString,
  /** Another Stripe API address (the local fake in development and tests). */
  STRIPE_API_BASE_URL: optionalUrl,
  /** Where password-reset mails go out, e.g. smtp://user:pass@mail.example.com:587; unset: not sent, logged as a warning. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Relate <no-reply@localhost>'),
  /**
   * Starts the server's clock at this instant (ISO 8601) and lets it run on from there: for end-to-end
   * tests and demos at a chosen date (the database's own now() stays real). Unset in production.
   */
  CLOCK_START: optionalString.pipe(z.iso.datetime({ offset: true }).optional()),
});

/** Stripe needs its webhook secret and the three prices as soon as payments are switched on. */
const CheckedConfigSchema = ConfigSchema.superRefine((config, context) => {
  if (!config.STRIPE_SECRET_KEY) return;
  for (const key of [
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_STARTER',
    'STRIPE_PRICE_PRO',
    'STRIPE_PRICE_BUSINESS',
  ] as const) {
    if (!config[key])
      context.addIssue({ code: 'custom', path: [key], message: 'required when STRIPE_SECRET_KEY is set' });
  }
});

/**
 * The address the server is reached at when PUBLIC_URL is unset: the listening address, with
 * `localhost` for a loopback or wildcard host (the browser's own machine).
 */
export function derivedPublicUrl(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost', ''].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

const FullConfigSchema = CheckedConfigSchema.transform((config) => ({
  ...config,
  PUBLIC_URL: config.PUBLIC_URL ?? derivedPublicUrl(config.HOST, config.PORT),
  /** Whether PUBLIC_URL was derived from HOST and PORT rather than set. */
  publicUrlDerived: config.PUBLIC_URL === undefined,
}));

export type Config = z.infer<typeof FullConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value stops the process naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = FullConfigSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return result.data;
}
