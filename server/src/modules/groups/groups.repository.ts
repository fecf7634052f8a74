import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { groupMembers } from '../../db/schema';

export type GroupMemberRow = typeof groupMembers.$inferSelect;
export type GroupMemberStatus = GroupMemberRow['status'];
/** An approved membership of someone with an account. */
export type ApprovedMemberRow = GroupMemberRow & { memberId: number };

/** The person a membership invites: by account, or by e-mail while it is not linked to one yet. */
export interface Invitee {
  id: number;
  email: string;
}

const ownedBy = (ownerId: number) => eq(groupMembers.userId, ownerId);
const addressedTo = (invitee: Invitee) =>
  or(
    eq(groupMembers.memberId, invitee.id),
    and(isNull(groupMembers.memberId), eq(groupMembers.email, invitee.email.toLowerCase())),
  );
const waiting = eq(groupMembers.status, 'waiting_for_approval');

export class GroupsRepository {
  constructor(private readonly db: Database) {}

  /** The owner's group, oldest first. */
  async listOwned(ownerId: number, db: Database = this.db): Promise<GroupMemberRow[]> {
    return db
      .select()
      .from(groupMembers)
      .where(ownedBy(ownerId))
      .orderBy(asc(groupMembers.addedAt), asc(groupMembers.id));
  }

  async listApproved(ownerId: number, db: Database = this.db): Promise<ApprovedMemberRow[]> {
    const rows = await db
      .select()
      .from(groupMembers)
      .where(and(ownedBy(ownerId), eq(groupMembers.status, 'approved'), isNotNull(groupMembers.memberId)))
      .orderBy(asc(groupMembers.addedAt), asc(groupMembers.id));
    return rows as ApprovedMemberRow[]; // member_id is not null, by the filter
  }

  async findOwnedByEmail(
    ownerId: number,
    email: string,
    db: Database = this.db,
  ): Promise<GroupMemberRow | undefined> {
    const [row] = await db
      .select()
      .from(groupMembers)
      .where(and(ownedBy(ownerId), eq(groupMembers.email, email)));
    return row;
  }

  async insert(
    ownerId: number,
    values: Omit<typeof groupMembers.$inferInsert, 'userId'>,
    db: Database = this.db,
  ): Promise<GroupMemberRow> {
    const [row] = await db
      .insert(groupMembers)
      .values({ ...values, userId: ownerId })
      .returning();
    return row;
  }

  /** Adds the person to the owner's group as approved, or approves them if they are there already. */
  async upsertApproved(
    ownerId: number,
    values: { email: string; name: string; memberId: number },
    db: Database = this.db,
  ): Promise<GroupMemberRow> {
    const [row] = await db
      .insert(groupMembers)
      .values({ ...values, userId: ownerId, status: 'approved' })
      .onConflictDoUpdate({
        target: [groupMembers.userId, groupMembers.email],
        set: { name: values.name, memberId: values.memberId, status: 'approved' },
      })
      .returning();
    return row;
  }

  async updateOwned(
    ownerId: number,
    id: number,
    values: Partial<Pick<GroupMemberRow, 'name' | 'memberId' | 'status' | 'addedAt'>>,
    db: Database = this.db,
  ): Promise<GroupMemberRow | undefined> {
    const [row] = await db
      .update(groupMembers)
      .set(values)
      .where(and(ownedBy(ownerId), eq(groupMembers.id, id)))
      .returning();
    return row;
  }

  async deleteOwned(
    ownerId: number,
    id: number,
    db: Database = this.db,
  ): Promise<GroupMemberRow | undefined> {
    const [row] = await db
      .delete(groupMembers)
      .where(and(ownedBy(ownerId), eq(groupMembers.id, id)))
      .returning();
    return row;
  }

  /** Removes the invitee from the owner's group (the other side of a removed membership). */
  async deleteBetween(ownerId: number, invitee: Invitee, db: Database = this.db): Promise<void> {
    await db.delete(groupMembers).where(and(ownedBy(ownerId), addressedTo(invitee)));
  }

  /** Invitations to the invitee still waiting for an answer, oldest first. */
  async listWaitingFor(invitee: Invitee, db: Database = this.db): Promise<GroupMemberRow[]> {
    return db
      .select()
      .from(groupMembers)
      .where(and(addressedTo(invitee), waiting))
      .orderBy(asc(groupMembers.addedAt), asc(groupMembers.id));
  }

  async findWaitingFor(
    invitee: Invitee,
    id: number,
    db: Database = this.db,
  ): Promise<GroupMemberRow | undefined> {
    const [row] = await db
      .select()
      .from(groupMembers)
      .where(and(addressedTo(invitee), waiting, eq(groupMembers.id, id)));
    return row;
  }

  /** The invitee's answer to a waiting invitation; links it to their account. Undefined if there is none. */
  async answer(
    invitee: Invitee,
    id: number,
    status: Exclude<GroupMemberStatus, 'waiting_for_approval'>,
    db: Database = this.db,
  ): Promise<GroupMemberRow | undefined> {
    const [row] = await db
      .update(groupMembers)
      .set({ status, memberId: invitee.id })
      .where(and(addressedTo(invitee), waiting, eq(groupMembers.id, id)))
      .returning();
    return row;
  }

  /** Links every membership that invited this e-mail to the new account; returns them. */
  async linkAccount(invitee: Invitee, db: Database = this.db): Promise<GroupMemberRow[]> {
    return db
      .update(groupMembers)
      .set({ memberId: invitee.id })
      .where(and(isNull(groupMembers.memberId), eq(groupMembers.email, invitee.email.toLowerCase())))
      .returning();
  }
}
