import type { Database } from '../../db/client';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import type { UserRow, UserStatus, UsersRepository } from './users.repository';

export interface NewAccount {
  email: string;
  fullName: string;
  passwordHash: string | null;
}

/** Runs inside the transaction that creates an account: how other modules react to a new user. */
export type UserCreatedListener = (user: UserRow, tx: Database) => Promise<void>;

export class UsersService {
  private readonly createdListeners: UserCreatedListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly repository: UsersRepository,
    private readonly adminEmails: readonly string[],
  ) {}

  get(id: number): Promise<UserRow | undefined> {
    return this.repository.findById(id);
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.repository.findByEmail(email);
  }

  findByEmails(emails: string[], db?: Database): Promise<UserRow[]> {
    return this.repository.findByEmails(emails, db);
  }

  findByIds(ids: number[], db?: Database): Promise<UserRow[]> {
    return this.repository.findByIds(ids, db);
  }

  onCreated(listener: UserCreatedListener): void {
    this.createdListeners.push(listener);
  }

  /**
   * Creates an account. The very first account of an installation and any e-mail in ADMIN_EMAILS
   * become approved administrators; everyone else waits for approval.
   */
  async create(account: NewAccount): Promise<UserRow> {
    try {
      return await this.db.transaction(async (tx) => {
        await this.repository.lockRegistrations(tx);
        if (await this.repository.findByEmail(account.email, tx)) throw this.emailTaken();
        const isFirst = (await this.repository.count(tx)) === 0;
        const isAdmin = isFirst || this.adminEmails.includes(account.email.toLowerCase());
        const user = await this.repository.insert(
          {
            email: account.email,
            fullName: account.fullName,
            passwordHash: account.passwordHash,
            status: isAdmin ? 'approved' : 'pending',
            role: isAdmin ? 'admin' : 'user',
          },
          tx,
        );
        for (const listener of this.createdListeners) await listener(user, tx);
        return user;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.emailTaken();
      throw error;
    }
  }

  list(status?: UserStatus): Promise<UserRow[]> {
    return this.repository.list({ status });
  }

  async setStatus(id: number, status: UserStatus): Promise<UserRow> {
    const row = await this.repository.update(id, { status });
    if (!row) throw notFound('User');
    return row;
  }

  /** Deletes the account and everything it owns (foreign keys cascade) in one transaction. */
  async delete(id: number, actorId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await this.repository.findById(id, tx);
      if (!target) throw notFound('User');
      if (target.id === actorId && target.role === 'admin' && (await this.repository.countAdmins(tx)) <= 1) {
        throw new AppError(409, 'LAST_ADMIN', 'The last administrator cannot delete themself');
      }
      await this.repository.delete(id, tx);
    });
  }

  private emailTaken() {
    return conflict('An account with this email already exists', 'EMAIL_TAKEN');
  }
}
