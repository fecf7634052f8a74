import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '@relate/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

const MAX_DEPTH = 32;

/**
 * The path of the first string (or key) that no PostgreSQL text can hold — a NUL character or an
 * unpaired UTF-16 surrogate (`isStorableText`) — e.g. `custom_fields.Notes`.
 */
export function findUnstorable(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path || 'value';
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnstorable(value[index], path ? `${path}.${index}` : String(index), depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return itemPath;
    const found = findUnstorable(item, itemPath, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Text PostgreSQL cannot store would fail deep in a query as a 500. The contracts refuse it in every
 * free-text field (`storedText`); this hook refuses it in every other part of a JSON body, query string
 * and path parameter, up front, with a 400 naming the field — refused, never silently stripped.
 */
export function registerRejectUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorable(part);
      if (field) {
        throw new AppError(400, 'VALIDATION_ERROR', `Invalid request: ${field}: ${UNSTORABLE_TEXT_MESSAGE}`, [
          { field, message: UNSTORABLE_TEXT_MESSAGE },
        ]);
      }
    }
  });
}
