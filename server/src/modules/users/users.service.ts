import type { AccountHistoryEntry, User } from '@relate/contracts';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { toAuthUser, toMessagingAccount, toUserDto } from './users.mappers';
import type { UserRow, UserStatus, UsersRepository } from './users.repository';
import type { MessagingAccount } from './users.types';

export type MessagingFields = Partial<
  Pick<
    UserRow,
    | 'telegramId'
    | 'telegramName'
    | 'whatsappPhoneNumber'
    | 'whatsappLastInboundAt'
    | 'preferredMessagingPlatform'
    | 'timezone'
  >
>;

export interface NewAccount {
  email: string;
  fullName: string;
  passwordHash: string | null;
  /** Set for an account created by signing in with Google. */
  googleSubject?: string;
}

/** Runs inside the transaction that creates an account: how other modules react to a new user. */
export type UserCreatedListener = (user: AuthUser, tx: Database) => Promise<void>;

/** Runs inside the transaction that changes an account's status (e.g. ending a rejected user's sessions). */
export type UserStatusListener = (user: AuthUser, tx: Database) => Promise<void>;

/** Runs inside the transaction that deletes an account, before the rows go (e.g. to stop its billing). */
export type UserDeletingListener = (user: AuthUser, tx: Database) => Promise<void>;

/**
 * How long a signed-in request may go on an account read by an earlier one (like the session check's
 * few seconds): a change this process makes is seen at once, one made by another process within this.
 */
export const ACCOUNT_CHECK_TTL_MS = 5_000;

export class UsersService {
  private readonly createdListeners: UserCreatedListener[] = [];
  /** Accounts read by signed-in requests, and when (`forRequest`). */
  private readonly recentAccounts = new Map<number, { user: AuthUser | undefined; readAt: number }>();
  private readonly statusListeners: UserStatusListener[] = [];
  private readonly deletingListeners: UserDeletingListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly repository: UsersRepository,
    private readonly adminEmails: readonly string[],
    private readonly now: () => number = Date.now,
  ) {}

  get(id: number, db?: Database): Promise<AuthUser | undefined> {
    return this.repository.findAuthUser(id, db);
  }

  /**
   * The account of a signed-in request: every request needs it, and reading it each time cost a
   * round trip per request. Read again after ACCOUNT_CHECK_TTL_MS, or at once after this process
   * changed it.
   */
  async forRequest(id: number): Promise<AuthUser | undefined> {
    const now = this.now();
    const recent = this.recentAccounts.get(id);
    if (recent && now - recent.readAt < ACCOUNT_CHECK_TTL_MS) return recent.user;
    const user = await this.repository.findAuthUser(id);
    if (this.recentAccounts.size >= 50_000) this.recentAccounts.clear();
    this.recentAccounts.set(id, { user, readAt: now });
    return user;
  }

  /**
   * Called on every change to an account, and again after the transaction that made it; and when
   * another process announces a change (its sessions_ended signal).
   */
  forget(id: number): void {
    this.recentAccounts.delete(id);
  }

  /** Only the plans module calls this: it keeps the audit trail of every plan change. */
  async setPlan(id: number, plan: AuthUser['plan'], db?: Database): Promise<AuthUser> {
    const row = await this.repository.update(id, { plan }, db);
    this.forget(id);
    if (!row) throw notFound('User');
    return toAuthUser(row);
  }

  async profile(id: number): Promise<User> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('User');
    return toUserDto(row);
  }

  /** The account and its password hash, for signing in only. */
  async findForSignIn(email: string): Promise<{ user: User; passwordHash: string | null } | undefined> {
    const row = await this.repository.findByEmail(email);
    return row && { user: toUserDto(row), passwordHash: row.passwordHash };
  }

  /** The password hash of an account, for checking its current password only. */
  async passwordHashOf(id: number): Promise<string | null | undefined> {
    return (await this.repository.findById(id))?.passwordHash;
  }

  async setPasswordHash(id: number, passwordHash: string, db?: Database): Promise<void> {
    const updated = await this.repository.update(id, { passwordHash }, db);
    this.forget(id);
    if (!updated) throw notFound('User');
  }

  /**
   * The account a Google identity (with a Google-verified e-mail) signs in to: by Google subject, else by
   * that e-mail, which then remembers the subject. A password account whose e-mail was never verified by
   * a link may have been registered by someone else before its owner came: the Google owner takes it over
   * (the password goes; the caller ends its sessions) and its history says so. Inside the caller's transaction.
   */
  async joinGoogle(
    subject: string,
    email: string,
    tx: Database,
  ): Promise<{ user: User; takenOver: boolean } | undefined> {
    const bySubject = await this.repository.findByGoogleSubject(subject, tx);
    if (bySubject) return { user: toUserDto(bySubject), takenOver: false };
    const byEmail = await this.repository.findByEmail(email, tx);
    if (!byEmail) return undefined;
    if (byEmail.googleSubject) return { user: toUserDto(byEmail), takenOver: false };
    const takenOver = byEmail.passwordHash !== null && byEmail.emailVerifiedAt === null;
    const row = await this.repository.update(
      byEmail.id,
      takenOver ? { googleSubject: subject, passwordHash: null } : { googleSubject: subject },
      tx,
    );
    this.forget(byEmail.id);
    if (takenOver) {
      await this.repository.addHistory(
        {
          userId: byEmail.id,
          kind: 'google_takeover',
          message:
            `The owner of the Google account ${email} signed in, and this account's e-mail was never verified ` +
            'by a link: they took the account over. Its password was removed and every session ended.',
        },
        tx,
      );
    }
    return { user: toUserDto(row!), takenOver };
  }

  /**
   * Whether an account's e-mail still needs the link: a password account never verified by one. An
   * account without a password signs in with Google only, which verified the address.
   */
  async emailVerificationOf(
    id: number,
  ): Promise<{ id: number; email: string; full_name: string | null; verified: boolean } | undefined> {
    const row = await this.repository.findById(id);
    return row && this.verificationOf(row);
  }

  async emailVerificationByEmail(email: string) {
    const row = await this.repository.findByEmail(email);
    return row && this.verificationOf(row);
  }

  private verificationOf(row: UserRow) {
    return {
      id: row.id,
      email: row.email,
      full_name: row.fullName,
      verified: row.emailVerifiedAt !== null || row.passwordHash === null,
    };
  }

  /** Marks the account's e-mail verified (its owner opened the link sent to it); false when the account or e-mail changed. */
  async markEmailVerified(id: number, email: string, at: Date): Promise<boolean> {
    const row = await this.repository.findById(id);
    if (!row || row.email.toLowerCase() !== email.toLowerCase()) return false;
    if (!row.emailVerifiedAt) await this.repository.update(id, { emailVerifiedAt: at });
    return true;
  }

  async history(id: number): Promise<AccountHistoryEntry[]> {
    if (!(await this.repository.findById(id))) throw notFound('User');
    return (await this.repository.history(id)).map((row) => ({
      kind: row.kind,
      message: row.message,
      created_at: row.createdAt.toISOString(),
    }));
  }

  async findByEmail(email: string): Promise<AuthUser | undefined> {
    const row = await this.repository.findByEmail(email);
    return row && toAuthUser(row);
  }

  async findByEmails(emails: string[], db?: Database): Promise<AuthUser[]> {
    return (await this.repository.findByEmails(emails, db)).map(toAuthUser);
  }

  async findByIds(ids: number[], db?: Database): Promise<AuthUser[]> {
    return (await this.repository.findByIds(ids, db)).map(toAuthUser);
  }

  async messagingAccounts(ids: number[], db?: Database): Promise<MessagingAccount[]> {
    return (await this.repository.findByIds(ids, db)).map(toMessagingAccount);
  }

  async findByTelegramId(telegramId: string, db?: Database): Promise<MessagingAccount[]> {
    return (await this.repository.findByTelegramId(telegramId, db)).map(toMessagingAccount);
  }

  async findByWhatsappPhone(phone: string, db?: Database): Promise<MessagingAccount[]> {
    return (await this.repository.findByWhatsappPhone(phone, db)).map(toMessagingAccount);
  }

  /** Links, unlinks or words the user's messaging accounts (the bots module owns these rules). */
  async updateMessaging(id: number, values: MessagingFields, db?: Database): Promise<MessagingAccount> {
    const row = await this.repository.update(id, values, db);
    if (!row) throw notFound('User');
    return toMessagingAccount(row);
  }

  async listMessagingLinked(db?: Database): Promise<MessagingAccount[]> {
    return (await this.repository.listMessagingLinked(db)).map(toMessagingAccount);
  }

  clearAllTelegram(db?: Database): Promise<number> {
    return this.repository.clearAllTelegram(db);
  }

  onCreated(listener: UserCreatedListener): void {
    this.createdListeners.push(listener);
  }

  onStatusChanged(listener: UserStatusListener): void {
    this.statusListeners.push(listener);
  }

  onDeleting(listener: UserDeletingListener): void {
    this.deletingListeners.push(listener);
  }

  /**
   * Creates an account. The very first account of an installation and any e-mail in ADMIN_EMAILS
   * become approved administrators; everyone else waits for approval.
   */
  async create(account: NewAccount): Promise<User> {
    try {
      return await this.db.transaction(async (tx) => {
        await this.repository.lockRegistrations(tx);
        if (await this.repository.findByEmail(account.email, tx)) throw this.emailTaken();
        const isFirst = (await this.repository.count(tx)) === 0;
        const isAdmin = isFirst || this.adminEmails.includes(account.email.toLowerCase());
        const row = await this.repository.insert(
          {
            email: account.email,
            fullName: account.fullName,
            passwordHash: account.passwordHash,
            googleSubject: account.googleSubject,
            status: isAdmin ? 'approved' : 'pending',
            role: isAdmin ? 'admin' : 'user',
          },
          tx,
        );
        for (const listener of this.createdListeners) await listener(toAuthUser(row), tx);
        return toUserDto(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.emailTaken();
      throw error;
    }
  }

  /** Whether the installation has an account yet: the first one becomes its administrator. */
  async anyAccount(): Promise<boolean> {
    return (await this.repository.count()) > 0;
  }

  /** The approved administrators, who decide on accounts waiting for approval. */
  approvedAdminIds(db?: Database): Promise<number[]> {
    return this.repository.approvedAdminIds(db);
  }

  async list(status?: UserStatus): Promise<User[]> {
    return (await this.repository.list({ status })).map(toUserDto);
  }

  /**
   * Approves, rejects or withdraws approval. Taking away the approval of the last approved
   * administrator is refused: nobody could approve anyone again.
   */
  async setStatus(id: number, status: UserStatus): Promise<User> {
    const user = await this.db.transaction(async (tx) => {
      const target = await this.repository.findById(id, tx);
      if (!target) throw notFound('User');
      const losesAdminApproval =
        target.role === 'admin' && target.status === 'approved' && status !== 'approved';
      if (losesAdminApproval) {
        await this.repository.lockAdminChanges(tx);
        if ((await this.repository.countApprovedAdmins(tx)) <= 1) {
          throw new AppError(409, 'LAST_ADMIN', 'The last administrator cannot reject themself');
        }
      }
      const row = await this.repository.update(id, { status }, tx);
      this.forget(id);
      if (!row) throw notFound('User');
      if (row.status !== target.status)
        for (const listener of this.statusListeners) await listener(toAuthUser(row), tx);
      return toUserDto(row);
    });
    this.forget(id);
    return user;
  }

  /** Deletes the account and everything it owns (foreign keys cascade) in one transaction. */
  async delete(id: number, actorId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await this.repository.findById(id, tx);
      if (!target) throw notFound('User');
      if (target.id === actorId && target.role === 'admin' && (await this.repository.countAdmins(tx)) <= 1) {
        throw new AppError(409, 'LAST_ADMIN', 'The last administrator cannot delete themself');
      }
      for (const listener of this.deletingListeners) await listener(toAuthUser(target), tx);
      await this.repository.delete(id, tx);
      this.forget(id);
    });
    this.forget(id);
  }

  private emailTaken() {
    return conflict('An account with this email already exists', 'EMAIL_TAKEN');
  }
}
