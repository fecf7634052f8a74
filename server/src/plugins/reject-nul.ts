import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

const MAX_DEPTH = 32;

/** The path of the first string (or key) holding a NUL character, e.g. `custom_fields.Notes`. */
export function findNul(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findNul(value[index], path ? `${path}.${index}` : String(index), depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = findNul(item, itemPath, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold NUL (U+0000): such a value would fail deep in a query as a 500. Every
 * JSON body, query string and path parameter carrying one is refused up front with a 400 naming the
 * field — one rule for every route, decided once (refused, never silently stripped).
 */
export function registerRejectNul(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part);
      if (field) {
        const message = 'must not contain a NUL character';
        throw new AppError(400, 'VALIDATION_ERROR', `Invalid request: ${field}: ${message}`, [
          { field, message },
        ]);
      }
    }
  });
}
