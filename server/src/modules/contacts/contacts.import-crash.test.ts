/**
 * A contacts CSV import is one transaction streaming one COPY (decision 43): while it runs, nobody
 * sees any of its rows; at its commit they all appear; a server killed in the middle leaves none of
 * them and no import to undo, and importing the file again adds each row once. A real server process,
 * killed with SIGKILL while PostgreSQL reports the COPY's progress.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitForHealth,
} from '../../../test/server-process';
import { createPostgresDatabase } from '../../../test/test-database';

const ROWS = 40_000;
const file = [
  'First Name,Email',
  ...Array.from({ length: ROWS }, (_, index) => `Person ${index},person-${index}@example.com`),
].join('\n');

let database: { url: string; drop: () => Promise<void> };
/** The first account: the administrator, who approves the others. */
let admin: { id: number; token: string };
let client: pg.Client;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createPostgresDatabase(inject('postgresTemplate'));
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  await client.end();
  await database.drop();
});

async function startServer(): Promise<ServerProcess> {
  const server = startServerProcess({ DATABASE_URL: database.url, PORT: String(await freePort()) });
  servers.push(server);
  await waitForHealth(server.url, 60_000);
  return server;
}

/** The fields of the answers these tests read. */
interface Answer {
  user: { id: number };
  access_token: string;
  total: number;
  people: unknown[];
  imported_count: number;
}

async function call(server: ServerProcess, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/** A new account, approved by `admin` when given (the first account is the administrator). */
async function signUp(server: ServerProcess, email: string, admin?: { token: string }) {
  const credentials = { email, password: 'long-enough-password' };
  const registered = await call(server, 'POST', '/auth/register', undefined, {
    ...credentials,
    full_name: 'Importer',
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  if (admin) {
    const approved = await call(
      server,
      'POST',
      `/admin/users/${registered.body.user.id}/approve`,
      admin.token,
      {},
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  }
  const login = await call(server, 'POST', '/auth/login', undefined, credentials);
  return { id: registered.body.user.id, token: login.body.access_token };
}

function startImport(server: ServerProcess, token: string) {
  const body = multipart(
    { mapping: JSON.stringify({ 'First Name': 'first_name', Email: 'email' }) },
    { name: 'contacts.csv', content: file },
  );
  return fetch(`${server.url}/api/csv/import-with-mapping`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    body: body.payload,
  });
}

/** Waits until PostgreSQL reports a COPY into contacts that has taken in at least `rows` rows. */
async function copyUnderWay(rows: number) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { rows: progress } = await client.query<{ tuples: string }>(
      `select tuples_processed as tuples from pg_stat_progress_copy p join pg_class c on c.oid = p.relid
       where p.datid = (select oid from pg_database where datname = current_database())
         and c.relname = 'contacts'`,
    );
    if (progress.some((row) => Number(row.tuples) >= rows)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no COPY into contacts seen');
}

const stored = async (userId: number) => {
  const { rows } = await client.query<{ contacts: string; imports: string }>(
    `select (select count(*) from contacts where user_id = $1) as contacts,
            (select count(*) from contact_imports where user_id = $1) as imports`,
    [userId],
  );
  return { contacts: Number(rows[0].contacts), imports: Number(rows[0].imports) };
};

describe('a contacts CSV import', () => {
  it('shows none of its rows while it runs, then all of them at once', async () => {
    const server = await startServer();
    admin = await signUp(server, 'all-at-once@example.com');
    const user = admin;
    const response = startImport(server, user.token);
    await copyUnderWay(1000);
    const during = await call(server, 'GET', '/people?page_size=10', user.token);
    expect(during.body.total).toBe(0);
    expect(during.body.people).toEqual([]);
    expect((await stored(user.id)).contacts).toBe(0);

    const answer = await response;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as Answer).imported_count).toBe(ROWS);
    const after = await call(server, 'GET', '/people?page_size=10', user.token);
    expect(after.body.total).toBe(ROWS);
    expect(await stored(user.id)).toEqual({ contacts: ROWS, imports: 1 });
  }, 180_000);

  it('leaves nothing when the server is killed in the middle; importing again adds each row once', async () => {
    const server = await startServer();
    const user = await signUp(server, 'killed@example.com', admin);
    const response = startImport(server, user.token).catch(() => undefined);
    await copyUnderWay(1000);
    server.child.kill('SIGKILL');
    await server.exited;
    await response;
    // PostgreSQL notices the dead client and rolls its transaction back.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query(
        `select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
           and query ilike 'copy%'`,
      );
      if (rows.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await stored(user.id)).toEqual({ contacts: 0, imports: 0 });

    const restarted = await startServer();
    const again = await startImport(restarted, user.token);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Answer).imported_count).toBe(ROWS);
    const { rows } = await client.query<{ emails: string }>(
      'select count(distinct email) as emails from contacts where user_id = $1',
      [user.id],
    );
    expect(Number(rows[0].emails)).toBe(ROWS);
    expect(await stored(user.id)).toEqual({ contacts: ROWS, imports: 1 });
  }, 180_000);
});
