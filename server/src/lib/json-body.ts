import secureJson from 'secure-json-parse';
import { AppError } from './errors';

/**
 * A JSON request body parsed as Fastify's own parser does (secure-json-parse, refusing `__proto__` and
 * `constructor.prototype` keys), with the same 400 for anything that is not valid JSON. Used where a
 * large body is parsed on a worker thread (json-body.tasks.ts) instead of the event loop's.
 */
export function parseJsonBody(text: string): unknown {
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new AppError(400, 'INVALID_JSON', 'The request body is not valid JSON');
  }
}
