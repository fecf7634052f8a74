import type http from 'node:http';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botsEnv } from './fakes/bots';
import { type RunningFakeGoogle, startFakeGoogle } from './fakes/google/server';
import { type FakeSmtp, startFakeSmtp } from './fakes/smtp/server';
import { DEFAULT_FAKE_PRICES, type FakeStripe, startFakeStripe } from './fakes/stripe/server';
import { FAKE_API_KEY, FAKE_WEBHOOK_SECRET, fakeStripeEnv } from './fakes/stripe/test-app';
import { type FakeTelegram, startFakeTelegram } from './fakes/telegram/server';
import { type FakeWhatsApp, startFakeWhatsApp } from './fakes/whatsapp/server';
import { connectGoogle } from './google';
import { multipart } from './multipart';
import { apiRoutes } from './routes';
import { get } from './sse-client';
import { bearer, createTestApp, createUser, type TestApp, type TestUser, uniqueEmail } from './test-app';

/**
 * The access sweep: every API route the router has (read from its OpenAPI document, checked against
 * its route tree, so a new route is swept without being listed here), called with a valid-shaped
 * request by every kind of caller: no caller ever gets a 5xx; anonymous callers and malformed,
 * expired, forged, signed-out and deleted accounts' tokens get 401 on every route that needs a user;
 * pending and rejected accounts get 403 on everything but the few routes they may use;
 * non-administrators get 403 on administration; no one but the owner ever sees a word of what the
 * owner stored (contacts, companies, tasks, events, custom fields, notes, projects, notifications,
 * Google reviews), what the owner shares with a group member reaches only that member, the owner's
 * e-mail address only the group and the administrators, and nobody else changes anything of the
 * owner's. Google, Stripe, Telegram and WhatsApp are the test fakes, so their routes do their work.
 */

/** Text that appears only in the owner's data: no response to anyone else may contain it. */
const MARK = 'Mark-9c41e0';
/** Text in what the owner shares with the member (an event, a project and its task): only the two may see it. */
const SHARED = 'Shared-5d02b7';
const PASSWORD = 'correct horse battery';

/**
 * Routes anyone may call, and why. A route missing here must answer 401 to an anonymous caller, so a
 * new public route fails the sweep until it is added with its reason.
 */
const PUBLIC: Record<string, string> = {
  'GET /api/health': 'the load balancer’s probe',
  'GET /api/ready': 'the load balancer’s readiness probe (says which check fails, nothing of any user)',
  'POST /api/auth/register': 'signing up',
  'GET /api/auth/registration': 'the sign-up page asks whether sign-up is open',
  'POST /api/auth/login': 'signing in',
  'POST /api/auth/refresh': 'a client whose access token expired renews it with its refresh token',
  'POST /api/auth/forgot-password': 'a person who cannot sign in asks for a reset link',
  'POST /api/auth/reset-password': 'the reset link’s page (the token in the body is the proof)',
  'POST /api/auth/verify-email': 'the verification link’s page (the token in the body is the proof)',
  'POST /api/auth/resend-verification/by-email': 'an account waiting for approval, already signed out',
  'GET /api/auth/google': 'starts Google sign-in',
  'GET /api/auth/google/callback': 'Google sends the browser back here (the state is the proof)',
  'POST /api/telegram/webhook': 'Telegram’s updates (checked by the secret token header)',
  'GET /api/whatsapp/webhook': 'Meta’s subscription check (checked by the verify token)',
  'POST /api/whatsapp/webhook': 'Meta’s messages (checked by the signature)',
  'POST /api/stripe/webhook': 'Stripe’s events (checked by the signature)',
};

/** Routes a signed-in account may use before it is approved (or after it was rejected). */
const PENDING_OK = new Set([
  'POST /api/auth/logout',
  'GET /api/auth/me',
  'GET /api/auth/email-verification',
  'POST /api/auth/resend-verification',
]);

/** Administration outside /api/admin (everything under /api/admin is administration too). */
const ADMIN_ELSEWHERE = new Set(['GET /api/auth/users', 'POST /api/plan']);
const isAdminRoute = (route: string) =>
  route.split(' ')[1].startsWith('/api/admin') || ADMIN_ELSEWHERE.has(route);

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Route {
  method: string;
  /** With `:name` parameters, as the router has it. */
  path: string;
  key: string;
  body?: JsonSchema;
  query: { name: string; required: boolean; schema?: JsonSchema }[];
}

/** A value the schema accepts, as plain as possible: the sweep tests access, not validation. */
function example(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return example(variants.find((v) => v.type !== 'null') ?? variants[0], name);
  if (schema.allOf?.length) return example(schema.allOf[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => example(schema.items, name));
    case 'object':
    case undefined:
      if (!schema.properties) return type ? {} : 'x';
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, example(schema.properties?.[key], key)]),
      );
    default:
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'date-time') return '2030-01-01T10:00:00Z';
      if (schema.format === 'date') return '2030-01-01';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
  }
}

/** Every API route in the OpenAPI document, with its body and query schemas. */
function documentedRoutes(t: TestApp): Route[] {
  const document = t.app.swagger() as unknown as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
        }
      >
    >;
  };
  const routes: Route[] = [];
  for (const [documented, operations] of Object.entries(document.paths)) {
    if (!documented.startsWith('/api/')) continue;
    const path = documented.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      routes.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        body: operation.requestBody?.content?.['application/json']?.schema,
        query: (operation.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema })),
      });
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

/** What the owner stored, each with the mark, and the ids the sweep aims at. */
interface Seeded {
  person: number;
  person2: number;
  company: number;
  company2: number;
  task: number;
  event: number;
  project: string;
  customField: string;
  notification: number;
  /** A note on the owner's person. */
  note: number;
  membership: number;
  invitation: number;
  csvImport: number;
  /** Items of the owner's Google contacts and calendar reviews. */
  googleContactItem: string;
  googleEventItem: string;
}

let t: TestApp;
let google: RunningFakeGoogle;
let stripe: FakeStripe;
let telegram: FakeTelegram;
let whatsapp: FakeWhatsApp;
let smtp: FakeSmtp;
let baseUrl: string;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let pending: TestUser;
let rejected: TestUser;
let seeded: Seeded;

/** The value of each path parameter: the owner's object (a new parameterised path fails until added). */
const PARAMS: Record<string, () => string | number> = {
  '/api/admin/users/:id': () => owner.id,
  '/api/companies/:id': () => seeded.company,
  '/api/people/:id': () => seeded.person,
  '/api/tasks/:id': () => seeded.task,
  '/api/events/:id': () => seeded.event,
  '/api/projects/:name': () => encodeURIComponent(seeded.project),
  '/api/notifications/:id': () => seeded.notification,
  '/api/notes/:id': () => seeded.note,
  '/api/user-group/:id': () => seeded.membership,
  '/api/custom-fields/:name': () => encodeURIComponent(seeded.customField),
  '/api/user-preferences/:key': () => 'custom_fields',
  '/api/csv/imports/:id': () => seeded.csvImport,
  '/api/auth/google/contacts/:id': () => seeded.person,
  '/api/plan-details/:plan': () => 'Pro',
};

function urlOf(route: Route): string {
  let url = route.path;
  for (const match of route.path.matchAll(/:(\w+)/g)) {
    const prefix = route.path.slice(0, (match.index ?? 0) + match[0].length);
    const value = PARAMS[prefix];
    if (!value) throw new Error(`No value for ${prefix}: add the owner's object it names to PARAMS`);
    url = url.replace(match[0], String(value()));
  }
  const query = new URLSearchParams();
  for (const parameter of route.query) {
    const value = QUERY[parameter.name];
    if (value !== undefined) query.set(parameter.name, value);
    else if (parameter.required) query.set(parameter.name, String(example(parameter.schema, parameter.name)));
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

/** Query values that make a request meaningful (a window that holds the owner's event). */
const QUERY: Record<string, string> = {
  start_date: '2029-12-01T00:00:00Z',
  end_date: '2030-02-01T00:00:00Z',
  q: MARK,
  search: MARK,
  days: '90',
  // A Google sync by anyone but the owner only previews (the owner's own sync is swept last).
  preview: 'true',
};

const csvFile = `First Name,Email\nCaller,caller@example.com\n`;
const icsFile = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:sweep@example.com',
  'DTSTART:20300101T100000Z',
  'DTEND:20300101T110000Z',
  'SUMMARY:Caller event',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

type Payload = { body: object } | { multipart: ReturnType<typeof multipart> };

/**
 * Bodies that aim at the owner's objects or must not change the caller's account (a wrong current
 * password); every other route gets the plainest body its schema accepts.
 */
const BODIES: Record<string, (caller: Caller) => Payload> = {
  'POST /api/auth/register': () => ({
    body: { email: uniqueEmail('sweep'), password: PASSWORD, full_name: 'Sweep' },
  }),
  'POST /api/auth/login': () => ({ body: { email: owner.email, password: 'not the password' } }),
  'POST /api/auth/refresh': () => ({ body: { refresh_token: 'not-a-refresh-token' } }),
  'POST /api/auth/change-password': () => ({
    body: { current_password: 'not the password', new_password: 'another horse battery' },
  }),
  'POST /api/auth/forgot-password': () => ({ body: { email: owner.email } }),
  'POST /api/auth/resend-verification/by-email': () => ({ body: { email: owner.email } }),
  'POST /api/companies': () => ({ body: { record: 'Caller company' } }),
  'PUT /api/companies/:id': () => ({ body: { record: 'Taken over' } }),
  'POST /api/companies/duplicates/resolve': () => ({
    body: { keep_id: seeded.company, delete_ids: [seeded.company2] },
  }),
  'POST /api/people': () => ({ body: { first_name: 'Caller' } }),
  'PUT /api/people/:id': () => ({ body: { first_name: 'Taken over' } }),
  'POST /api/people/duplicates/resolve': () => ({
    body: { keep_id: seeded.person, delete_ids: [seeded.person2] },
  }),
  // Copies contacts to group members: a caller naming the owner's contact copies nothing.
  'POST /api/people/share': (caller) => ({
    body: {
      user_ids: [caller.user === owner ? member.id : (caller.user?.id ?? owner.id)],
      contact_ids: [seeded.person],
    },
  }),
  'PUT /api/tasks/:id': () => ({ body: { status: 'completed' } }),
  'POST /api/tasks': () => ({ body: { title: 'Caller task', project: 'Caller project' } }),
  'PUT /api/events/:id': () => ({ body: { title: 'Taken over' } }),
  'POST /api/events': () => ({
    body: {
      title: 'Caller event',
      start_datetime: '2030-01-02T10:00:00Z',
      end_datetime: '2030-01-02T11:00:00Z',
    },
  }),
  'POST /api/projects': () => ({ body: { name: 'Caller project' } }),
  'POST /api/projects/:name/participants': () => ({ body: { participants: [] } }),
  'POST /api/custom-fields': () => ({ body: { name: 'Caller field' } }),
  'POST /api/user-preferences/:key': () => ({ body: { value: ['Mine'] } }),
  'POST /api/user-group': () => ({ body: { email: 'someone@example.com', name: 'Someone' } }),
  'POST /api/user-group/approve-invitation': () => ({
    body: { invitation_id: seeded.invitation, display_name: 'Owner' },
  }),
  'POST /api/user-group/decline-invitation': () => ({ body: { invitation_id: seeded.invitation } }),
  'POST /api/company-csv-processor': () => ({ body: { csvData: 'Record\nCaller company\n' } }),
  'POST /api/company-csv-processor/preview': () => ({ body: { csvData: 'Record\nCaller company\n' } }),
  'POST /api/company-csv-processor/headers': () => ({ body: { csvData: 'Record\nCaller company\n' } }),
  'POST /api/plan': () => ({ body: { plan: 'Pro', user_id: owner.id } }),
  'POST /api/auth/google/contacts/apply': () => ({ body: { item_ids: [seeded.googleContactItem] } }),
  'POST /api/auth/google/calendar/apply': () => ({ body: { item_ids: [seeded.googleEventItem] } }),
  'POST /api/csv/get-columns': () => ({
    multipart: multipart({}, { name: 'contacts.csv', content: csvFile }),
  }),
  'POST /api/csv/preview': () => ({
    multipart: multipart(
      { mapping: JSON.stringify({ 'First Name': 'first_name', Email: 'email' }) },
      { name: 'contacts.csv', content: csvFile },
    ),
  }),
  'POST /api/csv/import-with-mapping': () => ({
    multipart: multipart(
      { mapping: JSON.stringify({ 'First Name': 'first_name', Email: 'email' }) },
      { name: 'contacts.csv', content: csvFile },
    ),
  }),
  'POST /api/events/import': () => ({
    multipart: multipart({}, { name: 'calendar.ics', content: icsFile, type: 'text/calendar' }),
  }),
};

/** Routes that end the session they are called with: each call gets a session of its own. */
const ENDS_SESSION = new Set(['POST /api/auth/logout']);

interface Caller {
  kind: string;
  /** An approved account that is not the owner; undefined for the owner and the refused kinds. */
  signedIn: 'none' | 'unapproved' | 'approved';
  user?: TestUser;
  headers(): Promise<Record<string, string>>;
}

interface Outcome {
  caller: Caller;
  route: Route;
  url: string;
  status: number;
  code?: string;
  message?: string;
  text: string;
}

async function freshSession(user: TestUser): Promise<{ authorization: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return bearer(response.json().access_token);
}

/** The live stream never ends: its status and first bytes, then the connection is closed. */
async function openStream(url: string, headers: Record<string, string>) {
  const response: http.IncomingMessage = await get(`${baseUrl}${url}`, headers);
  const text = await new Promise<string>((resolve) => {
    let received = '';
    const done = () => resolve(received);
    const timer = setTimeout(done, response.statusCode === 200 ? 300 : 2000);
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      received += chunk;
    });
    response.on('end', () => {
      clearTimeout(timer);
      done();
    });
  });
  response.destroy();
  return { statusCode: response.statusCode ?? 0, headers: response.headers, body: text };
}

async function send(caller: Caller, route: Route): Promise<Outcome> {
  const url = urlOf(route);
  const headers =
    ENDS_SESSION.has(route.key) && caller.user ? await freshSession(caller.user) : await caller.headers();
  let response: { statusCode: number; headers: Record<string, unknown>; body: string };
  if (route.key === 'GET /api/notifications/stream' && route.method === 'GET') {
    response = await openStream(url, headers);
  } else {
    const payload =
      BODIES[route.key]?.(caller) ?? (route.body ? { body: example(route.body) as object } : undefined);
    const injected = await t.app.inject({
      method: route.method as 'GET',
      url,
      headers: payload && 'multipart' in payload ? { ...headers, ...payload.multipart.headers } : headers,
      payload: payload ? ('multipart' in payload ? payload.multipart.payload : payload.body) : undefined,
    });
    response = { statusCode: injected.statusCode, headers: injected.headers, body: injected.body };
  }
  let code: string | undefined;
  let message: string | undefined;
  if (String(response.headers['content-type'] ?? '').includes('json')) {
    try {
      ({ code, message } = JSON.parse(response.body) as { code?: string; message?: string });
    } catch {
      // not JSON after all: judged by its status
    }
  }
  return {
    caller,
    route,
    url,
    status: response.statusCode,
    code,
    message,
    text: `${JSON.stringify(response.headers)}\n${response.body}`,
  };
}

/** What is wrong with one answer, if anything. */
function judge({ caller, route, status, code, message, text }: Outcome): string | undefined {
  const where = `${caller.kind} ${route.key} → ${status} ${code ?? ''} ${message ?? ''}`.trim();
  if (status >= 500) return `5xx: ${where}`;
  const around = (mark: string) =>
    text.slice(Math.max(0, text.indexOf(mark) - 200), text.indexOf(mark) + 200);
  // An account's e-mail address: its group and the administrators know it, nobody else.
  if (!['owner', 'group member', 'administrator'].includes(caller.kind) && text.includes(owner.email))
    return `the owner's e-mail address: ${where}: …${around(owner.email)}…`;
  if (caller.kind !== 'owner' && text.includes(MARK)) return `leak: ${where}: …${around(MARK)}…`;
  if (caller.kind !== 'owner' && caller.kind !== 'group member' && text.includes(SHARED))
    return `leak of what was shared with someone else: ${where}: …${around(SHARED)}…`;
  const isPublic = route.key in PUBLIC;
  if (caller.signedIn === 'none') {
    if (!isPublic && status !== 401) return `not 401: ${where}`;
    if (isPublic && caller.kind === 'anonymous' && status === 401 && message === 'Not signed in')
      return `a route listed as public asks for a user: ${where}`;
    return undefined;
  }
  if (caller.signedIn === 'unapproved') {
    // A HEAD answer has no body to name the reason.
    const refused = status === 403 && (code === 'ACCOUNT_NOT_APPROVED' || route.method === 'HEAD');
    if (!isPublic && !PENDING_OK.has(route.key) && !refused)
      return `not 403 for an unapproved account: ${where}`;
    if (PENDING_OK.has(route.key) && (status === 401 || refused))
      return `refused a route it may use: ${where}`;
    return undefined;
  }
  if (isAdminRoute(route.key)) {
    if (caller.kind === 'administrator' && status === 403) return `administrator refused: ${where}`;
    if (caller.kind !== 'administrator' && status !== 403) return `not 403 for a non-administrator: ${where}`;
  }
  if (status === 401 && !isPublic && route.key !== 'POST /api/auth/change-password')
    return `a signed-in caller got 401: ${where}`;
  return undefined;
}

/** Sends in chunks: a few requests at a time keeps a loaded 2-core machine responsive. */
async function sweep(pairs: [Caller, Route][], chunk = 12): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (let i = 0; i < pairs.length; i += chunk)
    outcomes.push(...(await Promise.all(pairs.slice(i, i + chunk).map(([c, r]) => send(c, r)))));
  return outcomes;
}

/** Writes that change what a later request of the same caller would see: each caller sends them last. */
const rank = (route: Route) =>
  route.method === 'DELETE'
    ? 2
    : /\/(reject|approve|clear|disconnect|auto-merge|resolve)$/.test(route.path)
      ? 1
      : 0;

async function created(user: TestUser, url: string, body: object) {
  const response = await t.as(user).post(url, body);
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function seedOwner(): Promise<Seeded> {
  const person = await created(owner, '/api/people', {
    first_name: `${MARK} person`,
    notes: `${MARK} notes`,
    custom_fields: { [`${MARK} field`]: `${MARK} value` },
  });
  const person2 = await created(owner, '/api/people', { first_name: `${MARK} person`, last_name: 'Twin' });
  const note = await created(owner, `/api/people/${person.id}/notes`, { body: `${MARK} note` });
  const company = await created(owner, '/api/companies', {
    record: `${MARK} company`,
    description: `${MARK} description`,
  });
  const company2 = await created(owner, '/api/companies', { record: `${MARK} company` });
  const project = `${MARK} project`;
  await created(owner, '/api/projects', { name: project });
  const task = await created(owner, '/api/tasks', {
    title: `${MARK} task`,
    description: `${MARK} task notes`,
    project,
  });
  const { event } = await created(owner, '/api/events', {
    title: `${MARK} event`,
    notes: `${MARK} event notes`,
    location: `${MARK} location`,
    start_datetime: '2030-01-01T10:00:00Z',
    end_datetime: '2030-01-01T11:00:00Z',
  });
  const customField = `${MARK} custom`;
  await created(owner, '/api/custom-fields', { name: customField });
  await created(owner, '/api/user-preferences/custom_fields', { value: [customField] });
  const notification = await t.app.services.notifications.notify({
    userId: owner.id,
    type: 'other',
    text: `${MARK} notification`,
  });
  // The member joins the owner's group; another invitation waits for someone who has no account.
  const membership = await created(owner, '/api/user-group', { email: member.email, name: 'Member' });
  const invitations = (await t.as(member).get('/api/user-group/pending-invitations')).json();
  const invitationToMember = invitations.data.find(
    (i: { invited_by: { id: number } }) => i.invited_by.id === owner.id,
  );
  await created(member, '/api/user-group/approve-invitation', {
    invitation_id: invitationToMember.invitation_id,
    display_name: 'Owner',
  });
  const waiting = await created(owner, '/api/user-group', {
    email: 'nobody-yet@example.com',
    name: 'Nobody yet',
  });
  // What the owner shares with the member: an event they take part in, a project and its task.
  await created(owner, '/api/events', {
    title: `${SHARED} event`,
    start_datetime: '2030-01-03T10:00:00Z',
    end_datetime: '2030-01-03T11:00:00Z',
    participants: [{ name: 'Member', email: member.email }],
  });
  const sharedProject = `${SHARED} project`;
  await created(owner, '/api/projects', { name: sharedProject });
  await created(owner, `/api/projects/${encodeURIComponent(sharedProject)}/participants`, {
    participants: [member.email],
  });
  await created(owner, '/api/tasks', {
    title: `${SHARED} task`,
    project: sharedProject,
    assign_to: member.email,
  });
  const upload = multipart(
    { mapping: JSON.stringify({ 'First Name': 'first_name', Email: 'email' }) },
    { name: 'contacts.csv', content: `First Name,Email\n${MARK} imported,imported@example.com\n` },
  );
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/csv/import-with-mapping',
    payload: upload.payload,
    headers: { ...owner.headers, ...upload.headers },
  });
  if (imported.statusCode !== 200) throw new Error(`import: ${imported.body}`);
  // The owner's Google account, with a marked contact and event waiting in the owner's review.
  const sub = '213943641271207600001';
  google.fake.addAccount({ sub, email: 'owner@gmail.example', name: 'Owner' });
  google.fake.addContact(sub, {
    names: [{ givenName: `${MARK} google`, familyName: 'Contact' }],
    emailAddresses: [{ value: 'google-contact@example.com' }],
  });
  google.fake.calendar.addEvent(sub, {
    summary: `${MARK} google event`,
    // Inside the sync window (a year back, two ahead).
    start: { dateTime: `${new Date().getUTCFullYear() + 1}-01-04T10:00:00Z` },
    end: { dateTime: `${new Date().getUTCFullYear() + 1}-01-04T11:00:00Z` },
  });
  await connectGoogle(t.app, google.fake, owner, sub);
  // The stranger and the member have Google accounts of their own: the owner's review items are not theirs.
  for (const [index, user] of [stranger, member].entries()) {
    const own = `21394364127120760000${index + 2}`;
    google.fake.addAccount({ sub: own, email: `other-${index}@gmail.example`, name: 'Other' });
    await connectGoogle(t.app, google.fake, user, own);
  }
  const contactsReview = await t.as(owner).get('/api/auth/google/contacts?preview=true');
  const calendarReview = await t.as(owner).get('/api/auth/google/calendar?preview=true');
  if (contactsReview.statusCode !== 200 || calendarReview.statusCode !== 200)
    throw new Error(`Google previews: ${contactsReview.body} ${calendarReview.body}`);
  return {
    googleContactItem: contactsReview.json().items[0].id,
    googleEventItem: calendarReview.json().items[0].id,
    person: person.id,
    person2: person2.id,
    company: company.id,
    company2: company2.id,
    task: task.id,
    event: event.id,
    project,
    customField,
    notification: notification.id,
    note: note.id,
    membership: membership.data.id,
    invitation: waiting.data.id,
    csvImport: imported.json().import_id,
  };
}

let callers: Caller[];
let routes: Route[];

beforeAll(async () => {
  // Google, Stripe, Telegram and WhatsApp are the fakes: their routes do their work, not a 503.
  google = await startFakeGoogle();
  stripe = await startFakeStripe({
    secret: FAKE_WEBHOOK_SECRET,
    apiKey: FAKE_API_KEY,
    prices: DEFAULT_FAKE_PRICES,
  });
  telegram = await startFakeTelegram();
  whatsapp = await startFakeWhatsApp();
  smtp = await startFakeSmtp();
  t = await createTestApp({
    env: {
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_MAX_FAILURES: '1000000',
      PUBLIC_URL: 'http://relate.test',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Relate <no-reply@relate.test>',
      ...google.env,
      ...fakeStripeEnv(stripe),
      ...botsEnv(telegram, whatsapp),
    },
    google: { retryBaseDelayMs: 1 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  admin = await createUser(t.app, { email: uniqueEmail('admin'), fullName: 'Administrator' }); // the first account
  owner = await createUser(t.app, { fullName: 'Owner' });
  member = await createUser(t.app, { fullName: 'Member' });
  stranger = await createUser(t.app, { fullName: 'Stranger' });
  pending = await createUser(t.app, { fullName: 'Pending', approved: false });
  rejected = await createUser(t.app, { fullName: 'Rejected', approved: false });
  await t.app.services.users.setStatus(rejected.id, 'rejected');
  rejected = { ...rejected, headers: await freshSession(rejected) };
  seeded = await seedOwner();

  // The unexpired token of an account an administrator deleted.
  const deleted = await createUser(t.app, { fullName: 'Deleted' });
  await t.app.services.users.delete(deleted.id, admin.id);
  // A token of the owner's that was signed out.
  const revoked = await freshSession(owner);
  const logout = await t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: revoked,
    payload: {},
  });
  if (logout.statusCode >= 300) throw new Error(`logout: ${logout.body}`);
  // The owner's own session, signed with the app's key, one minute past its expiry.
  const session = JSON.parse(Buffer.from(owner.token.split('.')[1], 'base64url').toString());
  const past = Math.floor(Date.now() / 1000) - 3600;
  const expired = await new SignJWT({ typ: 'access', sid: session.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(owner.id))
    .setIssuedAt(past - 900)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(t.config.JWT_SECRET?.[0]));
  // The owner's open session, unexpired, signed with a key that is not the app's.
  const forged = await new SignJWT({ typ: 'access', sid: session.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(owner.id))
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('a-key-that-is-not-the-apps-key-0123456789'));

  const fixed = (headers: Record<string, string>) => async () => headers;
  const as = (user: TestUser) => async () => user.headers;
  callers = [
    { kind: 'anonymous', signedIn: 'none', headers: fixed({}) },
    { kind: 'malformed bearer', signedIn: 'none', headers: fixed({ authorization: 'Bearer not.a.token' }) },
    { kind: 'expired token', signedIn: 'none', headers: fixed(bearer(expired)) },
    { kind: 'forged token', signedIn: 'none', headers: fixed(bearer(forged)) },
    { kind: 'signed-out session', signedIn: 'none', headers: fixed(revoked) },
    { kind: 'deleted account', signedIn: 'none', headers: fixed(deleted.headers) },
    { kind: 'pending account', signedIn: 'unapproved', user: pending, headers: as(pending) },
    { kind: 'rejected account', signedIn: 'unapproved', user: rejected, headers: as(rejected) },
    { kind: 'stranger', signedIn: 'approved', user: stranger, headers: as(stranger) },
    { kind: 'group member', signedIn: 'approved', user: member, headers: as(member) },
    { kind: 'owner', signedIn: 'approved', user: owner, headers: as(owner) },
    { kind: 'administrator', signedIn: 'approved', user: admin, headers: as(admin) },
  ];
  routes = documentedRoutes(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([google?.close(), stripe?.close(), telegram?.close(), whatsapp?.close(), smtp?.close()]);
});

describe('the access sweep', () => {
  it('finds every API route the router has, and a value for every path parameter', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.map((route) => route.key)).toEqual(apiRoutes(t.app));
    for (const route of routes) expect(() => urlOf(route)).not.toThrow();
    const keys = routes.map((route) => route.key);
    for (const listed of [...Object.keys(PUBLIC), ...PENDING_OK, ...ADMIN_ELSEWHERE])
      expect(keys).toContain(listed);
  });

  it('answers every route × every kind of caller without a 5xx, a leak or a wrong status', async () => {
    const before = Date.now();
    const order = (list: Caller[]) =>
      [0, 1, 2].flatMap((stage) =>
        list.flatMap((c) => routes.filter((r) => rank(r) === stage).map((r): [Caller, Route] => [c, r])),
      );
    // Everyone but the owner first (the owner's data is intact), then the owner, then the administrator
    // (whose writes, last, may reject or delete the owner).
    const others = callers.filter((c) => c.kind !== 'owner' && c.kind !== 'administrator');
    const ownersData = () =>
      Promise.all(
        [
          '/api/people',
          '/api/companies',
          '/api/tasks',
          '/api/projects',
          '/api/custom-fields',
          '/api/user-group',
          '/api/user-preferences',
          `/api/events?${new URLSearchParams(QUERY)}`,
          '/api/auth/google/contacts/review',
          '/api/auth/google/calendar/review',
        ].map(async (url) => `${url}: ${(await t.as(owner).get(url)).body}`),
      );
    const untouched = await ownersData();
    const outcomes = await sweep(order(others));
    // Nobody else changed anything of the owner's.
    expect(await ownersData()).toEqual(untouched);
    outcomes.push(...(await sweep(order(callers.filter((c) => c.kind === 'owner')), 6)));
    outcomes.push(...(await sweep(order(callers.filter((c) => c.kind === 'administrator')), 1)));
    expect(outcomes.length).toBe(routes.length * callers.length);
    const failures = outcomes.map(judge).filter((failure) => failure !== undefined);
    console.info(
      `access sweep: ${routes.length} routes × ${callers.length} callers = ${outcomes.length} requests in ${Date.now() - before} ms`,
    );
    // `ACCESS_SWEEP_DUMP=/tmp/sweep.tsv` writes every answer (route, caller, status, code, mark seen) to read.
    if (process.env.ACCESS_SWEEP_DUMP)
      (await import('node:fs')).writeFileSync(
        process.env.ACCESS_SWEEP_DUMP,
        outcomes
          .map(
            (o) =>
              `${o.route.key}\t${o.caller.kind}\t${o.status}\t${o.code ?? ''}\t${o.text.includes(MARK) ? 'MARK' : ''}`,
          )
          .join('\n'),
      );
    expect(failures).toEqual([]);
    // Nor did a mail carry the owner's data to anyone else (invitations, resets, verifications).
    const mailed = smtp.mails.filter((mail) => !mail.to.some((to) => to.includes(owner.email)));
    expect(mailed.length).toBeGreaterThan(0);
    expect(mailed.filter((mail) => JSON.stringify(mail).includes(MARK))).toEqual([]);
    // The marks were there to be found: the owner reads them, the member reads what was shared.
    const sees = (kind: string, mark: string) =>
      outcomes.filter((o) => o.caller.kind === kind && o.text.includes(mark)).map((o) => o.route.key);
    expect(sees('owner', MARK)).toEqual(
      expect.arrayContaining([
        'GET /api/people',
        'GET /api/people/:id',
        'GET /api/people/export',
        'GET /api/companies',
        'GET /api/companies/:id',
        'GET /api/tasks',
        'GET /api/tasks/:id',
        'GET /api/projects',
        'GET /api/events',
        'GET /api/events/:id',
        'GET /api/events/export.ics',
        'GET /api/custom-fields',
        'GET /api/notifications',
      ]),
    );
    expect(sees('group member', SHARED)).toEqual(
      expect.arrayContaining(['GET /api/events', 'GET /api/tasks']),
    );
  }, 120_000);

  it('refuses a HEAD of every GET route as it refuses the GET', async () => {
    // Fastify answers HEAD for every GET route: the same policy must apply, before the handler runs.
    const heads = routes
      .filter((route) => route.method === 'GET' && route.key !== 'GET /api/notifications/stream')
      .map((route) => ({ ...route, method: 'HEAD' }));
    const refused = callers.filter((c) => c.signedIn !== 'approved' || c.kind === 'stranger');
    const outcomes = await sweep(refused.flatMap((c) => heads.map((r): [Caller, Route] => [c, r])));
    expect(outcomes.filter((o) => o.status === 401).length).toBeGreaterThan(heads.length);
    expect(outcomes.map(judge).filter((failure) => failure !== undefined)).toEqual([]);
  }, 60_000);
});
