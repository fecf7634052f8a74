import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/client';
import type { AccessClaims } from '../../lib/auth-user';
import { unauthorized } from '../../lib/errors';
import type { Clock } from '../../lib/time';
import type { RefreshTokensRepository } from './refresh-tokens.repository';

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A parallel refresh with a just-used token (several tabs at once) is answered, not taken as theft. */
const REUSE_GRACE_MS = 10_000;
const EMAIL_VERIFICATION_TTL_SECONDS = 7 * 86_400;
/** How long this process trusts that a session is still open before asking the database again. */
const SESSION_CHECK_TTL_MS = 5_000;

/** Told, inside the transaction that ends them, that sessions of a user ended (logout, rejection, password change). */
export type SessionsEndedListener = (userId: number, db: Database) => Promise<void>;

/**
 * Access tokens are short-lived JWTs naming their session; refresh tokens are random, stored hashed,
 * rotated on every use, and presenting one that was already used (after a 10 s grace for parallel
 * tabs) revokes its whole family (OWASP ASVS 3.5). A session that was ended refuses its access tokens
 * within seconds, not at their expiry.
 */
export class TokenService {
  /** The first signs; every one verifies (JWT_SECRET's list: a rotated-out key verifies until its tokens expire). */
  private readonly keys: Uint8Array[];
  private readonly sessionChecks = new Map<string, { userId: number; open: boolean; checkedAt: number }>();
  /**
   * Access tokens whose signature this process checked, with their claims and expiry: every request
   * carries the same token for its lifetime, and checking its HMAC again cost about 7 % of a list
   * request's time in the server. Expiry is still checked on every use; the session check follows.
   */
  private readonly verifiedTokens = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  private readonly endedListeners: SessionsEndedListener[] = [];

  constructor(
    secrets: readonly string[],
    private readonly db: Database,
    private readonly repository: RefreshTokensRepository,
    private readonly clock: Clock,
    private readonly accessTtlSeconds: number,
    private readonly refreshTtlDays: number,
  ) {
    if (secrets.length === 0) throw new Error('TokenService needs at least one key');
    this.keys = secrets.map((secret) => new TextEncoder().encode(secret));
  }

  private get signingKey(): Uint8Array {
    return this.keys[0] as Uint8Array;
  }

  /** jwtVerify with each key in turn: a signature made with another key is tried with the next one. */
  private async verifyWithAnyKey(token: string) {
    for (const [index, key] of this.keys.entries()) {
      try {
        return await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: this.clock() });
      } catch (error) {
        const otherKey = error instanceof joseErrors.JWSSignatureVerificationFailed;
        if (!otherKey || index === this.keys.length - 1) throw error;
      }
    }
    throw new Error('unreachable');
  }

  async issue(
    userId: number,
    familyId: string = randomUUID(),
    db: Database = this.db,
  ): Promise<IssuedTokens> {
    const now = this.clock();
    const refreshToken = randomBytes(32).toString('base64url');
    await this.repository.insert(
      {
        userId,
        familyId,
        tokenHash: hashToken(refreshToken),
        expiresAt: new Date(now.getTime() + this.refreshTtlDays * 86_400_000),
      },
      db,
    );
    const issuedAt = Math.floor(now.getTime() / 1000);
    const accessToken = await new SignJWT({ typ: 'access', sid: familyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.accessTtlSeconds)
      .sign(this.signingKey);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: this.accessTtlSeconds,
    };
  }

  /** The user and session of a valid access token; 401 with 'expired' in the text when it has expired. */
  async verifyAccessToken(token: string): Promise<AccessClaims> {
    const verified = this.verifiedTokens.get(token);
    const claims =
      verified && this.clock().getTime() < verified.expiresAtMs
        ? verified.claims
        : await this.verifySignature(token);
    if (!(await this.isSessionOpen(claims))) throw unauthorized('Your session has ended', 'SESSION_ENDED');
    return claims;
  }

  /** The claims of a correctly signed, unexpired access token (remembered for its lifetime). */
  private async verifySignature(token: string): Promise<AccessClaims> {
    this.verifiedTokens.delete(token);
    let claims: AccessClaims;
    try {
      const { payload } = await this.verifyWithAnyKey(token);
      const userId = Number(payload.sub);
      if (payload.typ !== 'access' || !Number.isInteger(userId)) throw unauthorized('Invalid access token');
      // Tokens from before sessions were named: have the client refresh into a named session.
      if (typeof payload.sid !== 'string') throw new joseErrors.JWTExpired('no session', payload);
      claims = { userId, sessionId: payload.sid };
      if (this.verifiedTokens.size >= 10_000) this.verifiedTokens.clear();
      // jose refuses a token once the clock reaches `exp` (whole seconds): the same rule, in milliseconds.
      if (typeof payload.exp === 'number')
        this.verifiedTokens.set(token, { claims, expiresAtMs: payload.exp * 1000 });
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired || this.expiredUnderRetiredKey(token, error))
        throw unauthorized('Access token expired', 'TOKEN_EXPIRED');
      throw unauthorized('Invalid access token');
    }
    return claims;
  }

  /**
   * A token whose signature no key checks but whose `exp` has passed: most likely one the key that left
   * JWT_SECRET signed before it did. "Expired" has its client refresh (with its refresh token, which no
   * key signs) rather than sign out; it grants nothing either way.
   */
  private expiredUnderRetiredKey(token: string, error: unknown): boolean {
    if (!(error instanceof joseErrors.JWSSignatureVerificationFailed)) return false;
    try {
      const { exp } = decodeJwt(token);
      return typeof exp === 'number' && exp * 1000 <= this.clock().getTime();
    } catch {
      return false;
    }
  }

  onSessionsEnded(listener: SessionsEndedListener): void {
    this.endedListeners.push(listener);
  }

  private async sessionsEnded(userId: number, db: Database): Promise<void> {
    for (const listener of this.endedListeners) await listener(userId, db);
  }

  /** Whether the session is still open; `fresh` asks the database instead of the few-seconds cache. */
  async isSessionOpen({ userId, sessionId }: AccessClaims, fresh = false): Promise<boolean> {
    const now = Date.now();
    const cached = this.sessionChecks.get(sessionId);
    if (!fresh && cached && now - cached.checkedAt < SESSION_CHECK_TTL_MS) return cached.open;
    const open = await this.repository.isFamilyOpen(sessionId, this.clock());
    if (this.sessionChecks.size > 50_000) this.sessionChecks.clear();
    this.sessionChecks.set(sessionId, { userId, open, checkedAt: now });
    return open;
  }

  /** Forgets what this process remembers of the user's sessions (another process ended some). */
  forgetSessionsOf(userId: number): void {
    for (const [sessionId, check] of this.sessionChecks)
      if (check.userId === userId) this.sessionChecks.delete(sessionId);
  }

  /** Exchanges a refresh token for a new pair in the same family. */
  async rotate(
    refreshToken: string,
    isActiveUser: (userId: number) => Promise<boolean>,
  ): Promise<IssuedTokens> {
    const now = this.clock();
    const tokenHash = hashToken(refreshToken);
    const found = await this.repository.findByHash(tokenHash);
    if (!found || !(await isActiveUser(found.userId))) {
      throw unauthorized('Invalid or expired refresh token', 'INVALID_REFRESH_TOKEN');
    }
    const outcome = await this.db.transaction(async (tx) => {
      const row = await this.repository.findByHashForUpdate(tokenHash, tx);
      if (!row) return { kind: 'invalid' } as const;
      if (row.expiresAt <= now) return { kind: 'invalid' } as const;
      if (row.usedAt && !row.revokedAt && now.getTime() - row.usedAt.getTime() <= REUSE_GRACE_MS) {
        // Another tab refreshed with the same token a moment ago: give this one its own pair in the session.
        return { kind: 'ok', tokens: await this.issue(row.userId, row.familyId, tx) } as const;
      }
      if (row.usedAt || row.revokedAt) {
        await this.repository.revokeFamily(row.familyId, now, tx);
        await this.sessionsEnded(row.userId, tx);
        return { kind: 'reused' } as const;
      }
      await this.repository.markUsed(row.id, now, tx);
      return { kind: 'ok', tokens: await this.issue(row.userId, row.familyId, tx) } as const;
    });
    if (outcome.kind === 'reused') {
      this.sessionChecks.delete(found.familyId);
      throw unauthorized('Refresh token was already used; please sign in again', 'REFRESH_TOKEN_REUSED');
    }
    if (outcome.kind === 'invalid')
      throw unauthorized('Invalid or expired refresh token', 'INVALID_REFRESH_TOKEN');
    return outcome.tokens;
  }

  /** Logout: ends the session the refresh token belongs to, or the caller's own session. */
  async revoke(refreshToken: string | undefined, claims: AccessClaims): Promise<void> {
    const row = refreshToken ? await this.repository.findByHash(hashToken(refreshToken)) : undefined;
    const familyId = row && row.userId === claims.userId ? row.familyId : claims.sessionId;
    await this.db.transaction(async (tx) => {
      await this.repository.revokeFamily(familyId, this.clock(), tx);
      if (familyId !== claims.sessionId)
        await this.repository.revokeFamily(claims.sessionId, this.clock(), tx);
      await this.sessionsEnded(claims.userId, tx);
    });
    this.sessionChecks.delete(familyId);
    this.sessionChecks.delete(claims.sessionId);
  }

  /** A signed link token (7 days) saying that its holder received the mail sent to `email` for account `userId`. */
  emailVerificationToken(userId: number, email: string): Promise<string> {
    const issuedAt = Math.floor(this.clock().getTime() / 1000);
    return new SignJWT({ typ: 'verify_email', email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + EMAIL_VERIFICATION_TTL_SECONDS)
      .sign(this.signingKey);
  }

  /** The account and e-mail of a valid, unexpired e-mail verification token; undefined otherwise. */
  async readEmailVerificationToken(token: string): Promise<{ userId: number; email: string } | undefined> {
    try {
      const { payload } = await this.verifyWithAnyKey(token);
      const userId = Number(payload.sub);
      if (payload.typ !== 'verify_email' || typeof payload.email !== 'string' || !Number.isInteger(userId))
        return undefined;
      return { userId, email: payload.email };
    } catch {
      return undefined;
    }
  }

  /** Ends every session of a user (rejection, password change), except `keep` when given. */
  async revokeAllOf(userId: number, db: Database = this.db, keep?: string): Promise<void> {
    const ended = await this.repository.revokeUser(userId, this.clock(), keep, db);
    for (const familyId of ended) this.sessionChecks.delete(familyId);
    await this.sessionsEnded(userId, db);
  }
}
