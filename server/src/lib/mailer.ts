import type { FastifyBaseLogger } from 'fastify';
import { lazy } from './lazy';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Whether mails really go out (SMTP_URL is set). */
  readonly configured: boolean;
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Sends through the SMTP server of `SMTP_URL` (nodemailer, loaded at the first mail); without one, mails
 * are dropped with a warning.
 */
export function createMailer(
  smtpUrl: string | undefined,
  from: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Mailer {
  if (!smtpUrl) {
    return {
      configured: false,
      async send(mail) {
        log.warn({ subject: mail.subject }, 'SMTP_URL is not set: an e-mail was not sent');
      },
    };
  }
  const transport = lazy(async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport(smtpUrl);
  });
  return {
    configured: true,
    async send(mail) {
      await (await transport()).sendMail({ from, ...mail });
    },
  };
}
