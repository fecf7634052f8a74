import type { GroupMember, PendingInvitation } from '@relate/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import { fieldError, isUniqueViolation, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { NotificationsService, NotifyInput } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { toGroupMemberDto, toPendingInvitationDto } from './groups.mappers';
import type { GroupMemberRow, GroupsRepository } from './groups.repository';

/** How a user is named to others: their full name, else their e-mail. */
const nameOf = (user: AuthUser) => user.fullName?.trim() || user.email;

const alreadyInGroup = () => fieldError('email', 'This user is already in your group');

const invitationNotice = (inviter: AuthUser, invitation: GroupMemberRow, inviteeId: number): NotifyInput => ({
  userId: inviteeId,
  type: 'group_invitation',
  text: `${nameOf(inviter)} invited you to their group`,
  subject: { type: 'group', id: invitation.id },
});

/**
 * The invitation e-mail: a person with an account is asked to sign in and answer; one without is asked
 * to sign up with the invited address (the invitation then waits for them).
 */
function invitationMail(inviter: AuthUser, email: string, hasAccount: boolean, publicUrl: string) {
  const link = new URL(hasAccount ? '/settings?section=group' : '/auth?mode=signup', publicUrl).toString();
  return {
    to: email,
    subject: `${nameOf(inviter)} invited you to their group on Relate`,
    text: [
      'Hello,',
      '',
      `${nameOf(inviter)} (${inviter.email}) invited you to their group on Relate, to share contacts with each other.`,
      '',
      hasAccount
        ? 'Sign in to accept or decline the invitation:'
        : `To accept, sign up with this e-mail address (${email}); the invitation waits for you there:`,
      '',
      link,
    ].join('\n'),
  };
}

/** Runs in the transaction that ends an approved membership between two people. */
export type MembershipEndedListener = (ownerId: number, memberId: number, tx: Database) => Promise<void>;

export class GroupsService {
  private readonly endedListeners: MembershipEndedListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly repository: GroupsRepository,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** The owner's group: everyone invited, with their status. */
  async list(ownerId: number): Promise<GroupMember[]> {
    return (await this.repository.listOwned(ownerId)).map(toGroupMemberDto);
  }

  /** The approved members of the user's group who have an account (for sharing, task and event participants). */
  async approvedMemberIds(ownerId: number, db?: Database): Promise<number[]> {
    return (await this.repository.listApproved(ownerId, db)).map((member) => member.memberId);
  }

  /**
   * Invites a person by e-mail. With an account they are told at once; otherwise when they register
   * (onUserCreated). With SMTP_URL set an e-mail goes out either way (`emailed`), so that the answer
   * never tells the inviter whether the address has an account. A declined invitation can be sent again.
   */
  async invite(
    owner: AuthUser,
    input: { email: string; name: string },
  ): Promise<{ member: GroupMember; emailed: boolean }> {
    const email = input.email.toLowerCase();
    if (email === owner.email.toLowerCase())
      throw fieldError('email', 'You cannot add yourself to your group');
    const invitee = await this.users.findByEmail(email);
    let member: GroupMember;
    try {
      member = await this.db.transaction(async (tx) => {
        const existing = await this.repository.findOwnedByEmail(owner.id, email, tx);
        if (existing && existing.status !== 'declined') throw alreadyInGroup();
        const values = {
          name: input.name,
          memberId: invitee?.id ?? null,
          status: 'waiting_for_approval' as const,
          addedAt: new Date(),
        };
        const invitation = existing
          ? (await this.repository.updateOwned(owner.id, existing.id, values, tx))!
          : await this.repository.insert(owner.id, { email, ...values }, tx);
        if (invitee) await this.notifications.notify(invitationNotice(owner, invitation, invitee.id), tx);
        return toGroupMemberDto(invitation);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyInGroup();
      throw error;
    }
    if (this.mailer.configured)
      this.mailer
        .send(invitationMail(owner, email, invitee !== undefined, this.publicUrl))
        .catch((error) => this.log.error({ err: error }, 'Could not send a group invitation e-mail'));
    return { member, emailed: this.mailer.configured };
  }

  /** Registration hook: links the invitations sent to the new account's e-mail and tells its owner. */
  async onUserCreated(user: AuthUser, tx: Database): Promise<void> {
    const invitations = (await this.repository.linkAccount(user, tx)).filter(
      (invitation) => invitation.status === 'waiting_for_approval',
    );
    if (invitations.length === 0) return;
    const inviters = await this.usersById(
      invitations.map((invitation) => invitation.userId),
      tx,
    );
    await this.notifications.notifyMany(
      invitations.map((invitation) =>
        invitationNotice(inviters.get(invitation.userId)!, invitation, user.id),
      ),
      tx,
    );
  }

  /** Invitations to the user's e-mail or account that wait for an answer. */
  async pendingInvitations(invitee: AuthUser): Promise<PendingInvitation[]> {
    const invitations = await this.repository.listWaitingFor(invitee);
    const inviters = await this.usersById(invitations.map((invitation) => invitation.userId));
    return invitations.map((invitation) =>
      toPendingInvitationDto(invitation, inviters.get(invitation.userId)!),
    );
  }

  /**
   * Accepts an invitation: the invitee joins the inviter's group and the inviter joins the invitee's,
   * under `displayName`. Returns the inviter's membership in the invitee's group.
   */
  async approve(invitee: AuthUser, invitationId: number, displayName: string): Promise<GroupMember> {
    const invitation = await this.repository.findWaitingFor(invitee, invitationId);
    if (!invitation) throw notFound('Invitation');
    const inviter = (await this.usersById([invitation.userId])).get(invitation.userId)!;
    return this.db.transaction(async (tx) => {
      const accepted = await this.repository.answer(invitee, invitationId, 'approved', tx);
      if (!accepted) throw notFound('Invitation');
      const membership = await this.repository.upsertApproved(
        invitee.id,
        { email: inviter.email.toLowerCase(), name: displayName, memberId: inviter.id },
        tx,
      );
      await this.notifications.notify(
        {
          userId: inviter.id,
          type: 'other',
          text: `${nameOf(invitee)} accepted your group invitation`,
          subject: { type: 'group', id: accepted.id },
        },
        tx,
      );
      return toGroupMemberDto(membership);
    });
  }

  async decline(invitee: AuthUser, invitationId: number): Promise<void> {
    if (!(await this.repository.answer(invitee, invitationId, 'declined'))) throw notFound('Invitation');
  }

  onMembershipEnded(listener: MembershipEndedListener): void {
    this.endedListeners.push(listener);
  }

  /**
   * Removes a member (or withdraws an invitation); an approved membership ends for both people, and
   * with it their part in each other's projects (the listeners, in the same transaction).
   */
  async remove(owner: AuthUser, membershipId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const removed = await this.repository.deleteOwned(owner.id, membershipId, tx);
      if (!removed) throw notFound('Group member');
      if (removed.status === 'approved' && removed.memberId) {
        await this.repository.deleteBetween(removed.memberId, owner, tx);
        for (const listener of this.endedListeners) await listener(owner.id, removed.memberId, tx);
      }
    });
  }

  private async usersById(ids: number[], db?: Database): Promise<Map<number, AuthUser>> {
    const users = await this.users.findByIds([...new Set(ids)], db);
    return new Map(users.map((user) => [user.id, user]));
  }
}
