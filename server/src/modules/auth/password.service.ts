import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { ChangePasswordBody, ResetPasswordBody } from '@relate/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { AccessClaims } from '../../lib/auth-user';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { Clock } from '../../lib/time';
import type { UsersService } from '../users/users.service';
import type { CounterStore, LoginThrottle } from './login-throttle';
import { assertMailRequestAllowed } from './mail-request-limit';
import type { PasswordResetsRepository } from './password-resets.repository';
import type { TokenService } from './tokens.service';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Changing a password when signed in, and resetting a forgotten one through a one-time e-mailed link. */
export class PasswordService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly tokens: TokenService,
    private readonly resets: PasswordResetsRepository,
    private readonly loginThrottle: LoginThrottle,
    private readonly requestCounters: CounterStore,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Wrong current passwords count as failed sign-ins, so a stolen session cannot guess it. */
  async change(session: AccessClaims, email: string, body: ChangePasswordBody, clientIp: string) {
    await this.loginThrottle.attempt(clientIp, email);
    const currentHash = await this.users.passwordHashOf(session.userId);
    const valid = currentHash ? await verify(currentHash, body.current_password).catch(() => false) : false;
    if (!valid) {
      const message = 'Current password is incorrect';
      throw new AppError(400, 'WRONG_PASSWORD', message, [{ field: 'current_password', message }]);
    }
    await this.loginThrottle.succeeded(clientIp, email);
    const newHash = await hash(body.new_password);
    await this.db.transaction(async (tx) => {
      await this.users.setPasswordHash(session.userId, newHash, tx);
      await this.tokens.revokeAllOf(session.userId, tx, session.sessionId);
    });
  }

  /**
   * Answers alike whether or not the e-mail has an account: the mail goes out after the answer, and
   * the limits count every request.
   */
  async requestReset(email: string, clientIp: string): Promise<void> {
    await assertMailRequestAllowed(this.requestCounters, 'reset', email, clientIp, 'reset requests');
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.resets.insert({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(this.clock().getTime() + RESET_TOKEN_TTL_MS),
    });
    const link = new URL(`/reset-password?token=${token}`, this.publicUrl).toString();
    this.mailer
      .send({
        to: user.email,
        subject: 'Reset your Relate password',
        text: [
          `Hello${user.fullName ? ` ${user.fullName}` : ''},`,
          '',
          'Someone asked to reset the password of your Relate account. To choose a new one, open this link within 30 minutes:',
          '',
          link,
          '',
          'If it was not you, ignore this e-mail: your password stays as it is.',
        ].join('\n'),
      })
      .catch((error) => this.log.error({ err: error }, 'Could not send a password-reset e-mail'));
  }

  /** Sets the new password, uses up the link and ends every session of the account. */
  async reset(body: ResetPasswordBody): Promise<void> {
    const newHash = await hash(body.new_password);
    const now = this.clock();
    const done = await this.db.transaction(async (tx) => {
      const userId = await this.resets.consume(hashToken(body.token), now, tx);
      if (userId === undefined) return false;
      await this.resets.consumeAllOf(userId, now, tx);
      await this.users.setPasswordHash(userId, newHash, tx);
      await this.tokens.revokeAllOf(userId, tx);
      return true;
    });
    if (!done) {
      const message = 'This reset link has expired or was already used. Ask for a new one.';
      throw new AppError(400, 'INVALID_RESET_TOKEN', message, [{ field: 'token', message }]);
    }
  }
}
