import type { calendar_v3 } from '@googleapis/calendar';
import type { people_v1 } from '@googleapis/people';
import type { OAuth2Client } from 'google-auth-library';
import { type Lazy, lazy } from '../../lib/lazy';
import { toGoogleApiError } from './google-errors';

export type GooglePerson = people_v1.Schema$Person;
export type GoogleCalendarEvent = calendar_v3.Schema$Event;

export const SIGN_IN_SCOPES = ['openid', 'email', 'profile'];
export const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
/** Settings → Connect Google: contacts now, the calendar for its sync (issue 15). */
export const CONNECT_SCOPES = [...SIGN_IN_SCOPES, 'https://www.googleapis.com/auth/contacts', CALENDAR_SCOPE];

/** Every field the contacts sync reads; paging and sync-token calls must repeat the same list. */
export const PERSON_FIELDS =
  'names,emailAddresses,phoneNumbers,organizations,addresses,birthdays,biographies,urls,memberships,metadata';
export const UPDATE_PERSON_FIELDS =
  'names,emailAddresses,phoneNumbers,organizations,addresses,biographies,urls';
const MAX_PAGE_SIZE = 1000;

export type GoogleClientTuning = Pick<
  GoogleClientOptions,
  'maxTries' | 'retryBaseDelayMs' | 'sleep' | 'pageSize' | 'calendarPageSize'
>;

export interface GoogleClientOptions {
  clientId: string;
  clientSecret?: string;
  redirectUri: string;
  /** Root of Google's OAuth endpoints (the fake's address); Google's own when unset. */
  oauthBaseUrl?: string;
  /** Root of Google's REST APIs (People, Calendar); Google's own when unset. */
  apiBaseUrl?: string;
  /** Quota errors are retried with exponential backoff and jitter: at most `maxTries` calls. */
  maxTries?: number;
  retryBaseDelayMs?: number;
  /** People connections per page (1-1000). */
  pageSize?: number;
  /** Calendar events per page (1-2500). */
  calendarPageSize?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface GoogleTokens {
  accessToken?: string;
  refreshToken?: string;
  idToken?: string;
  scope?: string;
}

export interface GoogleIdentity {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  nonce?: string;
}

export interface CalendarEventsPage {
  items: GoogleCalendarEvent[];
  /** The calendar's own zone and default popup reminder (events with `reminders.useDefault`). */
  timeZone?: string;
  defaultReminderMinutes?: number;
  nextPageToken?: string;
  nextSyncToken?: string;
}

export interface ConnectionsPage {
  connections: GooglePerson[];
  nextPageToken?: string;
  nextSyncToken?: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Google through its own libraries: google-auth-library for OAuth (PKCE, ID tokens, refresh),
 * @googleapis/people for contacts and @googleapis/calendar for the calendar, each loaded at its first
 * use. Their endpoints are configurable, so the same code talks to the local fake Google in
 * development and tests.
 */
export class GoogleClient {
  private readonly maxTries: number;
  private readonly retryBaseDelayMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly oauth: Lazy<OAuth2Client>;

  constructor(private readonly options: GoogleClientOptions) {
    this.maxTries = options.maxTries ?? 5;
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? 1000;
    this.sleep = options.sleep ?? defaultSleep;
    this.oauth = lazy(() => this.newOAuthClient());
  }

  private async newOAuthClient(): Promise<OAuth2Client> {
    const { OAuth2Client } = await import('google-auth-library');
    const base = this.options.oauthBaseUrl?.replace(/\/+$/, '');
    return new OAuth2Client({
      clientId: this.options.clientId,
      clientSecret: this.options.clientSecret,
      redirectUri: this.options.redirectUri,
      ...(base && {
        endpoints: {
          oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
          oauth2TokenUrl: `${base}/token`,
          oauth2RevokeUrl: `${base}/revoke`,
          oauth2FederatedSignonPemCertsUrl: `${base}/oauth2/v1/certs`,
          oauth2FederatedSignonJwkCertsUrl: `${base}/oauth2/v3/certs`,
          tokenInfoUrl: `${base}/tokeninfo`,
        },
        issuers: [base],
      }),
    });
  }

  /** A PKCE verifier and its S256 challenge. */
  async createPkce(): Promise<{ codeVerifier: string; codeChallenge: string }> {
    const { codeVerifier, codeChallenge } = await (await this.oauth()).generateCodeVerifierAsync();
    return { codeVerifier, codeChallenge: codeChallenge! };
  }

  async authorizationUrl(input: {
    state: string;
    nonce: string;
    codeChallenge: string;
    scopes: string[];
    /** Ask for a refresh token (Connect Google). */
    offline: boolean;
  }): Promise<string> {
    const { CodeChallengeMethod } = await import('google-auth-library');
    return (await this.oauth()).generateAuthUrl({
      scope: input.scopes,
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: CodeChallengeMethod.S256,
      // generateAuthUrl passes every option on to the query string.
      ...({ nonce: input.nonce } as object),
      ...(input.offline
        ? { access_type: 'offline', prompt: 'consent', include_granted_scopes: true }
        : { prompt: 'select_account' }),
    });
  }

  async exchangeCode(code: string, codeVerifier: string): Promise<GoogleTokens> {
    try {
      const { tokens } = await (await this.oauth()).getToken({ code, codeVerifier });
      return {
        accessToken: tokens.access_token ?? undefined,
        refreshToken: tokens.refresh_token ?? undefined,
        idToken: tokens.id_token ?? undefined,
        scope: tokens.scope ?? undefined,
      };
    } catch (error) {
      throw toGoogleApiError(error) ?? error;
    }
  }

  /** Checks the ID token's signature (Google's published keys), issuer, audience and expiry. */
  async verifyIdToken(idToken: string): Promise<GoogleIdentity> {
    const ticket = await (await this.oauth()).verifyIdToken({ idToken, audience: this.options.clientId });
    const payload = ticket.getPayload();
    if (!payload?.sub) throw new Error('The ID token has no subject');
    return {
      sub: payload.sub,
      email: payload.email,
      emailVerified: payload.email_verified === true,
      name: payload.name,
      nonce: payload.nonce,
    };
  }

  /** Revokes a token at Google; one that is already dead counts as revoked. The token goes in the body, not the URL. */
  async revoke(token: string): Promise<void> {
    const oauth = await this.oauth();
    try {
      await oauth.transporter.request({
        url: oauth.endpoints.oauth2RevokeUrl.toString(),
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        data: new URLSearchParams({ token }).toString(),
      });
    } catch (error) {
      const googleError = toGoogleApiError(error);
      if (googleError?.status === 400) return;
      throw googleError ?? error;
    }
  }

  /** People API calls as the user whose refresh token this is. */
  async people(refreshToken: string): Promise<GooglePeople> {
    const { people: peopleApi } = await import('@googleapis/people');
    const auth = await this.newOAuthClient();
    auth.setCredentials({ refresh_token: refreshToken });
    const api = peopleApi({
      version: 'v1',
      auth,
      ...(this.options.apiBaseUrl && { rootUrl: this.options.apiBaseUrl }),
    });
    return new GooglePeople(api, (call) => this.withRetry(call), this.options.pageSize ?? MAX_PAGE_SIZE);
  }

  /** Calendar API calls (the primary calendar) as the user whose refresh token this is. */
  async calendar(refreshToken: string): Promise<GoogleCalendar> {
    const { calendar: calendarApi } = await import('@googleapis/calendar');
    const auth = await this.newOAuthClient();
    auth.setCredentials({ refresh_token: refreshToken });
    const api = calendarApi({
      version: 'v3',
      auth,
      ...(this.options.apiBaseUrl && { rootUrl: `${this.options.apiBaseUrl.replace(/\/+$/, '')}/` }),
    });
    return new GoogleCalendar(api, (call) => this.withRetry(call), this.options.calendarPageSize ?? 250);
  }

  /** Retries quota errors (429, 403 rate limit) with exponential backoff and jitter, at most maxTries calls. */
  async withRetry<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        const googleError = toGoogleApiError(error);
        if (!googleError) throw error;
        if (!googleError.isRateLimited || attempt >= this.maxTries) throw googleError;
        const backoff = this.retryBaseDelayMs * 2 ** (attempt - 1);
        await this.sleep(
          Math.max(googleError.retryAfterMs ?? 0, backoff / 2 + Math.random() * (backoff / 2)),
        );
      }
    }
  }
}

/** The People calls the contacts sync makes. gaxios' own retries are off: withRetry decides. */
export class GooglePeople {
  constructor(
    private readonly api: people_v1.People,
    private readonly retry: <T>(call: () => Promise<T>) => Promise<T>,
    private readonly pageSize: number,
  ) {}

  async listConnections(page: { syncToken?: string; pageToken?: string }): Promise<ConnectionsPage> {
    const { data } = await this.retry(() =>
      this.api.people.connections.list(
        {
          resourceName: 'people/me',
          personFields: PERSON_FIELDS,
          pageSize: this.pageSize,
          requestSyncToken: true,
          syncToken: page.syncToken,
          pageToken: page.pageToken,
        },
        { retry: false },
      ),
    );
    return {
      connections: data.connections ?? [],
      nextPageToken: data.nextPageToken ?? undefined,
      nextSyncToken: data.nextSyncToken ?? undefined,
    };
  }

  async get(resourceName: string): Promise<GooglePerson> {
    const { data } = await this.retry(() =>
      this.api.people.get({ resourceName, personFields: PERSON_FIELDS }, { retry: false }),
    );
    return data;
  }

  async create(person: GooglePerson): Promise<GooglePerson> {
    const { data } = await this.retry(() =>
      this.api.people.createContact({ personFields: PERSON_FIELDS, requestBody: person }, { retry: false }),
    );
    return data;
  }

  /** Needs the contact's current etag in `person`; a stale one fails with a precondition error. */
  async update(resourceName: string, person: GooglePerson): Promise<GooglePerson> {
    const { data } = await this.retry(() =>
      this.api.people.updateContact(
        {
          resourceName,
          updatePersonFields: UPDATE_PERSON_FIELDS,
          personFields: PERSON_FIELDS,
          requestBody: person,
        },
        { retry: false },
      ),
    );
    return data;
  }

  /** Deletes the contact; one already gone (404) counts as deleted. */
  async delete(resourceName: string): Promise<void> {
    try {
      await this.retry(() => this.api.people.deleteContact({ resourceName }, { retry: false }));
    } catch (error) {
      if (toGoogleApiError(error)?.status !== 404) throw error;
    }
  }
}

const PRIMARY = 'primary';

/**
 * The Calendar calls the calendar sync makes, on the primary calendar. Series are listed as their master
 * event (`singleEvents=false`) with their changed and cancelled occurrences as separate items. Guests
 * are not e-mailed about changes Relate makes (`sendUpdates=none`).
 */
export class GoogleCalendar {
  constructor(
    private readonly api: calendar_v3.Calendar,
    private readonly retry: <T>(call: () => Promise<T>) => Promise<T>,
    private readonly pageSize: number,
  ) {}

  /** One page: a full listing bounded by timeMin/timeMax, or the changes since `syncToken` (no bounds allowed). */
  async list(page: {
    syncToken?: string;
    pageToken?: string;
    timeMin?: Date;
    timeMax?: Date;
  }): Promise<CalendarEventsPage> {
    const { data } = await this.retry(() =>
      this.api.events.list(
        {
          calendarId: PRIMARY,
          singleEvents: false,
          maxResults: this.pageSize,
          pageToken: page.pageToken,
          ...(page.syncToken
            ? { syncToken: page.syncToken }
            : {
                showDeleted: false,
                timeMin: page.timeMin?.toISOString(),
                timeMax: page.timeMax?.toISOString(),
              }),
        },
        { retry: false },
      ),
    );
    return {
      items: data.items ?? [],
      timeZone: data.timeZone ?? undefined,
      defaultReminderMinutes:
        data.defaultReminders?.find((reminder) => reminder.method === 'popup')?.minutes ?? undefined,
      nextPageToken: data.nextPageToken ?? undefined,
      nextSyncToken: data.nextSyncToken ?? undefined,
    };
  }

  /** Every occurrence of a series between the bounds (for a series whose rule Relate cannot represent). */
  async instances(eventId: string, timeMin: Date, timeMax: Date): Promise<GoogleCalendarEvent[]> {
    const items: GoogleCalendarEvent[] = [];
    let pageToken: string | undefined;
    do {
      const { data } = await this.retry(() =>
        this.api.events.instances(
          {
            calendarId: PRIMARY,
            eventId,
            timeMin: timeMin.toISOString(),
            timeMax: timeMax.toISOString(),
            maxResults: this.pageSize,
            pageToken,
          },
          { retry: false },
        ),
      );
      items.push(...(data.items ?? []));
      pageToken = data.nextPageToken ?? undefined;
    } while (pageToken);
    return items;
  }

  async get(eventId: string): Promise<GoogleCalendarEvent> {
    const { data } = await this.retry(() =>
      this.api.events.get({ calendarId: PRIMARY, eventId }, { retry: false }),
    );
    return data;
  }

  /** With a client-generated `id`: a repeat of an insert whose answer was lost fails with 409 instead of creating a copy. */
  async insert(event: GoogleCalendarEvent): Promise<GoogleCalendarEvent> {
    const { data } = await this.retry(() =>
      this.api.events.insert(
        { calendarId: PRIMARY, sendUpdates: 'none', requestBody: event },
        { retry: false },
      ),
    );
    return data;
  }

  /** Only the fields sent change (arrays are replaced whole); with `etag`, a stale one fails with 412. */
  async patch(eventId: string, changes: GoogleCalendarEvent, etag?: string): Promise<GoogleCalendarEvent> {
    const { data } = await this.retry(() =>
      this.api.events.patch(
        { calendarId: PRIMARY, eventId, sendUpdates: 'none', requestBody: changes },
        { retry: false, ...(etag && { headers: { 'If-Match': etag } }) },
      ),
    );
    return data;
  }

  /** Deletes the event; one already gone (404, 410) counts as deleted. */
  async delete(eventId: string): Promise<void> {
    try {
      await this.retry(() =>
        this.api.events.delete({ calendarId: PRIMARY, eventId, sendUpdates: 'none' }, { retry: false }),
      );
    } catch (error) {
      const status = toGoogleApiError(error)?.status;
      if (status !== 404 && status !== 410) throw error;
    }
  }
}
