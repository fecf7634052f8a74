import type { Database } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';

/** An account that waits for approval is announced to every administrator who can approve it. */
export async function announcePendingAccount(
  users: UsersService,
  notifications: NotificationsService,
  account: AuthUser,
  tx: Database,
): Promise<void> {
  if (account.status !== 'pending') return;
  const who = account.fullName ? `${account.fullName} (${account.email})` : account.email;
  const admins = await users.approvedAdminIds(tx);
  await notifications.notifyMany(
    admins.map((userId) => ({
      userId,
      type: 'other' as const,
      text: `${who} signed up and is waiting for your approval`,
      subject: { type: 'user' as const, id: account.id },
    })),
    tx,
  );
}
