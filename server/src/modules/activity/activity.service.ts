import type { Interaction, TimelineEntry, TimelineQuery, TimelineResponse } from '@relate/contracts';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import type { CompaniesService, CompanyChangedListener } from '../companies/companies.service';
import type { ContactActivity, ContactsService } from '../contacts/contacts.service';
import type { GroupsService } from '../groups/groups.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { fromCursor, toCursor, toTimelineEntryDto } from './activity.mappers';
import type { ActivityRepository, ActivityValues, TimelineSubject } from './activity.repository';

/** Whose timeline, as the routes name it. */
export type TimelineOf = { contactId: number } | { companyId: number };

/** `@someone@example.com` in a note: a mention of the group member with that e-mail. */
const MENTION = /(?<![\w.+-])@([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;
const SNIPPET_LENGTH = 120;

export function mentionedEmails(body: string): Set<string> {
  return new Set([...body.matchAll(MENTION)].map((match) => match[1].toLowerCase().replace(/\.+$/, '')));
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The timeline of contacts and companies (issue 35): notes, logged interactions and what the other
 * services report as it happens (field changes, imports, merges, shares, the Google sync). Whoever can
 * see the contact or company sees its timeline: today that is its owner (a shared contact is a copy of
 * the recipient's own). Only a note's author edits or deletes it.
 */
export class ActivityService {
  constructor(
    private readonly db: Database,
    private readonly repository: ActivityRepository,
    private readonly contacts: Pick<ContactsService, 'findByIds' | 'raiseLastContactDate'>,
    private readonly companies: Pick<CompaniesService, 'get'>,
    private readonly groups: Pick<GroupsService, 'list'>,
    private readonly users: Pick<UsersService, 'findByIds'>,
    private readonly notifications: Pick<NotificationsService, 'notifyMany'>,
  ) {}

  /** The subject as the caller sees it (404 when they cannot), with its name for notifications. */
  private async subject(
    userId: number,
    of: TimelineOf,
    db: Database = this.db,
  ): Promise<{ subject: TimelineSubject; name: string }> {
    if ('companyId' in of) {
      const company = await this.companies.get(userId, of.companyId);
      return { subject: { companyId: company.id }, name: company.record };
    }
    const [contact] = await this.contacts.findByIds(userId, [of.contactId], db);
    if (!contact) throw notFound('Contact');
    return {
      subject: { contactId: contact.id, importId: contact.importId },
      name: contact.fullName || contact.email || contact.organization || 'a contact',
    };
  }

  async timeline(user: AuthUser, of: TimelineOf, query: TimelineQuery): Promise<TimelineResponse> {
    const { subject } = await this.subject(user.id, of);
    const cursor = fromCursor(query.cursor);
    if (query.cursor && !cursor) throw fieldError('cursor', 'Cursor must be the next_cursor of a page');
    const rows = await this.repository.page(user.id, subject, cursor, query.limit + 1);
    const more = rows.length > query.limit;
    const page = more ? rows.slice(0, query.limit) : rows;
    return {
      entries: page.map((row) => toTimelineEntryDto(row, user.id)),
      next_cursor: more ? toCursor(page[page.length - 1]) : null,
    };
  }

  private async entry(user: AuthUser, id: number, db: Database = this.db): Promise<TimelineEntry> {
    const row = await this.repository.findById(user.id, id, db);
    if (!row) throw notFound('Timeline entry');
    return toTimelineEntryDto(row, user.id);
  }

  private subjectColumns(subject: TimelineSubject) {
    return 'companyId' in subject ? { companyId: subject.companyId } : { contactId: subject.contactId };
  }

  async addNote(user: AuthUser, of: TimelineOf, body: string): Promise<TimelineEntry> {
    return this.db.transaction(async (tx) => {
      const { subject, name } = await this.subject(user.id, of, tx);
      const [id] = await this.repository.insertMany(
        [{ userId: user.id, ...this.subjectColumns(subject), type: 'note', actorId: user.id, body }],
        tx,
      );
      await this.notifyMentioned(user, body, new Set(), name, tx);
      return this.entry(user, id, tx);
    });
  }

  /** A note the caller can see but did not write: 403 (only its author edits or deletes it). */
  private async ownNote(user: AuthUser, id: number, db: Database) {
    const row = await this.repository.findById(user.id, id, db);
    if (row?.type !== 'note') throw notFound('Note');
    if (row.actorId !== user.id) throw forbidden('Only the author of a note can change it');
    return row;
  }

  async updateNote(user: AuthUser, id: number, body: string): Promise<TimelineEntry> {
    return this.db.transaction(async (tx) => {
      const row = await this.ownNote(user, id, tx);
      await this.repository.updateNote(user.id, user.id, id, body, tx);
      const of = row.companyId !== null ? { companyId: row.companyId } : { contactId: row.contactId! };
      const { name } = await this.subject(user.id, of, tx);
      await this.notifyMentioned(user, body, mentionedEmails(row.body ?? ''), name, tx);
      return this.entry(user, id, tx);
    });
  }

  async deleteNote(user: AuthUser, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.ownNote(user, id, tx);
      await this.repository.deleteNote(user.id, user.id, id, tx);
    });
  }

  /**
   * Approved members of the author's group named in the note (`@their@email`) and not named before
   * (an edit) hear of it in-app and through their bot (the notifications' bot delivery).
   */
  private async notifyMentioned(
    author: AuthUser,
    body: string,
    before: Set<string>,
    subjectName: string,
    tx: Database,
  ): Promise<void> {
    const emails = mentionedEmails(body);
    if (emails.size === 0) return;
    const members = (await this.groups.list(author.id)).filter(
      (member) =>
        member.status === 'approved' &&
        member.user_id !== null &&
        member.user_id !== author.id &&
        emails.has(member.email.toLowerCase()) &&
        !before.has(member.email.toLowerCase()),
    );
    if (members.length === 0) return;
    const from = author.fullName || author.email;
    const text = body.replace(/\s+/g, ' ').trim();
    const snippet = text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1)}…` : text;
    await this.notifications.notifyMany(
      [...new Set(members.map((member) => member.user_id as number))].map((userId) => ({
        userId,
        type: 'other' as const,
        text: `${from} mentioned you in a note on ${subjectName}: “${snippet}”`,
      })),
      tx,
    );
  }

  /** A call, meeting, e-mail or message with the contact; last_contact_date moves to its date if later. */
  async logInteraction(user: AuthUser, contactId: number, input: Interaction): Promise<TimelineEntry> {
    return this.db.transaction(async (tx) => {
      const { subject } = await this.subject(user.id, { contactId }, tx);
      const at = new Date(input.date);
      const [id] = await this.repository.insertMany(
        [
          {
            userId: user.id,
            ...this.subjectColumns(subject),
            type: 'interaction',
            actorId: user.id,
            occurredAt: at,
            interactionKind: input.kind,
            durationMinutes: input.duration_minutes,
            body: input.summary,
          },
        ],
        tx,
      );
      await this.contacts.raiseLastContactDate(user.id, contactId, at, tx);
      return this.entry(user, id, tx);
    });
  }

  /** Contacts or companies deleted for good (the Trash emptied or purged): their timelines go too. */
  forget(userId: number, of: 'contact' | 'company', ids: number[]): Promise<void> {
    return this.repository.forget(userId, of, ids);
  }

  /** What the contacts service reports (`contacts.onActivity`), written in its transaction. */
  async recordContactActivity(activity: ContactActivity, tx: Database): Promise<void> {
    const rows: ActivityValues[] = [];
    switch (activity.type) {
      case 'created':
        for (const contactId of activity.contactIds)
          rows.push({
            userId: activity.userId,
            contactId,
            type: activity.via === 'google' ? 'sync' : 'created',
            actorId: activity.actorId,
            detail: activity.via === 'google' ? 'Added from Google Contacts' : null,
          });
        break;
      case 'changed':
        rows.push({
          userId: activity.userId,
          contactId: activity.contactId,
          type: activity.via === 'google' ? 'sync' : 'field_change',
          actorId: activity.actorId,
          changes: activity.changes,
          detail: activity.via === 'google' ? 'Changed by the Google Contacts sync' : null,
        });
        break;
      case 'imported':
        // One row for the whole import, whatever its size; its contacts carry its id.
        rows.push({
          userId: activity.userId,
          importId: activity.importId,
          type: 'import',
          actorId: activity.userId,
          detail: `Imported from a ${activity.format === 'vcard' ? 'vCard' : 'CSV'} file with ${count(activity.count, 'contact', 'contacts')}`,
        });
        break;
      case 'merged':
        await this.repository.moveContacts(activity.userId, activity.mergedIds, activity.keepId, tx);
        rows.push({
          userId: activity.userId,
          contactId: activity.keepId,
          type: 'merge',
          actorId: activity.userId,
          detail: `Merged with ${count(activity.mergedIds.length, 'duplicate', 'duplicates')}: ${activity.mergedNames.join(', ')}`,
        });
        break;
      case 'shared': {
        const recipients = await this.users.findByIds(activity.recipientIds, tx);
        const names = recipients.map((user) => user.fullName || user.email).join(', ');
        for (const contactId of activity.contactIds)
          rows.push({
            userId: activity.sender.id,
            contactId,
            type: 'share',
            actorId: activity.sender.id,
            detail: `Shared with ${names}`,
          });
        for (const copy of activity.copies)
          for (const contactId of copy.contactIds)
            rows.push({
              userId: copy.userId,
              contactId,
              type: 'share',
              actorId: activity.sender.id,
              detail: `Shared with you by ${activity.sender.name}`,
            });
        break;
      }
    }
    await this.repository.insertMany(rows, tx);
  }

  /** A company's field changes (`companies.onChanged`), written in its transaction. */
  recordCompanyChange: CompanyChangedListener = async ({ userId, companyId, changes }, tx) => {
    await this.repository.insertMany(
      [{ userId, companyId, type: 'field_change', actorId: userId, changes }],
      tx,
    );
  };
}
