import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

const REDACTED = '[redacted]';

/** Headers, body fields and error properties that may hold secrets or personal data. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-telegram-bot-api-secret-token"]',
  'req.headers["stripe-signature"]',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.password_hash',
  '*.passwordHash',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*["hub.verify_token"]',
];

/**
 * Query parameters that carry secrets: OAuth codes and states, reset and sign-in tokens, Meta's verify
 * token, a checkout session. A request's URL is logged with their values redacted.
 */
const SECRET_QUERY_PARAMETERS = new Set([
  'code',
  'state',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'hub.verify_token',
  'session_id',
]);

const parameterName = (raw: string) => {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
};

/** The URL with the values of secret query parameters replaced by [redacted]; the rest as sent. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_QUERY_PARAMETERS.has(parameterName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, question)}?${query.join('&')}`;
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  cause?: SerializedError;
}

/** A failed query's message ends with its parameters (drizzle: "Failed query: …\nparams: …"): cut them. */
const withoutParams = (text: string) =>
  text.replace(/\nparams: [\s\S]*?(\n {4}at |$)/, `\nparams: ${REDACTED}$1`);

/**
 * Errors are logged by type, message, code and stack, never by their other properties: database
 * errors carry the query's parameters (a password hash, an e-mail) and PostgreSQL's `detail`
 * ("Key (email)=(…) already exists").
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: REDACTED, stack: '' };
  const serialized: SerializedError = {
    type: error.constructor?.name ?? 'Error',
    message: withoutParams(error.message),
    stack: error.stack ? withoutParams(error.stack) : '',
  };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') serialized.code = code;
  if (error.cause && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/**
 * The server's pino options: level from config, secrets and personal data redacted; with `pretty`
 * (stdout is a terminal) readable lines through pino-pretty instead of JSON.
 */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  stream?: { write(line: string): unknown },
  { pretty = false } = {},
): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: serializeError },
    ...(stream ? { stream } : {}),
    ...(pretty && !stream
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
