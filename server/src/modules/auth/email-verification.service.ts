import type { User } from '@relate/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { Clock } from '../../lib/time';
import type { UsersService } from '../users/users.service';
import type { TokenService } from './tokens.service';

const INVALID_LINK = 'This verification link is not valid or has expired. Sign in and ask for a new one.';

/**
 * Verifying the e-mail of a new account through a link mailed at sign-up (when SMTP_URL is set). Only
 * a verified account lets a Google sign-in with the same e-mail join it; an unverified one is taken over
 * by the Google owner (`UsersService.joinGoogle`).
 */
export class EmailVerificationService {
  constructor(
    private readonly users: UsersService,
    private readonly tokens: TokenService,
    /** Undefined without SMTP_URL: no link is sent. */
    private readonly mailer: Mailer | undefined,
    private readonly publicUrl: string,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Mails the link after the answer; a failure to send is logged. */
  async sendLink(user: Pick<User, 'id' | 'email' | 'full_name'>): Promise<void> {
    if (!this.mailer) return;
    const token = await this.tokens.emailVerificationToken(user.id, user.email);
    const link = new URL(`/verify-email?token=${token}`, this.publicUrl).toString();
    this.mailer
      .send({
        to: user.email,
        subject: 'Verify your Relate e-mail address',
        text: [
          `Hello${user.full_name ? ` ${user.full_name}` : ''},`,
          '',
          'To confirm that this address is yours, open this link within 7 days:',
          '',
          link,
          '',
          'If you did not create a Relate account, ignore this e-mail.',
        ].join('\n'),
      })
      .catch((error) => this.log.error({ err: error }, 'Could not send an e-mail verification link'));
  }

  async verify(token: string): Promise<void> {
    const claims = await this.tokens.readEmailVerificationToken(token);
    const verified =
      claims && (await this.users.markEmailVerified(claims.userId, claims.email, this.clock()));
    if (!verified) {
      throw new AppError(400, 'INVALID_VERIFICATION_TOKEN', INVALID_LINK, [
        { field: 'token', message: INVALID_LINK },
      ]);
    }
  }
}
