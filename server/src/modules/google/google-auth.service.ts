import { createHash, randomBytes } from 'node:crypto';
import type { ErrorCode, GoogleStatus, User } from '@relate/contracts';
import type { Database } from '../../db/client';
import {
  CALENDAR_SCOPE,
  CONNECT_SCOPES,
  type GoogleClient,
  SIGN_IN_SCOPES,
} from '../../integrations/google/google.client';
import type { TokenCipher } from '../../integrations/google/token-cipher';
import { AppError } from '../../lib/errors';
import { type Clock, toIso } from '../../lib/time';
import type { IssuedTokens, TokenService } from '../auth/tokens.service';
import type { UsersService } from '../users/users.service';
import type { GoogleRepository, OauthStateRow } from './google.repository';
import { STALE_SYNC_RUN_MS } from './sync-runs';

const STATE_TTL_MS = 10 * 60_000;
const CONTACTS_SCOPE = 'https://www.googleapis.com/auth/contacts';

export const googleNotConfigured = () =>
  new AppError(503, 'GOOGLE_NOT_CONFIGURED', 'Google OAuth not configured');
const callbackError = (code: ErrorCode, message: string) => new AppError(400, code, message);

const SIGN_IN_ELSEWHERE =
  'This Google sign-in was started in another browser, so no one was signed in. Start again from the Relate sign-in page.';
const CONNECT_ELSEWHERE =
  'This Google connection was started in another browser or by another Relate account, so nothing was linked ' +
  'and Relate did not get access to your Google account. If you did not start it yourself, someone may have ' +
  'sent you this link to reach your Google data.';

const hashBrowserNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

/** A started authorization: where to send the browser, and the nonce that browser's cookie keeps. */
export interface GoogleStart {
  authorizationUrl: string;
  browserNonce: string;
}

/** Who finishes an authorization: the nonce in the browser's cookie and the signed-in user of the request. */
export interface GoogleCallbackCaller {
  browserNonce?: string;
  userId?: number;
}

export type GoogleCallbackResult =
  | { kind: 'signed_in'; user: User; tokens: IssuedTokens }
  | { kind: 'connected'; user: User };

/**
 * Google sign-in and the Google connection: authorization URLs with PKCE (S256), a one-time server-side
 * state (10 minutes) and a nonce; the callback checks all three before it trusts the ID token. Each state
 * is bound to the browser that started it (a nonce in an HttpOnly cookie, its hash kept with the state)
 * and a connection to the user who started it: a callback opened anywhere else exchanges no code.
 */
export class GoogleAuthService {
  constructor(
    private readonly db: Database,
    private readonly repository: GoogleRepository,
    private readonly client: GoogleClient | undefined,
    private readonly cipher: TokenCipher,
    private readonly users: UsersService,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
  ) {}

  /**
   * At the start of the only process a database can have (the embedded PostgreSQL: DATA_DIR's lock
   * keeps out a second Relate), a sync claim can only be one a process that died left: released at
   * once, where a shared database waits until it goes stale (decision 29).
   */
  releaseClaimsOfEarlierProcess(): Promise<void> {
    return this.repository.releaseAllSyncClaims();
  }

  get configured(): boolean {
    return Boolean(this.client);
  }

  requireClient(): GoogleClient {
    if (!this.client) throw googleNotConfigured();
    return this.client;
  }

  /** Where to send the browser: sign-in (no userId) or connecting the signed-in user's Google account. */
  async start(purpose: 'sign_in' | 'connect', userId?: number): Promise<GoogleStart> {
    const client = this.requireClient();
    const now = this.clock();
    await this.repository.deleteExpiredStates(now);
    const { codeVerifier, codeChallenge } = await client.createPkce();
    const state = randomBytes(24).toString('base64url');
    const nonce = randomBytes(24).toString('base64url');
    const browserNonce = randomBytes(32).toString('base64url');
    await this.repository.insertState({
      state,
      nonce,
      browserNonceHash: hashBrowserNonce(browserNonce),
      purpose,
      userId: userId ?? null,
      codeVerifier,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
    const authorizationUrl = await client.authorizationUrl({
      state,
      nonce,
      codeChallenge,
      scopes: purpose === 'connect' ? CONNECT_SCOPES : SIGN_IN_SCOPES,
      offline: purpose === 'connect',
    });
    return { authorizationUrl, browserNonce };
  }

  async callback(
    query: { code?: string; state?: string; error?: string },
    caller: GoogleCallbackCaller,
  ): Promise<GoogleCallbackResult> {
    const client = this.requireClient();
    if (query.error) throw callbackError('GOOGLE_OAUTH_ERROR', `Google OAuth error: ${query.error}`);
    if (!query.code) throw callbackError('GOOGLE_NO_CODE', 'No authorization code received');
    const state = query.state ? await this.repository.consumeState(query.state) : undefined;
    if (!state || state.expiresAt.getTime() < this.clock().getTime()) {
      throw callbackError(
        'GOOGLE_STATE_INVALID',
        'This Google sign-in has expired or was already used. Please try again.',
      );
    }
    assertStartedBy(state, caller);
    const tokens = await client.exchangeCode(query.code, state.codeVerifier).catch(() => {
      throw callbackError('GOOGLE_AUTH_FAILED', 'Authentication failed');
    });
    const identity = tokens.idToken
      ? await client.verifyIdToken(tokens.idToken).catch(() => undefined)
      : undefined;
    if (!identity || identity.nonce !== state.nonce || !identity.email) {
      throw callbackError('GOOGLE_USERINFO_FAILED', 'Failed to get user information');
    }
    if (!identity.emailVerified) {
      throw callbackError('GOOGLE_EMAIL_NOT_VERIFIED', 'Your Google email address is not verified');
    }

    if (state.purpose === 'connect' && state.userId !== null) {
      const user = await this.users.profile(state.userId);
      if (!tokens.refreshToken) {
        throw callbackError(
          'GOOGLE_NO_OFFLINE_ACCESS',
          'Google did not grant offline access. Please connect again.',
        );
      }
      if (!tokens.scope?.split(' ').includes(CONTACTS_SCOPE)) {
        throw callbackError(
          'GOOGLE_SCOPE_DENIED',
          'Allow Relate to see and edit your Google contacts to connect.',
        );
      }
      await this.repository.saveAccount({
        userId: user.id,
        googleSubject: identity.sub,
        googleEmail: identity.email,
        refreshTokenEncrypted: this.cipher.encrypt(tokens.refreshToken),
        scopes: tokens.scope,
      });
      return { kind: 'connected', user };
    }

    const user = await this.signInUser(identity.sub, identity.email, identity.name);
    return { kind: 'signed_in', user, tokens: await this.tokens.issue(user.id) };
  }

  /**
   * The account of this Google identity (`UsersService.joinGoogle`), else a new one waiting for approval.
   * An account taken over from whoever registered its e-mail loses every session it had.
   */
  private async signInUser(subject: string, email: string, name?: string): Promise<User> {
    const joined = await this.db.transaction(async (tx) => {
      const found = await this.users.joinGoogle(subject, email, tx);
      if (found?.takenOver) await this.tokens.revokeAllOf(found.user.id, tx);
      return found?.user;
    });
    if (joined) return joined;
    return this.users.create({
      email: email.toLowerCase(),
      fullName: name ?? email,
      passwordHash: null,
      googleSubject: subject,
    });
  }

  async status(userId: number): Promise<GoogleStatus> {
    const account = this.client ? await this.repository.account(userId) : undefined;
    return {
      service_configured: this.configured,
      has_google_account: Boolean(account),
      google_email: account?.googleEmail ?? null,
      calendar_access: Boolean(account?.scopes.split(' ').includes(CALENDAR_SCOPE)),
      contacts_synced_at: toIso(account?.contactsSyncedAt),
      calendar_synced_at: toIso(account?.calendarSyncedAt),
      // A run that stopped renewing its claim died with its process; the next run takes over.
      contacts_sync_running: Boolean(
        account?.contactsSyncStartedAt &&
          account.contactsSyncStartedAt.getTime() > this.clock().getTime() - STALE_SYNC_RUN_MS,
      ),
      contacts_last_error: account?.contactsLastError ?? null,
      contacts_pending_review: account ? await this.repository.countReviews(userId) : 0,
      calendar_sync_running: Boolean(
        account?.calendarSyncStartedAt &&
          account.calendarSyncStartedAt.getTime() > this.clock().getTime() - STALE_SYNC_RUN_MS,
      ),
      calendar_last_error: account?.calendarLastError ?? null,
      calendar_pending_review: account ? await this.repository.countCalendarReviews(userId) : 0,
      contact_deletes: account?.contactDeletes ?? null,
    };
  }

  /** Settings → Google: what deleting a linked contact in Relate does at Google from now on. */
  async setContactDeletes(userId: number, mode: 'delete' | 'keep'): Promise<GoogleStatus> {
    if (!(await this.repository.account(userId)))
      throw new AppError(409, 'GOOGLE_NOT_CONNECTED', 'Connect your Google account first');
    await this.repository.updateAccount(userId, { contactDeletes: mode });
    return this.status(userId);
  }

  /**
   * Revokes the token at Google (a dead one counts as revoked) and forgets it with the sync state; one
   * no key reads any more cannot be revoked here, and is forgotten all the same.
   */
  async disconnect(userId: number): Promise<void> {
    const client = this.requireClient();
    const account = await this.repository.account(userId);
    if (!account) return;
    const token = await this.refreshToken(userId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'GOOGLE_RECONNECT_REQUIRED') return undefined;
      throw error;
    });
    if (token !== undefined) await client.revoke(token);
    await this.db.transaction((tx) => this.repository.deleteAccount(userId, tx));
  }

  /** The user's refresh token, for the syncs; one sealed with a previous GOOGLE_TOKEN_KEY is sealed again with the current one. */
  async refreshToken(userId: number, db?: Database): Promise<string> {
    const account = await this.repository.account(userId, db);
    if (!account) throw new AppError(409, 'GOOGLE_NOT_CONNECTED', 'Connect your Google account first');
    let opened: { plain: string; stale: boolean };
    try {
      opened = this.cipher.open(account.refreshTokenEncrypted);
    } catch {
      // Sealed with a key that left GOOGLE_TOKEN_KEY too early (docs/operations.md): only a new consent helps.
      throw new AppError(
        409,
        'GOOGLE_RECONNECT_REQUIRED',
        'Relate can no longer read your Google connection. Connect Google again.',
      );
    }
    const { plain, stale } = opened;
    if (stale)
      await this.repository.updateAccount(userId, { refreshTokenEncrypted: this.cipher.encrypt(plain) }, db);
    return plain;
  }
}

/**
 * The callback must come from the browser that started the authorization (its cookie's nonce), and a
 * connection from the signed-in user who started it: a link sent to someone else signs no one in and
 * links nothing, and says so to whoever opened it.
 */
function assertStartedBy(state: OauthStateRow, caller: GoogleCallbackCaller): void {
  const sameBrowser =
    caller.browserNonce !== undefined && hashBrowserNonce(caller.browserNonce) === state.browserNonceHash;
  if (state.purpose === 'connect') {
    if (!sameBrowser || caller.userId === undefined || caller.userId !== state.userId) {
      throw callbackError('GOOGLE_STARTED_ELSEWHERE', CONNECT_ELSEWHERE);
    }
  } else if (!sameBrowser) throw callbackError('GOOGLE_STARTED_ELSEWHERE', SIGN_IN_ELSEWHERE);
}
