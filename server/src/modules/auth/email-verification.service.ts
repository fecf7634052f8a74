import type { EmailVerificationStatus, User } from '@relate/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { Clock } from '../../lib/time';
import type { UsersService } from '../users/users.service';
import type { CounterStore } from './login-throttle';
import { assertMailRequestAllowed } from './mail-request-limit';
import type { TokenService } from './tokens.service';

const INVALID_LINK = 'This verification link is not valid or has expired. Ask for a new one.';
const LIMITED = 'verification requests';

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
    private readonly requestCounters: CounterStore,
  ) {}

  /** Whether links are mailed at all (SMTP_URL is set). */
  get mails(): boolean {
    return this.mailer !== undefined;
  }

  async status(userId: number): Promise<EmailVerificationStatus> {
    const verified = (await this.users.emailVerificationOf(userId))?.verified ?? true;
    return { verified, can_resend: !verified && this.mailer !== undefined };
  }

  /**
   * A new link for the signed-in user, to their own address (the same limit as a request by e-mail).
   * Earlier links stay valid until they expire: each says only that its holder got mail sent to the
   * address, which a new one does not undo.
   */
  async resend(userId: number, clientIp: string): Promise<string> {
    const account = await this.users.emailVerificationOf(userId);
    if (!account || account.verified) return 'Your e-mail address is already verified.';
    this.assertMailer();
    await assertMailRequestAllowed(this.requestCounters, 'verify', account.email, clientIp, LIMITED);
    await this.sendLink(account);
    return `We have sent a new verification link to ${account.email}. It is valid for 7 days.`;
  }

  /**
   * A new link to an address, for someone not signed in (the link was refused on another device).
   * The caller answers alike whatever the address: only an unverified account gets mail, after the
   * answer, and every request counts towards the limit.
   */
  async resendByEmail(email: string, clientIp: string): Promise<void> {
    this.assertMailer();
    await assertMailRequestAllowed(this.requestCounters, 'verify', email, clientIp, LIMITED);
    const account = await this.users.emailVerificationByEmail(email);
    if (account && !account.verified) await this.sendLink(account);
  }

  private assertMailer() {
    if (!this.mailer)
      throw new AppError(
        409,
        'MAIL_NOT_CONFIGURED',
        'This server sends no e-mail (SMTP_URL is not set), so it cannot send a verification link.',
      );
  }

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
