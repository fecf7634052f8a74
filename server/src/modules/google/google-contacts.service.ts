import type {
  ApplyGoogleContactsBody,
  ApplyGoogleReviewResponse,
  ContactReviewItem,
  GoogleContactsSyncResponse,
  PersonInput,
} from '@relate/contracts';
import type { Database } from '../../db/client';
import type { GooglePeople, GooglePerson } from '../../integrations/google/google.client';
import { toGoogleApiError } from '../../integrations/google/google-errors';
import {
  normalizeEmail,
  normalizeName,
  normalizePhone,
  personBirthday,
  personDisplayName,
  personToValues,
  SYNCED_FIELDS,
  type SyncedField,
  type SyncedValues,
  valuesToPerson,
} from '../../integrations/google/person-mapper';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { giveWay, mapGivingWay } from '../../lib/give-way';
import type { Clock } from '../../lib/time';
import { toPersonDto } from '../contacts/contacts.mappers';
import type { ContactRow, ContactsService } from '../contacts/contacts.service';
import type {
  ContactLinkRow,
  ContactReviewRow,
  GoogleRepository,
  NewContactReview,
} from './google.repository';
import type { GoogleAuthService } from './google-auth.service';
import { conflictChoices, fieldsToTake, reviewChanges } from './review-fields';
import type { EndSyncRun, SyncRuns } from './sync-runs';

const SOURCE = 'Google Contacts';

interface FetchedChanges {
  persons: GooglePerson[];
  nextSyncToken?: string;
  /** A full listing (first sync, or after EXPIRED_SYNC_TOKEN): contacts missing from it were deleted. */
  full: boolean;
}

type Changes = NonNullable<ContactReviewRow['changes']>;
type LinkEtags = Pick<ContactLinkRow, 'resourceName' | 'etag' | 'sourceEtag' | 'sourceId'>;
interface NewFromGoogle {
  link: LinkEtags;
  values: Record<string, string | null>;
}

const relateValues = (row: ContactRow): SyncedValues => {
  const person = toPersonDto(row) as unknown as Record<SyncedField, string | null>;
  return Object.fromEntries(SYNCED_FIELDS.map((field) => [field, person[field] ?? null])) as SyncedValues;
};
const syncedOf = (values: Record<string, string | null>): SyncedValues =>
  Object.fromEntries(SYNCED_FIELDS.map((field) => [field, values[field] ?? null])) as SyncedValues;
/**
 * Google's values of a linked contact: a birthday left out (it breaks the contact rule) is no change, so
 * it reads as the birthday both sides agreed on.
 */
const linkedValues = (person: GooglePerson, agreed: SyncedValues): SyncedValues => {
  const values = personToValues(person);
  if (personBirthday(person).problem) values.birthday = agreed.birthday;
  return values;
};
interface MappedPerson {
  google: SyncedValues;
  fullName: string | null;
}
/** Each live person's Relate values, mapped once for the matcher and the record loop. */
async function mapPersons(persons: GooglePerson[]): Promise<Map<GooglePerson, MappedPerson>> {
  const mapped = new Map<GooglePerson, MappedPerson>();
  for (const [index, person] of persons.entries()) {
    await giveWay(index);
    if (person.metadata?.deleted) continue;
    const google = personToValues(person);
    mapped.set(person, { google, fullName: personDisplayName(person, google) });
  }
  return mapped;
}
/** What a Google contact is matched by. */
interface MatchKeys {
  emails: (string | null | undefined)[];
  phones: (string | null | undefined)[];
  name: string | null;
}
const personKeys = (person: GooglePerson, fullName: string | null): MatchKeys => ({
  emails: (person.emailAddresses ?? []).map((email) => email.value),
  phones: (person.phoneNumbers ?? []).map((phone) => phone.canonicalForm ?? phone.value),
  name: fullName,
});
/** A stored review item's keys: the values Relate would take. */
const valuesKeys = (values: ContactReviewRow['values']): MatchKeys => ({
  emails: [values.email],
  phones: [values.phone, values.mobile],
  name: values.full_name ?? null,
});
const etagsOf = (person: GooglePerson) => ({
  etag: person.etag ?? '',
  sourceEtag: person.metadata?.sources?.[0]?.etag ?? null,
  sourceId: person.metadata?.sources?.[0]?.id ?? null,
});

/** What went wrong, for the caller and for the status card. */
function syncFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const google = toGoogleApiError(error);
  if (google?.isRateLimited) {
    return new AppError(
      503,
      'GOOGLE_RATE_LIMITED',
      "Google's rate limit was reached. Relate will try again later.",
    );
  }
  if (google?.isInvalidGrant) {
    return new AppError(409, 'GOOGLE_RECONNECT_REQUIRED', 'Google access was revoked. Connect Google again.');
  }
  if (google) {
    return new AppError(
      502,
      'GOOGLE_UNAVAILABLE',
      'Google did not answer as expected; nothing was changed. Try again.',
    );
  }
  return new AppError(500, 'GOOGLE_SYNC_FAILED', 'Failed to sync Google contacts');
}

/**
 * Two-way contacts sync. A run reads Google's changes (incremental with the stored sync token, full the
 * first time or when the token expired), then in one transaction applies what needs no decision (unless
 * previewing), keeps the rest as review items and stores the new sync token: a failure half-way
 * changes nothing, and running it twice changes nothing the second time. Relate edits of linked
 * contacts are then pushed with their etag; a stale etag becomes a `conflict` item.
 */
export class GoogleContactsService {
  constructor(
    private readonly db: Database,
    private readonly repository: GoogleRepository,
    private readonly auth: GoogleAuthService,
    private readonly contacts: ContactsService,
    private readonly clock: Clock,
    private readonly runs: SyncRuns,
  ) {}

  async sync(userId: number, options: { preview: boolean }): Promise<GoogleContactsSyncResponse> {
    const client = this.auth.requireClient();
    const refreshToken = await this.auth.refreshToken(userId);
    const account = (await this.repository.account(userId))!;
    const end = await this.claim(userId);
    let outcome: 'ok' | 'failed' = 'failed';
    try {
      const people = await client.people(refreshToken);
      const changes = await this.fetchChanges(people, account.contactsSyncToken);
      const recorded = await this.db.transaction((tx) => this.record(userId, changes, !options.preview, tx));
      const { warnings } = recorded;
      let { created, updated } = recorded;
      if (!options.preview) {
        const waited = await this.applyUndecided(userId);
        created += waited.created;
        updated += waited.updated;
      }
      const pushed = options.preview ? 0 : await this.pushLocalEdits(userId, people);
      await this.repository.updateAccount(userId, { contactsSyncStartedAt: null, contactsLastError: null });
      outcome = 'ok';
      return {
        preview: options.preview,
        created,
        updated,
        pushed,
        items: await this.items(userId),
        warnings,
      };
    } catch (error) {
      const failure = syncFailure(error);
      await this.repository.updateAccount(userId, {
        contactsSyncStartedAt: null,
        contactsLastError: failure.message,
      });
      throw failure;
    } finally {
      end(outcome);
    }
  }

  /** Sends Relate's edits and deletes only (after a linked contact was edited or deleted): the same lock as a sync. */
  async pushOnly(userId: number): Promise<number> {
    const client = this.auth.requireClient();
    const refreshToken = await this.auth.refreshToken(userId);
    const end = await this.claim(userId);
    let outcome: 'ok' | 'failed' = 'failed';
    try {
      const pushed = await this.pushLocalEdits(userId, await client.people(refreshToken));
      await this.repository.updateAccount(userId, { contactsSyncStartedAt: null, contactsLastError: null });
      outcome = 'ok';
      return pushed;
    } catch (error) {
      const failure = syncFailure(error);
      await this.repository.updateAccount(userId, {
        contactsSyncStartedAt: null,
        contactsLastError: failure.message,
      });
      throw failure;
    } finally {
      end(outcome);
    }
  }

  private async claim(userId: number): Promise<EndSyncRun> {
    const end = await this.runs.start(`contacts:${userId}`, {
      claim: (now, staleBefore) => this.repository.claimContactsSync(userId, now, staleBefore),
      renew: (previous, now) => this.repository.renewContactsSync(userId, previous, now),
    });
    if (!end) throw conflict('A Google contacts sync is already running', 'GOOGLE_SYNC_RUNNING');
    return end;
  }

  /** The items waiting for review (or, with `dismissed`, those the user dismissed). */
  async items(userId: number, which: 'waiting' | 'dismissed' = 'waiting'): Promise<ContactReviewItem[]> {
    const reviews = await this.repository.reviews(userId, undefined, which);
    const contactIds = reviews.flatMap((review) => (review.contactId ? [review.contactId] : []));
    const names = new Map(
      (await this.contacts.findByIds(userId, contactIds)).map((row) => [row.id, row.fullName ?? row.email]),
    );
    return mapGivingWay(reviews, (review) => ({
      id: review.id,
      kind: review.kind,
      resource_name: review.resourceName,
      name: review.values.full_name ?? (review.contactId ? (names.get(review.contactId) ?? null) : null),
      email: review.values.email ?? null,
      company: review.values.organization ?? null,
      phone: review.values.phone ?? review.values.mobile ?? null,
      is_duplicate: review.kind === 'likely_duplicate',
      contact: review.contactId ? { id: review.contactId, name: names.get(review.contactId) ?? null } : null,
      match_reason: review.matchReason,
      changes: reviewChanges(review.changes),
    }));
  }

  /**
   * What an earlier preview left waiting that needs no decision (`new` and `changed` items) is applied by
   * a sync like what it fetches: a preview never holds the sync back. Each is classified again first.
   */
  private async applyUndecided(userId: number) {
    const undecided = (await this.repository.reviews(userId, undefined, 'waiting')).filter(
      (review) => review.kind === 'new' || review.kind === 'changed',
    );
    if (undecided.length === 0) return { created: 0, updated: 0 };
    return this.apply(userId, { item_ids: undecided.map((review) => review.id) });
  }

  /**
   * "Dismiss": the chosen new items and likely duplicates are never imported, and wait no more; they are
   * listed as dismissed until restored. Other kinds need a decision and are refused.
   */
  async dismiss(userId: number, ids: string[]): Promise<number> {
    const chosen = await this.repository.reviewsByIds(userId, ids);
    if (chosen.some((review) => review.kind !== 'new' && review.kind !== 'likely_duplicate'))
      throw fieldError('item_ids', 'Only new items and duplicates can be dismissed');
    return (await this.repository.dismissReviews(userId, ids, this.clock())).length;
  }

  /** "Restore": dismissed items wait for review again. */
  restore(userId: number, ids: string[]): Promise<number> {
    return this.repository.restoreReviews(userId, ids);
  }

  /** Applies the chosen review items in one transaction. */
  async apply(userId: number, body: ApplyGoogleContactsBody): Promise<ApplyGoogleReviewResponse> {
    const client = this.auth.requireClient();
    const refreshToken = await this.auth.refreshToken(userId);
    const choices = conflictChoices(body);
    const mergeInto = (id: string) =>
      body.merge_into && Object.hasOwn(body.merge_into, id) ? body.merge_into[id] : undefined;
    const result = { created: 0, linked: 0, updated: 0, deleted: 0, pushed: 0, skipped: 0, waiting: 0 };
    await this.db.transaction(async (tx) => {
      const ids = [...new Set(body.item_ids)];
      const found = await this.repository.reviewsByIds(userId, ids, tx);
      result.skipped = ids.length - found.length;
      // An item the user links to a contact of their choice is not classified again.
      const waiting = await this.nowLikelyDuplicates(
        userId,
        found.filter((review) => !mergeInto(review.id)),
        tx,
      );
      result.waiting = waiting.size;
      const reviews = found.filter((review) => !waiting.has(review.id));
      for (const review of reviews) {
        const google = syncedOf(review.values);
        const link = {
          resourceName: review.resourceName,
          etag: review.etag,
          sourceEtag: review.sourceEtag,
          sourceId: review.sourceId,
        };
        if (review.kind === 'new' && !mergeInto(review.id)) {
          await this.createFromGoogle(userId, [{ link, values: review.values }], tx);
          result.created++;
        } else if (review.kind === 'new' || review.kind === 'likely_duplicate') {
          const targetId = mergeInto(review.id) ?? review.contactId;
          const [target] = targetId ? await this.contacts.findByIds(userId, [targetId], tx) : [];
          if (!target)
            throw fieldError('merge_into', 'Choose one of your contacts to link this Google contact to');
          if (await this.repository.linkOfContact(userId, target.id, tx)) {
            throw fieldError(
              'merge_into',
              `${target.fullName ?? 'This contact'} is already linked to another Google contact`,
            );
          }
          const relate = relateValues(target);
          const fill = Object.fromEntries(
            SYNCED_FIELDS.filter((field) => relate[field] === null && google[field] !== null).map((field) => [
              field,
              google[field],
            ]),
          );
          if (Object.keys(fill).length > 0)
            await this.contacts.updateRow(userId, target.id, fill as PersonInput, tx);
          await this.repository.saveLink(userId, { ...link, contactId: target.id, synced: google }, tx);
          result.linked++;
        } else if (review.kind === 'deleted_upstream') {
          if (review.contactId)
            await this.contacts.delete(userId, review.contactId, tx).catch(() => undefined);
          await this.repository.deleteLink(userId, review.resourceName, tx);
          result.deleted++;
        } else {
          const [contact] = review.contactId
            ? await this.contacts.findByIds(userId, [review.contactId], tx)
            : [];
          if (!contact) throw notFound('Contact');
          const kept = review.kind === 'conflict' ? choices.kept(review.id) : false;
          // What Google changed is taken, but for the clashing fields the user keeps Relate's of; the
          // link takes Google's etag and the push sends what Relate holds differently (its own edits).
          await this.takeGoogleValues(
            userId,
            contact,
            google,
            fieldsToTake<SyncedField>(review.changes, kept),
            link,
            tx,
          );
          if (kept !== true) result.updated++;
        }
        await this.repository.deleteReviews(userId, [review.resourceName], tx);
      }
      // What the preview fetched is now synced: the card's "Last synced" counts from here.
      if (reviews.length > 0)
        await this.repository.updateAccount(userId, { contactsSyncedAt: this.clock() }, tx);
    });
    if (choices.keepsAny)
      result.pushed = await this.pushLocalEdits(userId, await client.people(refreshToken));
    return result;
  }

  connectedUserIds(): Promise<number[]> {
    return this.repository.connectedUserIds();
  }

  /**
   * The `new` items a Relate contact added since the preview now matches: classified again against the
   * current contacts, they wait for review as likely duplicates instead of becoming a second copy.
   * Answers their ids.
   */
  private async nowLikelyDuplicates(userId: number, reviews: ContactReviewRow[], tx: Database) {
    const fresh = reviews.filter((review) => review.kind === 'new');
    if (fresh.length === 0) return new Set<string>();
    const findMatch = await this.matcher(
      userId,
      fresh.map((review) => valuesKeys(review.values)),
      tx,
    );
    const matched = fresh.flatMap((review) => {
      const match = findMatch(syncedOf(review.values), review.values.full_name ?? null);
      return match ? [{ review, match }] : [];
    });
    await this.repository.upsertReviews(
      userId,
      matched.map(({ review: { id: _id, userId: _user, createdAt: _at, ...review }, match }) => ({
        ...review,
        kind: 'likely_duplicate' as const,
        contactId: match.contact.id,
        matchReason: match.reason,
      })),
      tx,
    );
    return new Set(matched.map(({ review }) => review.id));
  }

  /** Called inside the transaction that edits a contact; true when it is linked (a push sends it). */
  markEdited(userId: number, contactId: number, tx: Database): Promise<boolean> {
    return this.repository.markEdited(userId, contactId, tx);
  }

  /**
   * Contacts going to Relate's Trash stay at Google, linked, until they are purged (decision 0050): their
   * links become tombstones that remember them, which neither the push nor a full listing acts on.
   */
  contactsTrashed(userId: number, contactIds: number[], tx: Database): Promise<void> {
    return this.repository.trashContacts(userId, contactIds, tx);
  }

  /** Restored contacts are linked again, their last agreed values kept. */
  contactsRestored(userId: number, contactIds: number[], tx: Database): Promise<void> {
    return this.repository.restoreContacts(userId, contactIds, tx);
  }

  /** Purged contacts are deleted as the user chose (contact_deletes): true when a push is to delete them at Google. */
  async contactsPurged(userId: number, contactIds: number[]): Promise<boolean> {
    await this.repository.purgeContacts(userId, contactIds);
    return this.contactsDeleted(userId);
  }

  /**
   * After linked contacts were deleted in Relate: true when they are to be deleted at Google (the
   * caller queues a push); otherwise, as the user chose (or until they choose), they stay at Google and
   * their links stay as tombstones, so that a full listing does not bring them back.
   */
  private async contactsDeleted(userId: number): Promise<boolean> {
    const account = await this.repository.account(userId);
    if (!account) return false;
    if (account.contactDeletes === 'delete') return (await this.repository.deletedLinks(userId)).length > 0;
    await this.repository.keepDeletedAtGoogle(userId);
    return false;
  }

  /** Deletes at Google the contacts deleted in Relate, then their links (a contact already gone counts). */
  private async pushDeletes(userId: number, people: GooglePeople): Promise<number> {
    // Contacts deleted however (one by one, Delete all, an undone import) are kept at Google unless the
    // user chose otherwise.
    if ((await this.repository.account(userId))?.contactDeletes !== 'delete') {
      await this.repository.keepDeletedAtGoogle(userId);
      return 0;
    }
    const links = await this.repository.deletedLinks(userId);
    for (const link of links) {
      await people.delete(link.resourceName);
      await this.repository.deleteLink(userId, link.resourceName);
    }
    return links.length;
  }

  /** "Also add to Google": creates the Relate contact in Google and links the two. */
  async addToGoogle(userId: number, contactId: number): Promise<string> {
    const client = this.auth.requireClient();
    const refreshToken = await this.auth.refreshToken(userId);
    const contact = await this.contacts.findByIds(userId, [contactId]).then((rows) => rows[0]);
    if (!contact) throw notFound('Contact');
    if (await this.repository.linkOfContact(userId, contactId)) {
      throw conflict('This contact is already in Google', 'GOOGLE_ALREADY_LINKED');
    }
    const relate = relateValues(contact);
    const created = await (await client.people(refreshToken))
      .create(valuesToPerson(relate))
      .catch((error) => {
        throw syncFailure(error);
      });
    await this.repository.saveLink(userId, {
      resourceName: created.resourceName!,
      contactId,
      ...etagsOf(created),
      synced: personToValues(created),
    });
    return created.resourceName!;
  }

  /** Every page of changes; an expired sync token falls back to a full listing. */
  private async fetchChanges(people: GooglePeople, syncToken: string | null): Promise<FetchedChanges> {
    if (syncToken) {
      try {
        return await this.fetchAll(people, syncToken);
      } catch (error) {
        if (!toGoogleApiError(error)?.isExpiredSyncToken) throw error;
      }
    }
    return this.fetchAll(people, undefined);
  }

  private async fetchAll(people: GooglePeople, syncToken: string | undefined): Promise<FetchedChanges> {
    const persons: GooglePerson[] = [];
    let pageToken: string | undefined;
    for (;;) {
      const page = await people.listConnections({ syncToken, pageToken });
      persons.push(...page.connections.filter((person) => person.resourceName));
      if (!page.nextPageToken) return { persons, nextSyncToken: page.nextSyncToken, full: !syncToken };
      pageToken = page.nextPageToken;
    }
  }

  private async record(userId: number, changes: FetchedChanges, autoApply: boolean, tx: Database) {
    const counts = { created: 0, updated: 0, warnings: [] as GoogleContactsSyncResponse['warnings'] };
    const resourceNames = changes.persons.map((person) => person.resourceName!);
    const links = changes.full
      ? await this.repository.links(userId, tx)
      : await this.repository.linksByResource(userId, resourceNames, tx);
    const linkByResource = new Map(links.map((link) => [link.resourceName, link]));
    const linkedContacts = new Map(
      (
        await this.contacts.findByIds(
          userId,
          links.flatMap((link) => link.contactId ?? []),
          tx,
        )
      ).map((row) => [row.id, row]),
    );
    const mapped = await mapPersons(changes.persons);
    const unlinked = changes.persons.filter(
      (person) => !person.metadata?.deleted && !linkByResource.has(person.resourceName!),
    );
    const findMatch = await this.matcher(
      userId,
      unlinked.map((person) => personKeys(person, mapped.get(person)!.fullName)),
      tx,
    );
    const settled: string[] = [];
    const reviews: NewContactReview[] = [];
    const review = (entry: NewContactReview) => reviews.push(entry);
    const created: NewFromGoogle[] = [];

    for (const [index, person] of changes.persons.entries()) {
      await giveWay(index);
      const resourceName = person.resourceName!;
      const link = linkByResource.get(resourceName);
      if (link && link.contactId === null) {
        // Deleted in Relate on purpose: never brought back; the link goes once Google's copy is gone.
        if (person.metadata?.deleted) await this.repository.deleteLink(userId, resourceName, tx);
        settled.push(resourceName);
        continue;
      }
      if (person.metadata?.deleted) {
        if (link) review(this.deletedItem(link));
        else settled.push(resourceName);
        continue;
      }
      const { google, fullName } = mapped.get(person)!;
      const values = { ...google, full_name: fullName };
      const etags = etagsOf(person);
      const contact = link?.contactId ? linkedContacts.get(link.contactId) : undefined;
      const { problem } = personBirthday(person);
      if (problem)
        counts.warnings.push({ resource_name: resourceName, name: values.full_name, warning: problem });
      if (link && contact) {
        const relate = relateValues(contact);
        const synced = syncedOf(link.synced);
        // A birthday left out is no change: the linked contact keeps the one both sides agreed on.
        google.birthday = values.birthday = linkedValues(person, synced).birthday;
        const upstream = SYNCED_FIELDS.filter((field) => google[field] !== synced[field]);
        if (upstream.length === 0) {
          await this.repository.updateLinkEtags(userId, resourceName, etags, tx);
          settled.push(resourceName);
          continue;
        }
        const clashing = upstream.filter(
          (field) => relate[field] !== synced[field] && relate[field] !== google[field],
        );
        const fieldChanges: Changes = Object.fromEntries(
          upstream.map((field) => [
            field,
            { synced: synced[field], relate: relate[field], google: google[field] },
          ]),
        );
        const base = {
          resourceName,
          ...etags,
          values,
          contactId: contact.id,
          matchReason: null,
          changes: fieldChanges,
        };
        if (clashing.length > 0) review({ ...base, kind: 'conflict' });
        else if (autoApply) {
          await this.takeGoogleValues(userId, contact, google, upstream, { resourceName, ...etags }, tx);
          counts.updated++;
          settled.push(resourceName);
        } else review({ ...base, kind: 'changed' });
        continue;
      }
      const match = findMatch(google, values.full_name);
      if (match) {
        review({
          resourceName,
          ...etags,
          values,
          kind: 'likely_duplicate',
          contactId: match.contact.id,
          matchReason: match.reason,
          changes: null,
        });
      } else if (autoApply) {
        created.push({ link: { resourceName, ...etags }, values });
        settled.push(resourceName);
      } else {
        review({
          resourceName,
          ...etags,
          values,
          kind: 'new',
          contactId: null,
          matchReason: null,
          changes: null,
        });
      }
    }

    if (changes.full) {
      // A full listing is the whole truth: linked contacts missing from it were deleted in Google.
      const seen = new Set(resourceNames);
      for (const link of links) {
        if (seen.has(link.resourceName)) continue;
        if (link.contactId === null) await this.repository.deleteLink(userId, link.resourceName, tx);
        else review(this.deletedItem(link));
      }
      const stale = (await this.repository.reviews(userId, tx)).filter(
        (item) => !seen.has(item.resourceName) && !linkByResource.has(item.resourceName),
      );
      settled.push(...stale.map((item) => item.resourceName));
    }
    await this.createFromGoogle(userId, created, tx);
    counts.created = created.length;
    await this.repository.upsertReviews(userId, reviews, tx);
    await this.repository.deleteReviews(userId, settled, tx);
    // A preview moves the sync token on (its items wait for review) but is no sync: only a sync sets
    // when Relate last synced.
    await this.repository.updateAccount(
      userId,
      {
        contactsSyncToken: changes.nextSyncToken ?? null,
        ...(autoApply ? { contactsSyncedAt: this.clock() } : {}),
      },
      tx,
    );
    return counts;
  }

  private deletedItem(link: ContactLinkRow): NewContactReview {
    return {
      resourceName: link.resourceName,
      etag: link.etag,
      sourceEtag: link.sourceEtag,
      sourceId: link.sourceId,
      values: link.synced,
      kind: 'deleted_upstream',
      contactId: link.contactId,
      matchReason: null,
      changes: null,
    };
  }

  /**
   * Finds the Relate contact (not yet linked) a Google contact most likely is: same e-mail, then phone,
   * then full name. `keys` are every e-mail, phone and name of the Google contacts to be matched.
   */
  private async matcher(userId: number, keys: MatchKeys[], tx: Database) {
    const wanted = { emails: new Set<string>(), phones: new Set<string>(), names: new Set<string>() };
    for (const [index, key] of keys.entries()) {
      await giveWay(index);
      for (const email of key.emails.map(normalizeEmail)) if (email) wanted.emails.add(email);
      for (const phone of key.phones.map(normalizePhone)) if (phone) wanted.phones.add(phone);
      const name = normalizeName(key.name);
      if (name) wanted.names.add(name);
    }
    const candidates = await this.contacts.findMatches(
      userId,
      { emails: [...wanted.emails], phones: [...wanted.phones], names: [...wanted.names] },
      tx,
    );
    const linked = await this.repository.linkedContactIds(
      userId,
      candidates.map((row) => row.id),
      tx,
    );
    const free = candidates.filter((row) => !linked.has(row.id));
    return (google: SyncedValues, fullName: string | null) => {
      const email = normalizeEmail(google.email);
      const byEmail = email && free.find((row) => normalizeEmail(row.email) === email);
      if (byEmail) return { contact: byEmail, reason: 'email' as const };
      const phones = [google.phone, google.mobile].map(normalizePhone).filter(Boolean);
      const byPhone = free.find((row) =>
        [row.phone, row.mobile].map(normalizePhone).some((phone) => phone && phones.includes(phone)),
      );
      if (byPhone) return { contact: byPhone, reason: 'phone' as const };
      const name = normalizeName(fullName);
      const byName = name && free.find((row) => normalizeName(row.fullName) === name);
      return byName ? { contact: byName, reason: 'name' as const } : undefined;
    };
  }

  /** Creates Relate contacts from Google contacts and links them, a few statements for any number. */
  private async createFromGoogle(userId: number, entries: NewFromGoogle[], tx: Database) {
    const bodies = entries.map(({ values }) => {
      const synced = syncedOf(values);
      const named = synced.first_name || synced.last_name;
      return {
        ...synced,
        ...(!named && { full_name: values.full_name ?? synced.email }),
        source: SOURCE,
      } as PersonInput;
    });
    const ids = await this.contacts.createMany(userId, bodies, tx);
    await this.repository.insertLinks(
      userId,
      entries.map(({ link, values }, index) => ({
        ...link,
        contactId: ids[index],
        synced: syncedOf(values),
      })),
      tx,
    );
  }

  /** Writes Google's values of `fields` into the contact; Relate edits of other fields stay to be pushed. */
  private async takeGoogleValues(
    userId: number,
    contact: ContactRow,
    google: SyncedValues,
    fields: SyncedField[],
    link: Pick<ContactLinkRow, 'resourceName' | 'etag' | 'sourceEtag' | 'sourceId'>,
    tx: Database,
  ) {
    const body = Object.fromEntries(fields.map((field) => [field, google[field]]));
    const updated = await this.contacts.updateRow(userId, contact.id, body as PersonInput, tx);
    const relate = relateValues(updated);
    const locallyEdited = SYNCED_FIELDS.some((field) => relate[field] !== google[field]);
    await this.repository.saveLink(
      userId,
      { ...link, contactId: contact.id, synced: google, locallyEdited },
      tx,
    );
  }

  /**
   * Sends Relate edits of linked contacts to Google. Each starts from Google's current contact (so
   * fields Relate does not sync are kept); when Google's contact changed since the last sync, or
   * updateContact refuses the etag, the contact becomes a `conflict` item instead.
   */
  private async pushLocalEdits(userId: number, people: GooglePeople): Promise<number> {
    let pushed = await this.pushDeletes(userId, people);
    // A contact with a decision waiting (a conflict, deleted at Google) is sent once it is made.
    const waiting = new Set((await this.repository.reviews(userId)).map((review) => review.resourceName));
    const links = (await this.repository.editedLinks(userId)).filter(
      (link) => !waiting.has(link.resourceName),
    );
    const contacts = new Map(
      (
        await this.contacts.findByIds(
          userId,
          links.flatMap((link) => link.contactId ?? []),
        )
      ).map((row) => [row.id, row]),
    );
    for (const link of links) {
      const contact = link.contactId === null ? undefined : contacts.get(link.contactId);
      if (!contact) continue;
      const relate = relateValues(contact);
      const synced = syncedOf(link.synced);
      if (!SYNCED_FIELDS.some((field) => relate[field] !== synced[field])) {
        await this.repository.saveLink(userId, { ...link, locallyEdited: false });
        continue;
      }
      const current = await people.get(link.resourceName).catch((error) => {
        if (toGoogleApiError(error)?.status === 404) return undefined;
        throw error;
      });
      if (!current) {
        // Deleted at Google since the last sync: the user decides, as for any contact deleted there.
        await this.repository.upsertReviews(userId, [this.deletedItem(link)]);
        continue;
      }
      try {
        if (
          current.etag !== link.etag &&
          SYNCED_FIELDS.some((field) => linkedValues(current, synced)[field] !== synced[field])
        ) {
          throw Object.assign(new Error('stale'), { stale: true });
        }
        const saved = await people.update(link.resourceName, valuesToPerson(relate, current));
        await this.repository.saveLink(userId, {
          ...link,
          ...etagsOf(saved),
          synced: linkedValues(saved, synced),
        });
        pushed++;
      } catch (error) {
        if (!(error as { stale?: boolean }).stale && !toGoogleApiError(error)?.isPreconditionFailed)
          throw error;
        const latest = await people.get(link.resourceName);
        const google = linkedValues(latest, synced);
        const fields = SYNCED_FIELDS.filter((field) => relate[field] !== google[field]);
        await this.db.transaction(async (tx) => {
          await this.repository.upsertReviews(
            userId,
            [
              {
                resourceName: link.resourceName,
                ...etagsOf(latest),
                values: { ...google, full_name: personDisplayName(latest, google) },
                kind: 'conflict',
                contactId: contact.id,
                matchReason: null,
                changes: Object.fromEntries(
                  fields.map((field) => [
                    field,
                    { synced: synced[field], relate: relate[field], google: google[field] },
                  ]),
                ),
              },
            ],
            tx,
          );
          await this.repository.saveLink(userId, { ...link, locallyEdited: false }, tx);
        });
      }
    }
    return pushed;
  }
}
