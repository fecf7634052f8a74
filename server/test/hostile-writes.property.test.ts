import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './multipart';
import { apiRoutes } from './routes';
import { createTestApp, createUser, type TestApp, type TestUser } from './test-app';

/**
 * Every write route (POST, PUT, PATCH, DELETE under /api), called by a signed-in approved user with
 * generated hostile values in the fields its contract schema declares (long strings, NUL, unicode,
 * huge and negative numbers, nested objects, wrong types, dates out of range) and in its path: never
 * a 5xx, and a refused request (4xx) leaves every table as it was. Every route with a query string or
 * a path parameter gets hostile ones, and every upload route hostile .csv and .ics files: never a 5xx.
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
/** Query strings and uploads: fewer runs per route (every GET route is swept). */
const QUERY_RUNS_PER_ROUTE = Math.ceil(RUNS_PER_ROUTE / 3);
const UPLOAD_RUNS_PER_ROUTE = RUNS_PER_ROUTE;
/** The sweeps make a few hundred requests each: more than the default 30 s on a busy machine. */
const SWEEP_TIMEOUT_MS = 240_000;
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

/** A value as it travels in a URL; a lone surrogate (which encodeURIComponent refuses) as its raw bytes. */
const inUrl = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const hostileQueryValue = fc.oneof(hostileParam, hostileString.map(inUrl));

/** A query string with the declared parameters (and some undeclared ones), some repeated, all hostile. */
const queryFor = (names: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          ...(names.length ? [fc.constantFrom(...names)] : []),
          fc.constantFrom('custom_x', 'sort', 'q', '__proto__', 'constructor', 'page[]', 'a%00'),
        ),
        hostileQueryValue,
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('&'));

interface QueryRoute {
  method: string;
  path: string;
  query: string[];
}

/** The routes to sweep with query strings: every GET route, and every route that declares a query. */
function queryRoutes(t: TestApp): QueryRoute[] {
  const document = t.app.swagger() as unknown as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  const routes: QueryRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    // The live notification stream never ends; its query is the access policy's (tested on its own).
    if (!path.startsWith('/api/') || path === '/api/notifications/stream') continue;
    for (const [method, operation] of Object.entries(operations)) {
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      if (method === 'get' || query.length > 0)
        routes.push({ method: method.toUpperCase(), path: path.replace(/\{(\w+)\}/g, ':$1'), query });
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** The routes that take a multipart upload, and the kind of file each expects. */
const UPLOAD_ROUTES = [
  { path: '/api/csv/get-columns', kind: 'csv' },
  { path: '/api/csv/preview', kind: 'csv' },
  { path: '/api/csv/import-with-mapping', kind: 'csv' },
  { path: '/api/events/import', kind: 'ics' },
] as const;

const cell = fc.oneof(
  hostileString,
  fc.constantFrom(
    'Ada Lovelace',
    'ada@example.com',
    '+1 555 0199',
    '=cmd|x',
    '"',
    '""',
    '\r',
    'a,b',
    '2024-02-30',
  ),
);
const header = fc.oneof(
  cell,
  fc.constantFrom('Name', 'E-mail Address', 'constructor', '__proto__', 'toString', 'Phone 1 - Value', ''),
);
const hostileCsv = fc.oneof(
  fc
    .tuple(
      fc.array(header, { minLength: 1, maxLength: 5 }),
      fc.array(fc.array(cell, { maxLength: 6 }), { maxLength: 4 }),
    )
    .map(([headers, rows]) => [headers, ...rows].map((row) => row.join(',')).join('\n')),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom('', '\uFEFF', `${'a\n'.repeat(3)}"unterminated`, `${'x,'.repeat(600)}\n1`),
);
const mappingTarget = fc.oneof(
  fc.constantFrom(
    'full_name',
    'email',
    'first_name',
    'phone_by_label',
    'skip',
    'custom_Team',
    'custom_',
    'toString',
  ),
  fc.constantFrom('custom_constructor', 'custom___proto__', 'constructor', null, 1, ['email'], {}),
  hostileString,
);
const mappingFields = fc.record(
  {
    mapping: fc.oneof(
      fc.dictionary(header, mappingTarget, { maxKeys: 4 }).map((mapping) => JSON.stringify(mapping)),
      hostileString,
      fc.constantFrom('{"Name":"full_name"}', 'null', '[]', '{"__proto__":{"x":"email"}}'),
    ),
    combine: fc.oneof(
      fc.constantFrom('{"email":"join"}', '{"constructor":"join"}', 'null', '"x"'),
      hostileString,
    ),
  },
  { requiredKeys: [] },
);

const icsLine = fc.oneof(
  hostileString,
  fc.constantFrom(
    'DTSTART:00990501T100000Z',
    'DTSTART:99991231T235959Z',
    'DTSTART:20300230T100000Z',
    'DTSTART;TZID=Mars/Olympus:20300101T100000',
    'DTSTART;VALUE=DATE:2030',
    'DTEND:20290101T100000Z',
    'DURATION:P99999999W',
    'RRULE:FREQ=DAILY;INTERVAL=2147483648',
    'RRULE:FREQ=WEEKLY;COUNT=99999999999',
    'RRULE:FREQ=MONTHLY;BYDAY=2TU',
    'RRULE:FREQ=SECONDLY',
    'RRULE:UNTIL=0000',
    'EXDATE:garbage',
    'RECURRENCE-ID:20300101T100000Z',
    'ATTENDEE;CN=Bob:mailto:bob@example.com',
    'ATTENDEE;CN="\u0000":mailto:',
    'ORGANIZER:mailto:x',
    'SUMMARY:\ud800',
    'X-RELATE-ALERT-MINUTES:-99999999999',
    'BEGIN:VEVENT',
    'END:VEVENT',
    'BEGIN:VALARM',
    'BEGIN:VTIMEZONE',
    ' folded continuation',
  ),
);
const hostileIcs = fc.oneof(
  fc
    .array(icsLine, { maxLength: 10 })
    .map((lines) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:hostile@example.com',
        'DTSTART:20300101T100000Z',
        ...lines,
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    ),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom('', 'BEGIN:VCALENDAR', 'END:VCALENDAR\r\nBEGIN:VCALENDAR'),
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
    expect(routes.sort()).toEqual(
      apiRoutes(t.app).filter((route) => /^(POST|PUT|PATCH|DELETE) /.test(route)),
    );
    expect(routes).toContain('POST /api/people');
    expect(routes).toContain('PUT /api/tasks/:id');
  });

  it(
    'answers every generated hostile request with a 4xx (or success), never a 5xx, and a refused one changes nothing',
    async () => {
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
                const headers =
                  route.path === '/api/auth/logout' ? await freshSession() : { ...user.headers };
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
    },
    SWEEP_TIMEOUT_MS,
  );
});

/** A response that is a 5xx other than "not configured in this test app", as a failure line; else undefined. */
function serverError(response: Awaited<ReturnType<TestApp['app']['inject']>>, where: string) {
  const code = String(response.headers['content-type'] ?? '').includes('json')
    ? (response.json() as { code?: string }).code
    : undefined;
  if (response.statusCode < 500 || (response.statusCode === 503 && NOT_CONFIGURED.has(code ?? '')))
    return undefined;
  return `${response.statusCode} ${where}: ${response.body.slice(0, 300)}`;
}

/** Runs a property per route and collects what failed (a 5xx the property recorded, or a throw). */
async function sweep<T>(
  routes: T[],
  describeRoute: (route: T) => string,
  property: (route: T, failures: string[]) => fc.IAsyncPropertyWithHooks<unknown[]>,
  numRuns: number,
): Promise<string[]> {
  const failures: string[] = [];
  for (const route of routes) {
    const recorded = failures.length;
    await fc
      .assert(property(route, failures), { numRuns, seed: SEED, endOnFailure: true })
      .catch((error: unknown) => {
        if (failures.length === recorded)
          failures.push(`${describeRoute(route)}: ${String(error).slice(0, 500)}`);
      });
  }
  return failures;
}

describe('hostile query strings, path parameters and uploads on every route', () => {
  it('sweeps every GET route and every route with a query, including the upload routes', () => {
    const routes = queryRoutes(t).map((route) => `${route.method} ${route.path}`);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContain('GET /api/people');
    expect(routes).toContain('DELETE /api/events/:id');
    const writes = writeRoutes(t).map((route) => `${route.method} ${route.path}`);
    for (const upload of UPLOAD_ROUTES) expect(writes).toContain(`POST ${upload.path}`);
  });

  it(
    'answers hostile query strings and path parameters with a 4xx (or success), never a 5xx',
    async () => {
      const failures = await sweep(
        queryRoutes(t),
        (route) => `${route.method} ${route.path}`,
        (route, failures) => {
          const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
          return fc.asyncProperty(
            fc.tuple(...params.map(() => fc.oneof(hostileParam, fc.constantFrom('1', '2', 'Existing')))),
            queryFor(route.query),
            async (values, query) => {
              let path = route.path;
              params.forEach((name, index) => {
                path = path.replace(`:${name}`, values[index] || 'x');
              });
              const url = `${path}?${query}`;
              const response = await t.app.inject({
                method: route.method as 'GET',
                url,
                headers: user.headers,
              });
              const failure = serverError(response, `${route.method} ${url.slice(0, 300)}`);
              if (failure) failures.push(failure);
              return !failure;
            },
          );
        },
        QUERY_RUNS_PER_ROUTE,
      );
      expect(failures).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'answers hostile .csv and .ics uploads with a 4xx (or success), never a 5xx',
    async () => {
      const failures = await sweep(
        [...UPLOAD_ROUTES],
        (route) => `POST ${route.path}`,
        (route, failures) =>
          fc.asyncProperty(
            route.kind === 'csv' ? hostileCsv : hostileIcs,
            route.kind === 'csv' ? mappingFields : fc.constant({}),
            fc.constantFrom(`upload.${route.kind}`, '../../etc/passwd', 'a\u0000.csv', ''),
            async (content, fields, name) => {
              const body = multipart(fields as Record<string, string>, {
                name,
                content,
                type: route.kind === 'csv' ? 'text/csv' : 'text/calendar',
              });
              const response = await t.app.inject({
                method: 'POST',
                url: route.path,
                payload: body.payload,
                headers: { ...user.headers, ...body.headers },
              });
              const where = `POST ${route.path} ${JSON.stringify(fields).slice(0, 200)} ${JSON.stringify(String(content)).slice(0, 300)}`;
              const failure = serverError(response, where);
              if (failure) failures.push(failure);
              return !failure;
            },
          ),
        UPLOAD_RUNS_PER_ROUTE,
      );
      expect(failures).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
