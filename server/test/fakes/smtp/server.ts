import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface FakeSmtp {
  /** `smtp://127.0.0.1:<port>` for `SMTP_URL`. */
  url: string;
  mails: ReceivedMail[];
  /** The mails to `address` so far, oldest first. */
  mailsTo(address: string): ReceivedMail[];
  /** Resolves with the next mail to `address` (with this subject, when given) not yet returned, waiting for it if needed. */
  nextMailTo(address: string, subject?: string, timeoutMs?: number): Promise<ReceivedMail>;
  onMail(listener: (mail: ReceivedMail) => void): void;
  close(): Promise<void>;
}

/** A local SMTP server that accepts every mail without authentication and keeps it in memory. */
export async function startFakeSmtp(options: { port?: number } = {}): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = [];
  const listeners: ((mail: ReceivedMail) => void)[] = [];
  const handedOut = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    async onData(stream, session, callback) {
      try {
        const parsed = await simpleParser(stream);
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        };
        mails.push(mail);
        for (const listener of listeners) listener(mail);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (address: string) => mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    nextMailTo(address, subject, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        let settled = false;
        const take = () => {
          if (settled) return true;
          const mail = mailsTo(address).find(
            (candidate) =>
              !handedOut.has(candidate) && (subject === undefined || candidate.subject === subject),
          );
          if (!mail) return false;
          settled = true;
          handedOut.add(mail);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const timer = setTimeout(
          () => reject(new Error(`No mail to ${address} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        if (!take()) listeners.push(() => void take());
      });
    },
    onMail(listener) {
      listeners.push(listener);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const RESET_SUBJECT = 'Reset your Relate password';
export const VERIFICATION_SUBJECT = 'Verify your Relate e-mail address';

/** The link of an e-mail verification mail. */
export function verificationLinkIn(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/verify-email\?token=[\w.-]+/)?.[0];
  if (!link) throw new Error(`No verification link in mail "${mail.subject}"`);
  return link;
}

/** The reset link in a password-reset mail. */
export function resetLinkIn(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`No reset link in mail "${mail.subject}"`);
  return link;
}
