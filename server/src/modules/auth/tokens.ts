import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/client';
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

/**
 * Access tokens are short-lived JWTs; refresh tokens are random, stored hashed, rotated on every use,
 * and presenting one that was already used revokes its whole family (OWASP ASVS 3.5).
 */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly db: Database,
    private readonly repository: RefreshTokensRepository,
    private readonly clock: Clock,
    private readonly accessTtlSeconds: number,
    private readonly refreshTtlDays: number,
  ) {
    this.key = new TextEncoder().encode(secret);
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
    const accessToken = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.accessTtlSeconds)
      .sign(this.key);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: this.accessTtlSeconds,
    };
  }

  /** The user id in a valid access token; 401 with 'expired' in the text when it has expired. */
  async verifyAccessToken(token: string): Promise<number> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.clock(),
      });
      const userId = Number(payload.sub);
      if (payload.typ !== 'access' || !Number.isInteger(userId)) throw unauthorized('Invalid access token');
      return userId;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('Access token expired', 'TOKEN_EXPIRED');
      throw unauthorized('Invalid access token');
    }
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
      if (row.usedAt || row.revokedAt) {
        await this.repository.revokeFamily(row.familyId, now, tx);
        return { kind: 'reused' } as const;
      }
      if (row.expiresAt <= now) return { kind: 'invalid' } as const;
      await this.repository.markUsed(row.id, now, tx);
      return { kind: 'ok', tokens: await this.issue(row.userId, row.familyId, tx) } as const;
    });
    if (outcome.kind === 'reused') {
      throw unauthorized('Refresh token was already used; please sign in again', 'REFRESH_TOKEN_REUSED');
    }
    if (outcome.kind === 'invalid')
      throw unauthorized('Invalid or expired refresh token', 'INVALID_REFRESH_TOKEN');
    return outcome.tokens;
  }

  /** Logout: ends the session the refresh token belongs to. Unknown tokens are ignored. */
  async revoke(refreshToken: string, userId: number): Promise<void> {
    const row = await this.repository.findByHash(hashToken(refreshToken));
    if (row && row.userId === userId) await this.repository.revokeFamily(row.familyId, this.clock());
  }
}
