import { createHash, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, exportSPKI, generateKeyPair, type JWK, SignJWT } from 'jose';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

import { consentPage, type FakeAccount } from './consent-page';
import { FakeCalendar } from './fake-calendar';

/** The reference wire bodies (shared/reference/google), served as they are. */
const reference = (name: string) =>
  JSON.parse(readFileSync(new URL(`./reference/${name}`, import.meta.url), 'utf8'));

/** A contact as a test writes it: the People fields without resourceName, etag and metadata. */
export type PersonFields = Record<string, unknown> & {
  names?: { givenName?: string; familyName?: string; displayName?: string }[];
  emailAddresses?: { value: string; type?: string }[];
  phoneNumbers?: { value: string; type?: string }[];
  organizations?: { name?: string; title?: string }[];
};

/** A contact as People answers it. */
export type RenderedPerson = PersonFields & {
  resourceName: string;
  etag: string;
  metadata: {
    sources: { type: string; id: string; etag?: string; updateTime?: string }[];
    deleted?: boolean;
    objectType: string;
  };
};

interface StoredPerson {
  resourceName: string;
  sourceId: string;
  version: number;
  changeSeq: number;
  deleted: boolean;
  updateTime: string;
  fields: PersonFields;
}

interface Failure {
  method?: string;
  path: RegExp;
  /** Only requests that carry a pageToken (page 2 onwards). */
  laterPage?: boolean;
  status: number;
  body: unknown;
  times: number;
  /** Handle the request, then drop the connection: the call reached Google but its answer was lost. */
  loseResponse?: boolean;
}

interface AuthorizationCode {
  sub: string;
  redirectUri: string;
  codeChallenge: string;
  nonce?: string;
  scope: string;
  offline: boolean;
  expiresAt: number;
  used: boolean;
}

const SYNC_FIELDS_ON_UPDATE = [
  'names',
  'emailAddresses',
  'phoneNumbers',
  'organizations',
  'addresses',
  'biographies',
  'urls',
  'birthdays',
];
const base64url = (value: string) => Buffer.from(value).toString('base64url');
const unbase64url = (value: string) => Buffer.from(value, 'base64url').toString('utf8');

/**
 * A local Google: OAuth (authorize with a consent page or auto-consent, token with PKCE, refresh,
 * revoke, ID tokens signed with keys published as PEM and JWKS, userinfo) and the People API's
 * connections.list (paging, sync tokens, deleted contacts, EXPIRED_SYNC_TOKEN), get, createContact,
 * updateContact with etags and deleteContact, speaking the JSON recorded in shared/reference/google. Tests drive it directly.
 */
export class FakeGoogle {
  readonly clientId: string;
  readonly clientSecret: string;
  url = '';
  /** Sign-in picks this account at once instead of showing the consent page (tests). */
  autoConsent: string | undefined;
  /** Every request, for tests that check what was sent. */
  readonly requests: {
    method: string;
    path: string;
    query: URLSearchParams;
    body: string;
    headers: Record<string, string | string[] | undefined>;
  }[] = [];
  /** Each account's primary Google Calendar. */
  readonly calendar = new FakeCalendar();
  /**
   * Every People and Calendar call is answered this much later, as over a network (Google takes a few
   * hundred ms for a page of 1,000 contacts): gives a sync a fetch phase long enough to interrupt.
   */
  apiLatencyMs = 0;

  private readonly accounts = new Map<string, FakeAccount>();
  private readonly people = new Map<string, Map<string, StoredPerson>>();
  private readonly syncEpoch = new Map<string, number>();
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly refreshTokens = new Map<string, { sub: string; scope: string; revoked: boolean }>();
  private readonly accessTokens = new Map<
    string,
    { sub: string; scope: string; expiresAt: number; revoked: boolean }
  >();
  private failures: Failure[] = [];
  private seq = 0;
  private keys!: { privateKey: SigningKey; kid: string; jwk: JWK; pem: string };

  constructor(options: { clientId?: string; clientSecret?: string } = {}) {
    this.clientId = options.clientId ?? 'fake-client-id.apps.googleusercontent.com';
    this.clientSecret = options.clientSecret ?? 'GOCSPX-fake-secret';
  }

  async init(): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomBytes(8).toString('hex');
    this.keys = {
      privateKey,
      kid,
      jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
      pem: await exportSPKI(publicKey),
    };
  }

  // ---- what tests and the dev seed drive ----

  addAccount(account: FakeAccount): FakeAccount {
    this.accounts.set(account.sub, { emailVerified: true, ...account });
    this.people.set(account.sub, this.people.get(account.sub) ?? new Map());
    return account;
  }

  listAccounts(): FakeAccount[] {
    return [...this.accounts.values()];
  }

  addContact(
    sub: string,
    fields: PersonFields,
    resourceName = `people/c${randomInt(1e9, 9e9)}${randomInt(1e9, 9e9)}`,
  ): string {
    this.contacts(sub).set(resourceName, {
      resourceName,
      sourceId: randomBytes(8).toString('hex'),
      version: 1,
      changeSeq: ++this.seq,
      deleted: false,
      updateTime: new Date().toISOString(),
      fields,
    });
    return resourceName;
  }

  /** The reference's sample contacts (Ada Lovelace, one without a name, Иван Петров). */
  addReferenceContacts(sub: string): string[] {
    const persons = [
      ...reference('people_connections_list_page1_response.json').connections,
      ...reference('people_connections_list_lastpage_response.json').connections,
    ] as (PersonFields & { resourceName: string })[];
    return persons.map(({ resourceName, etag: _etag, metadata: _metadata, ...fields }) =>
      this.addContact(sub, fields, resourceName),
    );
  }

  editContact(sub: string, resourceName: string, fields: Partial<PersonFields>): void {
    const person = this.existing(sub, resourceName);
    person.fields = { ...person.fields, ...fields };
    this.touch(person);
  }

  deleteContact(sub: string, resourceName: string): void {
    const person = this.existing(sub, resourceName);
    person.deleted = true;
    this.touch(person);
  }

  contact(sub: string, resourceName: string) {
    const person = this.contacts(sub).get(resourceName);
    return person && !person.deleted ? this.render(person) : undefined;
  }

  listContacts(sub: string) {
    return [...this.contacts(sub).values()]
      .filter((person) => !person.deleted)
      .map((person) => this.render(person));
  }

  /** Every sync token given out so far answers EXPIRED_SYNC_TOKEN (as after 7 days). */
  expireSyncTokens(sub: string): void {
    this.syncEpoch.set(sub, (this.syncEpoch.get(sub) ?? 0) + 1);
  }

  /**
   * The next matching request(s) fail with this status: 429 quota, 500, or a reference body by name
   * (`calendar_error_403_rate_limit.json`, ...). With `loseResponse`, the request is handled and then
   * the connection dropped, as when an answer times out.
   */
  failNext(failure: {
    method?: string;
    path: RegExp;
    laterPage?: boolean;
    status: 429 | 500 | 503 | 403 | 410 | 412;
    reference?: string;
    times?: number;
    loseResponse?: boolean;
  }) {
    const body = failure.reference
      ? reference(failure.reference)
      : failure.status === 429
        ? reference('people_error_quota_429.json')
        : { error: { code: failure.status, message: 'Internal error encountered.', status: 'INTERNAL' } };
    this.failures.push({ times: 1, ...failure, body });
  }

  /** The user removed this app's access at Google: its refresh and access tokens stop working. */
  revokeAll(sub: string): void {
    for (const token of [...this.refreshTokens.values(), ...this.accessTokens.values()])
      if (token.sub === sub) token.revoked = true;
  }

  hasLiveRefreshToken(sub: string): boolean {
    return [...this.refreshTokens.values()].some((token) => token.sub === sub && !token.revoked);
  }

  // ---- HTTP ----

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url || 'http://localhost');
    const body = await readBody(request);
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: request.headers,
    });
    if (this.apiLatencyMs > 0 && /^\/(v1|calendar)\//.test(url.pathname))
      await new Promise((resolve) => setTimeout(resolve, this.apiLatencyMs));
    let lost = false;
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      if (lost) {
        response.destroy();
        return;
      }
      if (payload === undefined) {
        response.writeHead(status, headers);
        response.end();
        return;
      }
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(JSON.stringify(payload));
    };
    const failure = this.failures.find(
      (entry) =>
        entry.path.test(url.pathname) &&
        (!entry.method || entry.method === request.method) &&
        (!entry.laterPage || url.searchParams.has('pageToken')),
    );
    if (failure) {
      if (--failure.times <= 0) this.failures = this.failures.filter((entry) => entry !== failure);
      if (failure.loseResponse) lost = true;
      else return send(failure.status, failure.body);
    }
    const path = url.pathname;
    const method = request.method;
    if (method === 'GET' && path === '/o/oauth2/v2/auth') return this.authorize(url.searchParams, response);
    if (method === 'POST' && path === '/o/oauth2/v2/auth')
      return this.authorize(new URLSearchParams(body), response);
    if (method === 'POST' && path === '/token') return this.token(new URLSearchParams(body), send);
    if (method === 'POST' && path === '/revoke') {
      const token = new URLSearchParams(body).get('token') ?? url.searchParams.get('token') ?? '';
      const record = this.refreshTokens.get(token) ?? this.accessTokens.get(token);
      if (!record || record.revoked)
        return send(400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      this.revokeAll(record.sub);
      return send(200, {});
    }
    if (method === 'GET' && path === '/oauth2/v1/certs')
      return send(200, { [this.keys.kid]: this.keys.pem }, { 'cache-control': 'public, max-age=300' });
    if (method === 'GET' && path === '/oauth2/v3/certs')
      return send(200, { keys: [this.keys.jwk] }, { 'cache-control': 'public, max-age=300' });

    const caller = this.caller(request);
    if (path === '/oauth2/v3/userinfo' || path.startsWith('/v1/') || path.startsWith('/calendar/')) {
      if (!caller) {
        return send(401, {
          error: {
            code: 401,
            message: 'Request had invalid authentication credentials. Expected OAuth 2 access token.',
            status: 'UNAUTHENTICATED',
          },
        });
      }
    }
    if (method === 'GET' && path === '/oauth2/v3/userinfo') {
      const account = this.accounts.get(caller!)!;
      return send(200, {
        sub: account.sub,
        name: account.name,
        email: account.email,
        email_verified: account.emailVerified,
      });
    }
    if (
      path.startsWith('/calendar/v3/') &&
      this.calendar.handle(caller!, method ?? 'GET', url, body, request.headers, send)
    )
      return;
    if (method === 'GET' && path === '/v1/people/me/connections')
      return this.listConnections(caller!, url.searchParams, send);
    if (method === 'POST' && path === '/v1/people:createContact') {
      const { resourceName: _r, etag: _e, metadata: _m, ...fields } = JSON.parse(body || '{}');
      const resourceName = this.addContact(caller!, fields);
      return send(200, this.render(this.contacts(caller!).get(resourceName)!));
    }
    const personPath = /^\/v1\/(people\/c\d+)(:updateContact|:deleteContact)?$/.exec(path);
    if (personPath) {
      const person = this.contacts(caller!).get(personPath[1]);
      if (!person || person.deleted) {
        return send(404, {
          error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' },
        });
      }
      if (method === 'GET' && !personPath[2]) return send(200, this.render(person));
      if (method === 'DELETE' && personPath[2] === ':deleteContact') {
        this.deleteContact(caller!, personPath[1]);
        return send(200, {});
      }
      if (method === 'PATCH' && personPath[2] === ':updateContact')
        return this.updateContact(person, url.searchParams, JSON.parse(body || '{}'), send);
    }
    send(404, { error: { code: 404, message: `Not found: ${method} ${path}`, status: 'NOT_FOUND' } });
  }

  private authorize(query: URLSearchParams, response: ServerResponse): void {
    const redirectUri = query.get('redirect_uri');
    const problem =
      query.get('client_id') !== this.clientId
        ? 'invalid_client: The OAuth client was not found.'
        : !redirectUri
          ? 'invalid_request: Missing required parameter: redirect_uri'
          : query.get('response_type') !== 'code'
            ? 'unsupported_response_type'
            : query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge')
              ? 'invalid_request: PKCE with code_challenge_method=S256 is required'
              : undefined;
    if (problem) {
      response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>Error 400</title><h1>Access blocked: authorization error</h1><p>${problem}</p>`,
      );
      return;
    }
    const back = new URL(redirectUri!);
    back.searchParams.set('state', query.get('state') ?? '');
    const redirect = (to: URL) => {
      response.writeHead(302, { location: to.toString() });
      response.end();
    };
    if (query.get('deny') === '1') {
      back.searchParams.set('error', 'access_denied');
      redirect(back);
      return;
    }
    if (query.get('new_email')) {
      const email = query.get('new_email')!.trim().toLowerCase();
      const existing = this.listAccounts().find((account) => account.email === email);
      query.set(
        'account',
        existing?.sub ??
          this.addAccount({
            sub: String(randomInt(1e9, 9e9)) + randomInt(1e9, 9e9),
            email,
            name: query.get('new_name')?.trim() || email.split('@')[0],
          }).sub,
      );
    }
    const sub = query.get('account') ?? this.autoConsent;
    if (!sub || !this.accounts.has(sub)) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(consentPage(query, this.listAccounts()));
      return;
    }
    const code = `4/0A${randomBytes(24).toString('base64url')}`;
    this.codes.set(code, {
      sub,
      redirectUri: redirectUri!,
      codeChallenge: query.get('code_challenge')!,
      nonce: query.get('nonce') ?? undefined,
      scope: query.get('scope') ?? '',
      offline: query.get('access_type') === 'offline',
      expiresAt: Date.now() + 10 * 60_000,
      used: false,
    });
    back.searchParams.set('code', code);
    back.searchParams.set('scope', query.get('scope') ?? '');
    back.searchParams.set('authuser', '0');
    redirect(back);
  }

  private async token(form: URLSearchParams, send: (status: number, payload: unknown) => void) {
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret) {
      return send(401, reference('oauth_token_error_invalid_client.json'));
    }
    if (form.get('grant_type') === 'refresh_token') {
      const record = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!record || record.revoked)
        return send(400, reference('oauth_token_error_invalid_grant_revoked.json'));
      return send(200, {
        access_token: this.issueAccessToken(record.sub, record.scope),
        expires_in: 3599,
        scope: record.scope,
        token_type: 'Bearer',
      });
    }
    const code = this.codes.get(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !code ||
      code.used ||
      code.expiresAt < Date.now() ||
      code.redirectUri !== form.get('redirect_uri') ||
      code.codeChallenge !== challenge
    ) {
      if (code) code.used = true; // a code is good for one try
      return send(400, reference('oauth_token_error_invalid_grant_bad_code.json'));
    }
    code.used = true;
    const account = this.accounts.get(code.sub)!;
    const tokens: Record<string, unknown> = {
      access_token: this.issueAccessToken(code.sub, code.scope),
      expires_in: 3599,
      scope: code.scope,
      token_type: 'Bearer',
    };
    if (code.offline) {
      const refreshToken = `1//0${randomBytes(32).toString('base64url')}`;
      this.refreshTokens.set(refreshToken, { sub: code.sub, scope: code.scope, revoked: false });
      tokens.refresh_token = refreshToken;
    }
    if (code.scope.split(' ').includes('openid')) {
      const [givenName, ...family] = account.name.split(' ');
      tokens.id_token = await new SignJWT({
        azp: this.clientId,
        email: account.email,
        email_verified: account.emailVerified !== false,
        name: account.name,
        given_name: givenName,
        family_name: family.join(' ') || undefined,
        ...(code.nonce && { nonce: code.nonce }),
      })
        .setProtectedHeader({ alg: 'RS256', kid: this.keys.kid, typ: 'JWT' })
        .setIssuer(this.url)
        .setAudience(this.clientId)
        .setSubject(account.sub)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(this.keys.privateKey);
    }
    send(200, tokens);
  }

  private listConnections(
    sub: string,
    query: URLSearchParams,
    send: (status: number, payload: unknown) => void,
  ) {
    if (!query.get('personFields')) return send(400, reference('people_error_missing_person_fields.json'));
    const pageSize = Math.min(Math.max(Number(query.get('pageSize') ?? 100) || 100, 1), 1000);
    const epoch = this.syncEpoch.get(sub) ?? 0;
    let since = 0;
    const syncToken = query.get('syncToken');
    if (syncToken) {
      const decoded = decodeToken(syncToken);
      if (!decoded || decoded.epoch !== epoch || decoded.sub !== sub)
        return send(400, reference('people_error_expired_sync_token.json'));
      since = decoded.seq;
    }
    const page = query.get('pageToken') ? decodeToken(query.get('pageToken')!) : undefined;
    if (query.get('pageToken') && (!page || page.params !== paramsKey(query))) {
      return send(400, {
        error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' },
      });
    }
    const asOf = page?.seq ?? this.seq;
    const offset = page?.offset ?? 0;
    const matching = [...this.contacts(sub).values()]
      .filter(
        (person) => (syncToken ? person.changeSeq > since : !person.deleted) && person.changeSeq <= asOf,
      )
      .sort((a, b) => a.changeSeq - b.changeSeq);
    const slice = matching.slice(offset, offset + pageSize);
    const last = offset + pageSize >= matching.length;
    const payload: Record<string, unknown> = {};
    if (slice.length > 0) payload.connections = slice.map((person) => this.render(person));
    if (!last)
      payload.nextPageToken = encodeToken({
        sub,
        seq: asOf,
        offset: offset + pageSize,
        params: paramsKey(query),
      });
    if (!syncToken) {
      payload.totalPeople = matching.length;
      payload.totalItems = matching.length;
    }
    if (last && query.get('requestSyncToken') === 'true')
      payload.nextSyncToken = encodeToken({ sub, seq: asOf, epoch });
    send(200, payload);
  }

  private updateContact(
    person: StoredPerson,
    query: URLSearchParams,
    body: Record<string, unknown>,
    send: (status: number, payload: unknown) => void,
  ) {
    const current = this.render(person);
    const sentEtag =
      (body.metadata as { sources?: { etag?: string }[] } | undefined)?.sources?.[0]?.etag ?? body.etag;
    if (sentEtag !== this.sourceEtag(person) && sentEtag !== current.etag) {
      const message =
        'Request person.etag is different than the current person.etag. Clear local cache and get the latest person.';
      return send(400, {
        error: {
          code: 400,
          message,
          errors: [{ message, domain: 'global', reason: 'failedPrecondition' }],
          status: 'FAILED_PRECONDITION',
        },
      });
    }
    const fields = (query.get('updatePersonFields') ?? '')
      .split(',')
      .filter((field) => SYNC_FIELDS_ON_UPDATE.includes(field));
    if (fields.length === 0) {
      return send(400, {
        error: { code: 400, message: 'updatePersonFields mask is required.', status: 'INVALID_ARGUMENT' },
      });
    }
    for (const field of fields) person.fields[field] = body[field] ?? [];
    this.touch(person);
    send(200, this.render(person));
  }

  private render(person: StoredPerson): RenderedPerson {
    const etag = `%EgUBCS43PhoBAiIM${base64url(`${person.resourceName}:${person.version}`)}`;
    const source = { type: 'CONTACT', id: person.sourceId };
    const metadata = (primary: boolean) => ({
      source,
      ...(primary && { primary: true, sourcePrimary: true }),
    });
    if (person.deleted) {
      return {
        resourceName: person.resourceName,
        etag,
        metadata: { sources: [{ ...source }], deleted: true, objectType: 'PERSON' },
      } as const;
    }
    const lists = Object.fromEntries(
      Object.entries(person.fields).map(([field, value]) => [
        field,
        Array.isArray(value)
          ? value.map((item, index) => {
              const entry = { metadata: metadata(index === 0), ...(item as object) } as Record<
                string,
                unknown
              >;
              if (field === 'names') {
                const given = (entry.givenName as string) ?? '';
                const family = (entry.familyName as string) ?? '';
                entry.displayName ??= [given, family].filter(Boolean).join(' ');
                entry.unstructuredName ??= entry.displayName;
              }
              if (field === 'phoneNumbers')
                entry.canonicalForm ??= `+${String(entry.value).replace(/\D/g, '')}`;
              return entry;
            })
          : value,
      ]),
    );
    return {
      resourceName: person.resourceName,
      etag,
      metadata: {
        sources: [{ ...source, etag: this.sourceEtag(person), updateTime: person.updateTime }],
        objectType: 'PERSON',
      },
      ...lists,
    };
  }

  private sourceEtag(person: StoredPerson): string {
    return `#${base64url(`${person.sourceId}:${person.version}`)}`;
  }

  private issueAccessToken(sub: string, scope: string): string {
    const token = `ya29.a0${randomBytes(32).toString('base64url')}`;
    this.accessTokens.set(token, { sub, scope, expiresAt: Date.now() + 3599_000, revoked: false });
    return token;
  }

  private caller(request: IncomingMessage): string | undefined {
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const record = token ? this.accessTokens.get(token) : undefined;
    return record && !record.revoked && record.expiresAt > Date.now() ? record.sub : undefined;
  }

  private contacts(sub: string): Map<string, StoredPerson> {
    const contacts = this.people.get(sub) ?? new Map<string, StoredPerson>();
    this.people.set(sub, contacts);
    return contacts;
  }

  private existing(sub: string, resourceName: string): StoredPerson {
    const person = this.contacts(sub).get(resourceName);
    if (!person) throw new Error(`fake Google: no contact ${resourceName}`);
    return person;
  }

  private touch(person: StoredPerson) {
    person.version++;
    person.changeSeq = ++this.seq;
    person.updateTime = new Date().toISOString();
  }
}

/** Paging must repeat the first call's parameters (reference README). */
const paramsKey = (query: URLSearchParams) =>
  ['personFields', 'pageSize', 'requestSyncToken', 'syncToken', 'sortOrder']
    .map((key) => query.get(key) ?? '')
    .join('|');

interface TokenContents {
  sub: string;
  seq: number;
  epoch?: number;
  offset?: number;
  params?: string;
}
const encodeToken = (contents: TokenContents) => base64url(JSON.stringify(contents));
function decodeToken(token: string): TokenContents | undefined {
  try {
    return JSON.parse(unbase64url(token));
  } catch {
    return undefined;
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (data += chunk));
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}
