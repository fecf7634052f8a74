import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from './test-app';

/**
 * Every write route (POST, PUT, PATCH, DELETE under /api), called by a signed-in approved user with
 * generated hostile values in the fields its contract schema declares (long strings, NUL, unicode,
 * huge and negative numbers, nested objects, wrong types, dates out of range) and in its path: never
 * a 5xx, and a refused request (4xx) leaves every table as it was.
 */

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface WriteRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: JsonSchema;
}

/** 503s that only say a service is not configured in this test app (Google, Stripe, bots). */
const NOT_CONFIGURED = new Set([
  'GOOGLE_NOT_CONFIGURED',
  'GOOGLE_NOT_AVAILABLE',
  'BOT_NOT_CONFIGURED',
  'BOT_UNAVAILABLE',
  'BILLING_NOT_CONFIGURED',
  'BILLING_PORTAL_UNAVAILABLE',
]);

/** Small enough for the whole file to take seconds; `HOSTILE_RUNS=200 HOSTILE_SEED=…` explores further. */
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 12);
const SEED = Number(process.env.HOSTILE_SEED ?? 19);

const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    'x'.repeat(20_000),
    '𝕏😀\u202e\u200b',
    '\ud800',
    '../../etc/passwd',
    "'; drop table users; --",
    '=HYPERLINK("x")',
    '%00',
    '0000-01-01T00:00:00Z',
    '10000-01-01T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '2024-02-30T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    'not a date',
    '2147483648',
    '-1',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(
    2 ** 31,
    2 ** 31 - 1,
    -1,
    -(2 ** 31) - 1,
    0,
    0.5,
    -0,
    1e308,
    Number.MAX_SAFE_INTEGER,
    2 ** 63,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { nested: deep(depth - 1) });
const hostileStructure = fc.constantFrom<unknown>(
  null,
  true,
  [],
  {},
  [null],
  deep(40),
  Array.from({ length: 2000 }, (_, i) => i),
  { __proto__: { admin: true }, constructor: { prototype: {} } },
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  hostileStructure,
  fc.anything({ maxDepth: 2, maxKeys: 3 }),
);

/** A value that the schema would accept, more or less: reaches the code behind validation. */
function plausible(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant('x');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map(plausible));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  switch (type) {
    case 'integer':
      return fc.constantFrom(1, 2, 2 ** 31, -5, 0);
    case 'number':
      return fc.constantFrom(1, 1.5, -1, 1e12);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fieldValue(schema.items), { maxLength: 3 });
    case 'object':
      return objectOf(schema);
    default:
      if (schema.format === 'email') return fc.constantFrom('a@example.com', 'A@EXAMPLE.COM', 'a@b');
      if (schema.format === 'date-time' || schema.format === 'date')
        return fc.constantFrom('2030-01-01T10:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z');
      return fc.constantFrom('x', 'Some text', 'a@example.com', '2030-01-01T10:00:00Z', 'Pro');
  }
}

const fieldValue = (schema: JsonSchema | undefined): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: hostileValue, weight: 3 }, { arbitrary: plausible(schema), weight: 2 });

function objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  return fc
    .tuple(
      fc.record(Object.fromEntries(properties.map(([key, value]) => [key, fieldValue(value)])), {
        requiredKeys: [],
      }),
      fc.option(fc.tuple(fc.constantFrom('unknown_field', '__proto__', 'id', 'user_id'), hostileValue)),
    )
    .map(([record, extra]) => (extra ? { ...record, [extra[0]]: extra[1] } : record));
}

/** The whole body: mostly the declared object with hostile fields, sometimes not an object at all. */
const bodyFor = (schema: JsonSchema | undefined) =>
  fc.oneof({ arbitrary: objectOf(schema ?? {}), weight: 4 }, { arbitrary: hostileValue, weight: 1 });

const hostileParam = fc.oneof(
  fc.constantFrom(
    '2147483648',
    '-1',
    '0',
    '1.5',
    '1e3',
    '99999999999999999999',
    'abc',
    '%00',
    '%F0%9F%98%80',
  ),
  fc.constant('x'.repeat(5000)),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

/** Every write route under /api, with the JSON schema of its body (the contract's, as OpenAPI has it). */
function writeRoutes(t: TestApp): WriteRoute[] {
  const document = t.app.swagger() as unknown as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
    >;
  };
  const routes: WriteRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (upper !== 'POST' && upper !== 'PUT' && upper !== 'PATCH' && upper !== 'DELETE') continue;
      routes.push({
        method: upper,
        path: path.replace(/\{(\w+)\}/g, ':$1'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** Every `METHOD /api/…` write route in Fastify's route tree (as the ownership test reads it). */
function routedWrites(tree: string): string[] {
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    paths[depth] = (paths[depth - 1] ?? '') + match[2];
    paths.length = depth + 1;
    const path = paths[depth];
    if (!path.startsWith('/api/')) continue;
    for (const method of match[3].split(', '))
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) routes.push(`${method} ${path}`);
  }
  return [...new Set(routes)].sort();
}

let t: TestApp;
let user: TestUser;
let tables: string[];

/** The number of rows of every table: a refused request must not change any. */
async function rowCounts(): Promise<Record<string, number>> {
  const counts = sql.join(
    tables.map((table) => sql`select ${table} as name, count(*)::int as rows from ${sql.identifier(table)}`),
    sql` union all `,
  );
  const result = await t.database.db.execute(counts);
  const rows = (result as unknown as { rows: { name: string; rows: number }[] }).rows;
  return Object.fromEntries(rows.map((row) => [row.name, row.rows]));
}

/** A fresh session of the user (for sign-out, which ends the session it is called with). */
async function freshSession(): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: 'correct horse battery' },
  });
  return { authorization: `Bearer ${response.json().access_token}` };
}

beforeAll(async () => {
  t = await createTestApp({
    env: { API_RATE_LIMIT_PER_MINUTE: '1000000', LOGIN_MAX_FAILURES: '1000000' },
  });
  await createUser(t.app, { email: 'admin@example.com' }); // the administrator; the caller is not one
  user = await createUser(t.app);
  // Something of the caller's to aim at with real ids.
  await t.as(user).post('/api/people', { first_name: 'Existing' });
  await t.as(user).post('/api/companies', { record: 'Existing' });
  await t.as(user).post('/api/tasks', { title: 'Existing', project: 'Existing' });
  const result = await t.database.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like '\_\_%'`,
  );
  // The job queue may be written by the runner at any time; the rest only by requests.
  tables = (result as unknown as { rows: { name: string }[] }).rows
    .map((row) => row.name)
    .filter((name) => name !== 'jobs');
});
afterAll(() => t.close());

describe('hostile input on every write route', () => {
  it('finds every write route (the OpenAPI document lists each one the router has)', () => {
    const routes = writeRoutes(t).map((route) => `${route.method} ${route.path}`);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.sort()).toEqual(routedWrites(t.app.printRoutes({ commonPrefix: false })));
    expect(routes).toContain('POST /api/people');
    expect(routes).toContain('PUT /api/tasks/:id');
  });

  it('answers every generated hostile request with a 4xx (or success), never a 5xx, and a refused one changes nothing', async () => {
    const failures: string[] = [];
    for (const route of writeRoutes(t)) {
      const recorded = failures.length;
      const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      await fc
        .assert(
          fc.asyncProperty(
            fc.tuple(...params.map(() => fc.oneof(hostileParam, fc.constantFrom('1', '2', '3')))),
            route.method === 'DELETE' && !route.body ? fc.constant(undefined) : bodyFor(route.body),
            async (values, body) => {
              let url = route.path;
              params.forEach((name, index) => {
                url = url.replace(`:${name}`, values[index] || 'x');
              });
              const headers = route.path === '/api/auth/logout' ? await freshSession() : { ...user.headers };
              const before = await rowCounts();
              const response = await t.app.inject({
                method: route.method,
                url,
                headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
                payload: body === undefined ? undefined : JSON.stringify(body),
              });
              const code = String(response.headers['content-type'] ?? '').includes('json')
                ? (response.json() as { code?: string }).code
                : undefined;
              const where = `${route.method} ${url.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 300)}`;
              if (
                response.statusCode >= 500 &&
                !(response.statusCode === 503 && NOT_CONFIGURED.has(code ?? ''))
              ) {
                failures.push(`${response.statusCode} ${where}: ${response.body.slice(0, 300)}`);
                return false;
              }
              if (response.statusCode >= 400) {
                const after = await rowCounts();
                if (JSON.stringify(after) !== JSON.stringify(before)) {
                  failures.push(`${response.statusCode} changed rows: ${where}`);
                  return false;
                }
              }
              return true;
            },
          ),
          { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
        )
        .catch((error: unknown) => {
          // A failure the property did not record itself: it threw.
          if (failures.length === recorded)
            failures.push(`${route.method} ${route.path}: ${String(error).slice(0, 500)}`);
        });
    }
    expect(failures).toEqual([]);
  });
});
