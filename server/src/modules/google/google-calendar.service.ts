import { randomUUID } from 'node:crypto';
import type {
  ApplyGoogleCalendarBody,
  ApplyGoogleReviewResponse,
  CalendarReviewItem,
  GoogleCalendarSyncResponse,
} from '@relate/contracts';
import type { Database } from '../../db/client';
import type { GoogleCalendar, GoogleCalendarEvent } from '../../integrations/google/google.client';
import { toGoogleApiError } from '../../integrations/google/google-errors';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { giveWay, mapGivingWay } from '../../lib/give-way';
import type { Clock } from '../../lib/time';
import type { EventRow, EventsService, EventValues } from '../events/events.service';
import {
  type CalendarContext,
  fromGoogleEvent,
  instanceId,
  instantOf,
  type MappedGoogleEvent,
  SYNCED_EVENT_FIELDS,
  syncedOf,
  toGoogleEvent,
} from './calendar-mapper';
import type { GoogleAuthService } from './google-auth.service';
import type {
  CalendarLinkRow,
  CalendarReviewRow,
  CalendarSyncedValues,
  GoogleCalendarRepository,
  NewCalendarReview,
} from './google-calendar.repository';
import { conflictChoices, fieldsToTake, reviewChanges } from './review-fields';
import type { EndSyncRun, SyncRuns } from './sync-runs';

const DAY = 86_400_000;
/** The first (and every full) sync reads one year back and two years ahead. */
const WINDOW_BACK_DAYS = 365;
const WINDOW_AHEAD_DAYS = 730;
const CALENDAR_KEY = '_calendar';
/** A read-only series (ADR 0023) carries its occurrences in the window, read with events.instances. */
const INSTANCES_KEY = '_instances';

interface FetchedChanges {
  items: GoogleCalendarEvent[];
  context: CalendarContext;
  nextSyncToken?: string;
  /** A full listing (first sync, or after 410): linked events in the window missing from it were deleted. */
  full: boolean;
  window: { from: Date; to: Date };
}

type Changes = NonNullable<CalendarReviewRow['changes']>;
type StoredGoogle = GoogleCalendarEvent & {
  [CALENDAR_KEY]?: CalendarContext;
  [INSTANCES_KEY]?: GoogleCalendarEvent[];
};

/** What went wrong, for the caller and for the status card. */
function syncFailure(error: unknown, fallback: string): AppError {
  if (error instanceof AppError) return error;
  const google = toGoogleApiError(error);
  if (google?.isRateLimited)
    return new AppError(
      503,
      'GOOGLE_RATE_LIMITED',
      "Google's rate limit was reached. Relate will try again later.",
    );
  if (google?.isInvalidGrant)
    return new AppError(409, 'GOOGLE_RECONNECT_REQUIRED', 'Google access was revoked. Connect Google again.');
  if (google || (error as { code?: unknown } | null)?.code)
    return new AppError(502, 'GOOGLE_UNAVAILABLE', 'Google did not answer as expected. Try again.');
  return new AppError(500, 'GOOGLE_SYNC_FAILED', fallback);
}

/** A client-generated event id (base32hex: 0-9 and a-v), so a retried insert cannot create a second copy. */
/** A Relate event (not an occurrence) with the Google event's title and start: likely the same event. */
const isSameEvent = (candidate: EventRow, mapped: MappedGoogleEvent) =>
  !candidate.seriesId &&
  candidate.title === mapped.values.title &&
  candidate.startAt.getTime() === mapped.values.startAt.getTime();

/** `starts` with `start` added once, in order. */
const withStart = (starts: Date[], start: Date) =>
  starts.some((each) => each.getTime() === start.getTime())
    ? starts
    : [...starts, start].sort((a, b) => a.getTime() - b.getTime());

/**
 * Google's series as Relate reads it: the occurrences Google cancelled as events of their own (kept on
 * its link) are excluded again, since Google's recurrence never lists them.
 */
const withCancellations = (mapped: MappedGoogleEvent, link?: Pick<CalendarLinkRow, 'cancelledStarts'>) => {
  if (!link?.cancelledStarts.length || mapped.readOnlyReason || mapped.values.repeatPattern === 'none')
    return mapped;
  const excludedStarts = link.cancelledStarts.reduce(withStart, mapped.values.excludedStarts ?? []);
  return { ...mapped, values: { ...mapped.values, excludedStarts } };
};

const newGoogleId = () => `relate${randomUUID().replace(/-/g, '')}`;

/** The event columns behind each synced field. */
const COLUMNS: Record<(typeof SYNCED_EVENT_FIELDS)[number], (keyof EventValues)[]> = {
  title: ['title'],
  start: ['startAt', 'allDay'],
  end: ['endAt', 'allDay'],
  all_day: ['allDay', 'startAt', 'endAt'],
  timezone: ['timezone'],
  location: ['location'],
  description: ['description'],
  recurrence: [
    'repeatPattern',
    'repeatInterval',
    'repeatDays',
    'repeatWeek',
    'repeatEndDate',
    'excludedStarts',
  ],
  alert_minutes: ['alertMinutes'],
  participants: ['participants'],
};

const diff = (a: CalendarSyncedValues, b: CalendarSyncedValues | null) =>
  SYNCED_EVENT_FIELDS.filter((field) => a[field] !== (b?.[field] ?? null));

/**
 * Two-way Google Calendar sync with a review step (ADR 0022), the calendar twin of the contacts sync:
 * a run reads the primary calendar's changes (full in a window, then incremental with the sync token),
 * and in one transaction applies what needs no decision (unless previewing), keeps the rest as review
 * items and stores the new token. Relate events with Google sync on are then pushed: inserted with a
 * client-generated id, patched with their etag (a 412 becomes a `conflict` item), deleted when deleted.
 */
export class GoogleCalendarService {
  constructor(
    private readonly db: Database,
    private readonly repository: GoogleCalendarRepository,
    private readonly auth: GoogleAuthService,
    private readonly events: EventsService,
    private readonly clock: Clock,
    private readonly runs: SyncRuns,
  ) {}

  async sync(userId: number, options: { preview: boolean }): Promise<GoogleCalendarSyncResponse> {
    const { calendar, end } = await this.claim(userId);
    let outcome: 'ok' | 'failed' = 'failed';
    try {
      const state = await this.repository.syncState(userId);
      const changes = await this.fetchChanges(calendar, state?.syncToken ?? null);
      await this.fetchReadOnlyOccurrences(calendar, changes);
      const counts = await this.db.transaction(async (tx) => {
        const result = await this.record(userId, changes, !options.preview, tx);
        await this.repository.saveSyncToken(userId, changes.nextSyncToken ?? null, this.clock(), tx);
        return result;
      });
      if (!options.preview) {
        const waited = await this.applyUndecided(userId);
        counts.created += waited.created;
        counts.updated += waited.updated;
      }
      const pushed = options.preview ? 0 : await this.push(userId, calendar);
      await this.repository.finishSync(userId, { calendarLastError: null });
      outcome = 'ok';
      const { errors, ...done } = counts;
      return {
        preview: options.preview,
        ...done,
        pushed,
        items: await this.items(userId),
        skipped: errors.length,
        errors,
      };
    } catch (error) {
      const failure = syncFailure(error, 'Failed to sync Google calendar');
      await this.repository.finishSync(userId, { calendarLastError: failure.message });
      throw failure;
    } finally {
      end(outcome);
    }
  }

  /** Sends Relate's changes only (after an event was deleted): the same lock as a sync. */
  async pushOnly(userId: number): Promise<number> {
    const { calendar, end } = await this.claim(userId);
    let outcome: 'ok' | 'failed' = 'failed';
    try {
      const pushed = await this.push(userId, calendar);
      await this.repository.finishSync(userId, { calendarLastError: null });
      outcome = 'ok';
      return pushed;
    } catch (error) {
      const failure = syncFailure(error, 'Failed to sync Google calendar');
      await this.repository.finishSync(userId, { calendarLastError: failure.message });
      throw failure;
    } finally {
      end(outcome);
    }
  }

  private async claim(userId: number): Promise<{ calendar: GoogleCalendar; end: EndSyncRun }> {
    const client = this.auth.requireClient();
    const calendar = await client.calendar(await this.auth.refreshToken(userId));
    const end = await this.runs.start(`calendar:${userId}`, {
      claim: (now, staleBefore) => this.repository.claimSync(userId, now, staleBefore),
      renew: (previous, now) => this.repository.renewSync(userId, previous, now),
    });
    if (!end) throw conflict('A Google calendar sync is already running', 'GOOGLE_SYNC_RUNNING');
    return { calendar, end };
  }

  /** The items waiting for review (or, with `dismissed`, those the user dismissed). */
  async items(userId: number, which: 'waiting' | 'dismissed' = 'waiting'): Promise<CalendarReviewItem[]> {
    const reviews = await this.repository.reviews(userId, undefined, which);
    const waiting = new Set(reviews.map((review) => review.googleEventId));
    const shown = reviews.filter((review) => !review.seriesGoogleId || !waiting.has(review.seriesGoogleId));
    const rows = new Map(
      (
        await this.events.syncRows(
          userId,
          shown.flatMap((review) => (review.eventId ? [review.eventId] : [])),
        )
      ).map((row) => [row.id, row]),
    );
    return mapGivingWay(shown, (review) => {
      const google = review.google as StoredGoogle;
      const event = review.eventId ? rows.get(review.eventId) : undefined;
      const base = {
        id: review.id,
        kind: review.kind,
        google_event_id: review.googleEventId,
        is_duplicate: review.kind === 'likely_duplicate',
        event: event ? { id: event.id, title: event.title } : null,
        changes: reviewChanges(review.changes),
      };
      if (google.status === 'cancelled') {
        // Google says little about a cancelled event: show the Relate event (or occurrence) it removes.
        const original = instantOf(google.originalStartTime);
        const start = original ?? event?.startAt ?? new Date(0);
        const duration = event ? event.endAt.getTime() - event.startAt.getTime() : 0;
        return {
          ...base,
          title: event?.title ?? '(No title)',
          start_datetime: start.toISOString(),
          end_datetime: new Date(start.getTime() + duration).toISOString(),
          all_day: event?.allDay ?? false,
          timezone: event?.timezone ?? 'UTC',
          location: event?.location ?? null,
          description: event?.description ?? null,
          recurrence: null,
          read_only_reason: null,
        };
      }
      const mapped = fromGoogleEvent(google, google[CALENDAR_KEY] ?? {});
      return {
        ...base,
        title: mapped.values.title,
        start_datetime: mapped.values.startAt.toISOString(),
        end_datetime: mapped.values.endAt.toISOString(),
        all_day: mapped.values.allDay,
        timezone: mapped.values.timezone,
        location: mapped.values.location,
        description: mapped.values.description,
        recurrence: mapped.recurrence,
        read_only_reason: mapped.readOnlyReason,
      };
    });
  }

  /** Applies the chosen review items in one transaction (a series with its changed and cancelled occurrences). */
  /**
   * What an earlier preview left waiting that needs no decision (`new` and `changed` events, their
   * occurrences with them) is applied by a sync like what it fetches: a preview never holds the sync
   * back. Each is classified again first.
   */
  private async applyUndecided(userId: number) {
    const undecided = (await this.repository.reviews(userId, undefined, 'waiting')).filter(
      (review) => (review.kind === 'new' || review.kind === 'changed') && !review.seriesGoogleId,
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
    const dismissed = await this.repository.dismissReviews(userId, ids, this.clock());
    // A series' occurrences wait (and are dismissed) with it.
    await this.repository.dismissReviews(
      userId,
      await this.occurrenceReviewIds(userId, dismissed),
      this.clock(),
    );
    return dismissed.length;
  }

  /** "Restore": dismissed items wait for review again, a series with its occurrences. */
  async restore(userId: number, ids: string[]): Promise<number> {
    const restored = await this.repository.restoreReviews(userId, ids);
    await this.repository.restoreReviews(userId, await this.occurrenceReviewIds(userId, ids));
    return restored;
  }

  private async occurrenceReviewIds(userId: number, seriesReviewIds: string[]): Promise<string[]> {
    const reviews = await this.repository.reviews(userId);
    const chosen = new Set(seriesReviewIds);
    const seriesIds = new Set(
      reviews.filter((review) => chosen.has(review.id)).map((review) => review.googleEventId),
    );
    return reviews
      .filter((review) => review.seriesGoogleId && seriesIds.has(review.seriesGoogleId))
      .map((review) => review.id);
  }

  async apply(userId: number, body: ApplyGoogleCalendarBody): Promise<ApplyGoogleReviewResponse> {
    this.auth.requireClient();
    await this.auth.refreshToken(userId);
    const choices = conflictChoices(body);
    const linkTo = (id: string) =>
      body.link_to && Object.hasOwn(body.link_to, id) ? body.link_to[id] : undefined;
    const result = { created: 0, linked: 0, updated: 0, deleted: 0, pushed: 0, skipped: 0, waiting: 0 };
    await this.db.transaction(async (tx) => {
      const ids = [...new Set(body.item_ids)];
      const found = await this.repository.reviewsByIds(userId, ids, tx);
      result.skipped = ids.length - found.length;
      // An item the user links to an event of their choice is not classified again.
      const { waiting, mappedNew } = await this.nowLikelyDuplicates(
        userId,
        found.filter((review) => !linkTo(review.id)),
        tx,
      );
      result.waiting = waiting.size;
      const reviews = found.filter((review) => !waiting.has(review.id));
      for (const review of reviews) {
        const google = review.google as StoredGoogle;
        const context = google[CALENDAR_KEY] ?? {};
        const takesGoogle =
          google.status !== 'cancelled' &&
          review.kind !== 'deleted_upstream' &&
          !(review.kind === 'conflict' && choices.kept(review.id) === true);
        const refused = takesGoogle ? fromGoogleEvent(google, context) : undefined;
        if (refused?.dateError)
          throw fieldError('item_ids', `"${refused.values.title}": ${refused.dateError}`);
        const [link] = await this.repository.linksByGoogleIds(userId, [review.googleEventId], tx);
        const [row] = link?.eventId ? await this.events.syncRows(userId, [link.eventId], tx) : [];
        if (review.seriesGoogleId && (!row || review.kind === 'deleted_upstream')) {
          const master = await this.linkedRow(userId, review.seriesGoogleId, tx);
          if (!master) throw fieldError('item_ids', 'Apply the series of this occurrence first');
          await this.applyOccurrence(userId, master, review, tx);
          if (review.kind === 'deleted_upstream') result.deleted++;
          else result.updated++;
        } else if (review.kind === 'new' && !linkTo(review.id)) {
          const created = await this.createFromGoogle(userId, google, context, tx, mappedNew.get(review.id));
          await this.applyWaitingOccurrences(userId, created, review.googleEventId, tx);
          result.created++;
        } else if (review.kind === 'new' || review.kind === 'likely_duplicate') {
          const target = await this.linkTarget(userId, review, linkTo(review.id), tx);
          const mapped = await this.map(userId, google, context, tx);
          if ((target.repeatPattern !== 'none') !== Boolean(google.recurrence?.length))
            throw fieldError(
              'link_to',
              `"${mapped.values.title}" can only be linked to ${google.recurrence?.length ? 'a repeating' : 'a single'} event`,
            );
          // The same event on both sides: Relate's empty location and description are filled from
          // Google, and what both have now is what they agree on — neither side is overwritten.
          const fill: Partial<EventValues> = {};
          if (!target.location && mapped.values.location) fill.location = mapped.values.location;
          if (!target.description && mapped.values.description) fill.description = mapped.values.description;
          if (Object.keys(fill).length > 0) await this.events.updateSyncRow(userId, target.id, fill, tx);
          await this.repository.saveLink(
            userId,
            {
              googleEventId: review.googleEventId,
              eventId: target.id,
              etag: review.etag,
              synced: {
                ...(mapped.readOnlyReason
                  ? this.syncedOfGoogle(mapped, google)
                  : await this.syncedOfRelate(userId, { ...target, ...fill }, tx)),
                google_attendees: this.syncedOfGoogle(mapped, google).google_attendees,
              },
              readOnlyReason: mapped.readOnlyReason,
            },
            tx,
          );
          await this.applyWaitingOccurrences(userId, target, review.googleEventId, tx);
          result.linked++;
        } else if (review.kind === 'deleted_upstream') {
          await this.repository.deleteLinks(userId, [review.googleEventId], tx);
          if (row) await this.events.deleteSyncRow(userId, row.id, tx);
          result.deleted++;
        } else {
          if (!row || !link) throw notFound('Event');
          const mapped = withCancellations(await this.map(userId, google, context, tx), link);
          const kept = review.kind === 'conflict' ? choices.kept(review.id) : false;
          // What Google changed is taken, but for the clashing fields the user keeps Relate's of; the
          // link takes Google's etag and the push sends what Relate holds differently.
          await this.takeGoogleValues(
            userId,
            row,
            link,
            google,
            mapped,
            fieldsToTake(review.changes, kept),
            tx,
          );
          if (kept !== true) result.updated++;
        }
        await this.repository.deleteReviews(userId, [review.googleEventId], tx);
      }
    });
    // The decisions are stored; if Google cannot take Relate's values now, the next sync sends them
    // (and the status card says why).
    if (choices.keepsAny)
      result.pushed = await this.pushOnly(userId).catch((error) => {
        if (error instanceof AppError) return 0;
        throw error;
      });
    return result;
  }

  /**
   * The `new` events a Relate event added since the preview now matches (same title and start): classified
   * again against the current calendar, they wait for review as likely duplicates instead of becoming a
   * second copy. Answers their ids, and the others mapped (so that applying them maps nothing again).
   */
  /** The Relate event a Google event is linked to: the user's choice, else the matched one; not linked yet. */
  private async linkTarget(
    userId: number,
    review: CalendarReviewRow,
    chosen: number | undefined,
    tx: Database,
  ) {
    const targetId = chosen ?? review.eventId;
    const [target] = targetId ? await this.events.syncRows(userId, [targetId], tx) : [];
    if (!target) throw fieldError('link_to', 'Choose one of your events to link this Google event to');
    if ((await this.repository.linksByEventIds(userId, [target.id], tx)).length > 0)
      throw fieldError('link_to', `"${target.title}" is already linked to another Google event`);
    return target;
  }

  private async nowLikelyDuplicates(userId: number, reviews: CalendarReviewRow[], tx: Database) {
    const fresh = [];
    for (const review of reviews) {
      const google = review.google as StoredGoogle;
      if (review.kind !== 'new' || review.seriesGoogleId || google.status === 'cancelled') continue;
      fresh.push({ review, mapped: await this.map(userId, google, google[CALENDAR_KEY] ?? {}, tx) });
    }
    const mappedNew = new Map(fresh.map(({ review, mapped }) => [review.id, mapped]));
    if (fresh.length === 0) return { waiting: new Set<string>(), mappedNew };
    const candidates = await this.events.syncRowsByTitleAndStart(
      userId,
      fresh.map(({ mapped }) => ({ title: mapped.values.title, start: mapped.values.startAt })),
      tx,
    );
    const taken = new Set(
      (
        await this.repository.linksByEventIds(
          userId,
          candidates.map((row) => row.id),
          tx,
        )
      ).map((link) => link.eventId),
    );
    const matched = fresh.flatMap(({ review, mapped }) => {
      const match = candidates.find(
        (candidate) => !taken.has(candidate.id) && isSameEvent(candidate, mapped),
      );
      if (!match) return [];
      taken.add(match.id);
      return [{ review, eventId: match.id }];
    });
    await this.repository.upsertReviews(
      userId,
      matched.map(({ review: { id: _id, userId: _user, createdAt: _at, ...review }, eventId }) => ({
        ...review,
        kind: 'likely_duplicate' as const,
        eventId,
      })),
      tx,
    );
    return { waiting: new Set(matched.map(({ review }) => review.id)), mappedNew };
  }

  /** In the transaction that deleted a Relate event: true when it was linked, so a push should delete it at Google. */
  async hasDeletedLinks(userId: number, db?: Database): Promise<boolean> {
    return (await this.repository.links(userId, db)).some((link) => link.eventId === null);
  }

  /** In the transaction that created or changed a Relate event: true when the user's calendar is connected. */
  isConnected(userId: number, db?: Database): Promise<boolean> {
    return this.repository.isConnected(userId, db);
  }

  connectedUserIds(): Promise<number[]> {
    return this.repository.connectedUserIds();
  }

  // ---- reading Google ----

  private async fetchChanges(calendar: GoogleCalendar, syncToken: string | null): Promise<FetchedChanges> {
    if (syncToken) {
      try {
        return await this.fetchAll(calendar, syncToken);
      } catch (error) {
        // 410 fullSyncRequired / updatedMinTooLongAgo: drop the token and list everything again.
        if (!toGoogleApiError(error)?.isFullSyncRequired) throw error;
      }
    }
    return this.fetchAll(calendar, undefined);
  }

  private async fetchAll(calendar: GoogleCalendar, syncToken: string | undefined): Promise<FetchedChanges> {
    const now = this.clock().getTime();
    const window = {
      from: new Date(now - WINDOW_BACK_DAYS * DAY),
      to: new Date(now + WINDOW_AHEAD_DAYS * DAY),
    };
    const items: GoogleCalendarEvent[] = [];
    let context: CalendarContext | undefined;
    let pageToken: string | undefined;
    for (;;) {
      const page = await calendar.list(
        syncToken ? { syncToken, pageToken } : { timeMin: window.from, timeMax: window.to, pageToken },
      );
      context ??= { timeZone: page.timeZone, defaultReminderMinutes: page.defaultReminderMinutes };
      items.push(...page.items.filter((item) => item.id));
      if (!page.nextPageToken)
        return { items, context, nextSyncToken: page.nextSyncToken, full: !syncToken, window };
      pageToken = page.nextPageToken;
    }
  }

  /** The occurrences of each series Relate cannot represent, read before the transaction. */
  private async fetchReadOnlyOccurrences(calendar: GoogleCalendar, changes: FetchedChanges) {
    for (const item of changes.items as StoredGoogle[]) {
      if (item.recurringEventId || item.status === 'cancelled' || !item.recurrence?.length) continue;
      const mapped = fromGoogleEvent(item, changes.context);
      if (!mapped.readOnlyReason || mapped.dateError) continue;
      item[INSTANCES_KEY] = await calendar.instances(item.id!, changes.window.from, changes.window.to);
    }
  }

  /**
   * A read-only series is its first occurrence plus one read-only row per later occurrence in the
   * window (linked to it by series_id and original_start), refreshed whenever Google's series changes.
   */
  private async storeReadOnlyOccurrences(
    userId: number,
    master: EventRow,
    google: StoredGoogle,
    readOnlyReason: string,
    tx: Database,
  ) {
    const instances = google[INSTANCES_KEY];
    if (!instances) return;
    const context = google[CALENDAR_KEY] ?? {};
    const existing = new Map(
      (await this.repository.linksWithPrefix(userId, `${google.id}_`, tx)).map((link) => [
        link.googleEventId,
        link,
      ]),
    );
    const kept = new Set<string>();
    for (const instance of instances) {
      const original = instantOf(instance.originalStartTime);
      if (!instance.id || !original || original.getTime() === master.startAt.getTime()) continue;
      if (fromGoogleEvent(instance, context).dateError) continue;
      kept.add(instance.id);
      const mapped = await this.map(userId, instance, context, tx);
      const values = { ...this.columns(mapped), repeatPattern: 'none' as const, excludedStarts: [] };
      const link = existing.get(instance.id);
      let eventId = link?.eventId ?? undefined;
      if (eventId) await this.events.updateSyncRow(userId, eventId, values, tx);
      else
        eventId = await this.events.insertSyncRow(
          userId,
          {
            ...(values as EventValues),
            eventType: master.eventType,
            googleSync: true,
            icalUid: master.icalUid,
            seriesId: master.id,
            originalStart: original,
          },
          tx,
        );
      await this.repository.saveLink(
        userId,
        {
          googleEventId: instance.id,
          eventId,
          etag: instance.etag ?? null,
          synced: this.syncedOfGoogle(mapped, instance),
          readOnlyReason,
        },
        tx,
      );
    }
    const gone = [...existing.values()].filter((link) => !kept.has(link.googleEventId));
    await this.repository.deleteLinks(
      userId,
      gone.map((link) => link.googleEventId),
      tx,
    );
    for (const link of gone) if (link.eventId) await this.events.deleteSyncRow(userId, link.eventId, tx);
  }

  /** Google's event as Relate fields, its guests kept as participants when they are Relate users of the group. */
  private async map(
    userId: number,
    google: GoogleCalendarEvent,
    context: CalendarContext,
    tx: Database,
    known?: Set<string>,
  ): Promise<MappedGoogleEvent> {
    const mapped = fromGoogleEvent(google, context);
    const members =
      known ??
      (await this.events.groupUserEmails(
        userId,
        mapped.attendees.map((attendee) => attendee.email),
        tx,
      ));
    mapped.values.participants = mapped.attendees.filter((attendee) => members.has(attendee.email));
    return mapped;
  }

  private syncedOfGoogle(mapped: MappedGoogleEvent, google: GoogleCalendarEvent): CalendarSyncedValues {
    return {
      ...syncedOf(mapped.values, mapped.readOnlyReason ? mapped.recurrenceLines : undefined),
      google_attendees: JSON.stringify(
        (google.attendees ?? []).map((attendee) => ({
          email: attendee.email,
          ...(attendee.displayName && { displayName: attendee.displayName }),
          ...(attendee.optional && { optional: true }),
          ...(attendee.resource && { resource: true }),
        })),
      ),
    };
  }

  /** A Relate event's synced fields, its participants counted only when they are Relate users of the group. */
  private async syncedOfRelate(
    userId: number,
    row: EventRow,
    tx?: Database,
    known?: Set<string>,
  ): Promise<CalendarSyncedValues> {
    const members =
      known ??
      (await this.events.groupUserEmails(
        userId,
        row.participants.map((participant) => participant.email),
        tx,
      ));
    return syncedOf({
      ...row,
      participants: row.participants.filter((participant) => members.has(participant.email.toLowerCase())),
    });
  }

  private async record(userId: number, changes: FetchedChanges, autoApply: boolean, tx: Database) {
    const counts = { created: 0, updated: 0, deleted: 0, errors: [] as GoogleCalendarSyncResponse['errors'] };
    // An event with a date Relate cannot store is skipped and reported (a linked one stays as it was);
    // a decision waiting for it from an earlier run goes, since Google no longer has that version.
    const refused = new Set<string>();
    for (const [index, item] of changes.items.entries()) {
      await giveWay(index);
      if (item.status === 'cancelled') continue;
      const { dateError, values } = fromGoogleEvent(item, changes.context);
      if (!dateError) continue;
      refused.add(item.id!);
      counts.errors.push({ google_event_id: item.id!, title: values.title, error: dateError });
    }
    const items = changes.items.filter((item) => !refused.has(item.id!));
    const ids = items.map((item) => item.id!);
    const seriesIds = [
      ...new Set(items.flatMap((item) => (item.recurringEventId ? [item.recurringEventId] : []))),
    ];
    const links = changes.full
      ? await this.repository.links(userId, tx)
      : await this.repository.linksByGoogleIds(userId, [...ids, ...seriesIds], tx);
    const linkById = new Map(links.map((link) => [link.googleEventId, link]));
    const rows = new Map(
      (
        await this.events.syncRows(
          userId,
          links.flatMap((link) => (link.eventId ? [link.eventId] : [])),
          tx,
        )
      ).map((row) => [row.id, row]),
    );
    const rowOf = (googleId: string) => {
      const eventId = linkById.get(googleId)?.eventId;
      return eventId ? rows.get(eventId) : undefined;
    };
    const waiting = await this.repository.pendingGoogleIds(userId, seriesIds, tx);
    const settled: string[] = [];
    const reviews: NewCalendarReview[] = [];
    const stored = (item: GoogleCalendarEvent): StoredGoogle => ({
      ...item,
      [CALENDAR_KEY]: changes.context,
    });
    const review = (
      item: GoogleCalendarEvent,
      entry: Omit<NewCalendarReview, 'googleEventId' | 'etag' | 'google'>,
    ) => {
      reviews.push({ googleEventId: item.id!, etag: item.etag ?? '', google: stored(item), ...entry });
      if (!entry.seriesGoogleId) waiting.add(item.id!);
    };

    // Likely duplicates: an unlinked Relate event with the same title and start.
    const masters = items.filter((item) => !item.recurringEventId);
    // Which guests and participants are Relate users of the group: one query for the whole run.
    const members = await this.events.groupUserEmails(
      userId,
      [
        ...items.flatMap((item) => (item.attendees ?? []).flatMap((attendee) => attendee.email ?? [])),
        ...[...rows.values()].flatMap((row) => row.participants.map((participant) => participant.email)),
      ],
      tx,
    );
    const mappedById = new Map<string, MappedGoogleEvent>();
    for (const [index, item] of items.entries()) {
      await giveWay(index);
      if (item.status !== 'cancelled')
        mappedById.set(
          item.id!,
          withCancellations(
            await this.map(userId, item, changes.context, tx, members),
            linkById.get(item.id!),
          ),
        );
    }
    const unlinked = masters.filter((item) => item.status !== 'cancelled' && !linkById.has(item.id!));
    const candidates = await this.events.syncRowsByTitleAndStart(
      userId,
      unlinked.map((item) => ({
        title: mappedById.get(item.id!)!.values.title,
        start: mappedById.get(item.id!)!.values.startAt,
      })),
      tx,
    );
    const taken = new Set(
      (
        await this.repository.linksByEventIds(
          userId,
          candidates.map((row) => row.id),
          tx,
        )
      ).map((link) => link.eventId),
    );

    for (const [index, item] of masters.entries()) {
      await giveWay(index);
      const id = item.id!;
      const link = linkById.get(id);
      const row = rowOf(id);
      if (item.status === 'cancelled') {
        if (row)
          review(item, { kind: 'deleted_upstream', eventId: row.id, seriesGoogleId: null, changes: null });
        else {
          if (link?.eventId === null) continue; // deleted on both sides: the push forgets the link
          if (link) await this.repository.deleteLinks(userId, [id], tx);
          settled.push(id);
        }
        continue;
      }
      const mapped = mappedById.get(id)!;
      if (link && !link.eventId) continue; // deleted in Relate: the push deletes it at Google
      if (link && !link.etag) continue; // an insert whose answer was lost: the push's retry links it
      if (link && row) {
        const outcome = await this.compare(userId, item, mapped, link, row, autoApply, tx, members);
        if (outcome.review) review(item, { ...outcome.review, seriesGoogleId: null });
        else settled.push(id);
        if (outcome.updated) counts.updated++;
        continue;
      }
      const match = candidates.find(
        (candidate) => !taken.has(candidate.id) && isSameEvent(candidate, mapped),
      );
      if (match) {
        taken.add(match.id);
        review(item, { kind: 'likely_duplicate', eventId: match.id, seriesGoogleId: null, changes: null });
      } else if (autoApply) {
        const created = await this.createFromGoogle(userId, item, changes.context, tx, mapped);
        linkById.set(id, { ...(await this.linkOf(userId, id, tx))! });
        rows.set(created.id, created);
        counts.created++;
        settled.push(id);
      } else review(item, { kind: 'new', eventId: null, seriesGoogleId: null, changes: null });
    }

    // Changed and cancelled occurrences of series.
    for (const item of items.filter((entry) => entry.recurringEventId)) {
      const id = item.id!;
      const seriesId = item.recurringEventId!;
      const master = rowOf(seriesId);
      const own = rowOf(id);
      const kind = item.status === 'cancelled' ? 'deleted_upstream' : own ? 'changed' : 'new';
      if (!master) {
        // Its series waits for a decision: the occurrence is applied with it.
        if (waiting.has(seriesId))
          review(item, { kind, eventId: null, seriesGoogleId: seriesId, changes: null });
        else settled.push(id);
        continue;
      }
      if (own && item.status !== 'cancelled') {
        const outcome = await this.compare(
          userId,
          item,
          mappedById.get(id)!,
          linkById.get(id)!,
          own,
          autoApply,
          tx,
          members,
        );
        if (outcome.review) review(item, { ...outcome.review, seriesGoogleId: seriesId });
        else settled.push(id);
        if (outcome.updated) counts.updated++;
        continue;
      }
      const entry = {
        googleEventId: id,
        seriesGoogleId: seriesId,
        kind: kind as NewCalendarReview['kind'],
        etag: item.etag ?? '',
        google: stored(item),
        eventId: own?.id ?? master.id,
        changes: null,
      };
      if (autoApply) {
        await this.applyOccurrence(userId, master, entry, tx, mappedById.get(id));
        if (kind === 'deleted_upstream') counts.deleted++;
        else counts.created++;
        settled.push(id);
      } else {
        const original = instantOf(item.originalStartTime);
        const mapped = mappedById.get(id);
        review(item, {
          kind: kind === 'new' ? 'changed' : kind,
          eventId: master.id,
          seriesGoogleId: seriesId,
          changes: mapped
            ? {
                start: {
                  synced: original?.toISOString() ?? null,
                  relate: original?.toISOString() ?? null,
                  google: mapped.values.startAt.toISOString(),
                },
              }
            : null,
        });
      }
    }

    if (changes.full) {
      // A full listing names every event in the window: a linked one it lacks was deleted at Google.
      const listed = new Set(changes.items.map((item) => item.id!));
      for (const link of links) {
        const row = link.eventId ? rows.get(link.eventId) : undefined;
        if (!row || !link.etag || listed.has(link.googleEventId)) continue;
        // Occurrences of a read-only series are not listed on their own; their series refreshes them.
        if (link.readOnlyReason && row.seriesId) continue;
        const inWindow =
          row.startAt < changes.window.to &&
          (row.endAt >= changes.window.from || row.repeatPattern !== 'none');
        if (!inWindow) continue;
        reviews.push({
          googleEventId: link.googleEventId,
          seriesGoogleId: null,
          kind: 'deleted_upstream',
          etag: link.etag,
          google: { id: link.googleEventId, status: 'cancelled' },
          eventId: row.id,
          changes: null,
        });
      }
    }
    await this.repository.upsertReviews(userId, reviews, tx);
    await this.repository.deleteReviews(
      userId,
      [...settled, ...refused].filter((id) => !reviews.some((entry) => entry.googleEventId === id)),
      tx,
    );
    return counts;
  }

  private async linkOf(userId: number, googleId: string, tx: Database) {
    const [link] = await this.repository.linksByGoogleIds(userId, [googleId], tx);
    return link;
  }

  private async linkedRow(userId: number, googleId: string, tx: Database): Promise<EventRow | undefined> {
    const link = await this.linkOf(userId, googleId, tx);
    if (!link?.eventId) return undefined;
    const [row] = await this.events.syncRows(userId, [link.eventId], tx);
    return row;
  }

  /**
   * A linked event Google changed: nothing to do when the synced fields are as agreed (only the etag
   * moves on); a `conflict` when a field changed on both sides to different values; else Google's
   * values are taken (or, previewing, kept as a `changed` item).
   */
  private async compare(
    userId: number,
    item: GoogleCalendarEvent,
    mapped: MappedGoogleEvent,
    link: CalendarLinkRow,
    row: EventRow,
    autoApply: boolean,
    tx: Database,
    members?: Set<string>,
  ): Promise<{ review?: Pick<NewCalendarReview, 'kind' | 'eventId' | 'changes'>; updated?: boolean }> {
    const google = this.syncedOfGoogle(mapped, item);
    const synced = link.synced;
    const upstream = diff(google, synced);
    if (upstream.length === 0) {
      await this.repository.saveLink(
        userId,
        {
          ...link,
          etag: item.etag ?? link.etag,
          synced: { ...synced, google_attendees: google.google_attendees },
        },
        tx,
      );
      return {};
    }
    const relate = await this.syncedOfRelate(userId, row, tx, members);
    // A read-only event is never edited in Relate's terms: Google's version wins.
    const clashing = link.readOnlyReason
      ? []
      : upstream.filter(
          (field) => relate[field] !== (synced?.[field] ?? null) && relate[field] !== google[field],
        );
    const changes: Changes = Object.fromEntries(
      upstream.map((field) => [
        field,
        { synced: synced?.[field] ?? null, relate: relate[field] ?? null, google: google[field] ?? null },
      ]),
    );
    if (clashing.length > 0) return { review: { kind: 'conflict', eventId: row.id, changes } };
    if (!autoApply) return { review: { kind: 'changed', eventId: row.id, changes } };
    await this.takeGoogleValues(userId, row, link, item, mapped, upstream, tx);
    return { updated: true };
  }

  /** Relate columns of a mapped Google event; participants who are not Relate users of the group stay. */
  private columns(mapped: MappedGoogleEvent, current?: EventRow): Partial<EventValues> {
    const { participants, ...values } = mapped.values;
    const members = new Set(participants.map((participant) => participant.email));
    const guests = (current?.participants ?? []).filter((participant) => !members.has(participant.email));
    return { ...values, participants: [...participants, ...guests] };
  }

  /** Writes Google's values of `fields` into the event; Relate edits of other fields stay to be pushed. */
  private async takeGoogleValues(
    userId: number,
    row: EventRow,
    link: CalendarLinkRow,
    google: GoogleCalendarEvent,
    mapped: MappedGoogleEvent,
    fields: readonly string[],
    tx: Database,
  ) {
    const all = this.columns(mapped, row);
    const wanted = new Set(fields.flatMap((field) => COLUMNS[field as keyof typeof COLUMNS] ?? []));
    const values = Object.fromEntries(
      Object.entries(all).filter(([column]) => wanted.has(column as keyof EventValues)),
    ) as Partial<EventValues>;
    if (row.seriesId) Object.assign(values, { repeatPattern: 'none', excludedStarts: [] });
    if (Object.keys(values).length > 0) await this.events.updateSyncRow(userId, row.id, values, tx);
    if (mapped.readOnlyReason && !row.seriesId)
      await this.storeReadOnlyOccurrences(
        userId,
        { ...row, ...values } as EventRow,
        google as StoredGoogle,
        mapped.readOnlyReason,
        tx,
      );
    await this.repository.saveLink(
      userId,
      {
        ...link,
        etag: google.etag ?? link.etag,
        synced: this.syncedOfGoogle(mapped, google),
        readOnlyReason: mapped.readOnlyReason,
      },
      tx,
    );
  }

  private async createFromGoogle(
    userId: number,
    google: GoogleCalendarEvent,
    context: CalendarContext,
    tx: Database,
    known?: MappedGoogleEvent,
  ): Promise<EventRow> {
    const mapped = known ?? (await this.map(userId, google, context, tx));
    const id = await this.events.insertSyncRow(
      userId,
      {
        ...(this.columns(mapped) as Required<MappedGoogleEvent['values']>),
        eventType: 'meeting',
        googleSync: true,
        icalUid: google.iCalUID ?? null,
      },
      tx,
    );
    await this.repository.saveLink(
      userId,
      {
        googleEventId: google.id!,
        eventId: id,
        etag: google.etag ?? null,
        synced: this.syncedOfGoogle(mapped, google),
        readOnlyReason: mapped.readOnlyReason,
      },
      tx,
    );
    const [row] = await this.events.syncRows(userId, [id], tx);
    if (mapped.readOnlyReason)
      await this.storeReadOnlyOccurrences(userId, row, google as StoredGoogle, mapped.readOnlyReason, tx);
    return row;
  }

  /** The occurrences waiting with a series the user just imported or linked. */
  private async applyWaitingOccurrences(
    userId: number,
    master: EventRow,
    seriesGoogleId: string,
    tx: Database,
  ) {
    const occurrences = await this.repository.reviewsOfSeries(userId, [seriesGoogleId], tx);
    let current = master;
    for (const occurrence of occurrences) {
      current = (await this.applyOccurrence(userId, current, occurrence, tx)) ?? current;
      await this.repository.deleteReviews(userId, [occurrence.googleEventId], tx);
    }
  }

  /**
   * One occurrence of a Relate series as Google has it (ADR 0023): cancelled → its original start joins
   * the series' excluded starts (and a row of its own goes); changed → a row of its own linked to the
   * series by `series_id` and `original_start`. Answers the series as it is afterwards.
   */
  private async applyOccurrence(
    userId: number,
    master: EventRow,
    review: Pick<CalendarReviewRow, 'googleEventId' | 'google' | 'etag'>,
    tx: Database,
    known?: MappedGoogleEvent,
  ): Promise<EventRow | undefined> {
    const google = review.google as StoredGoogle;
    const original = instantOf(google.originalStartTime);
    if (!original) return undefined;
    const link = await this.linkOf(userId, review.googleEventId, tx);
    const [linked] = link?.eventId ? await this.events.syncRows(userId, [link.eventId], tx) : [];
    // Unlinked, the series may still hold this occurrence's row (a reconnect dropped the links): it is
    // this occurrence, taken over rather than inserted twice.
    const own = linked ?? (await this.events.syncOverrideRow(userId, master.id, original, tx));
    if (google.status === 'cancelled') {
      if (link) await this.repository.deleteLinks(userId, [review.googleEventId], tx);
      if (own) await this.events.deleteSyncRow(userId, own.id, tx);
      // Google keeps a cancelled occurrence as an event of its own, not as an EXDATE of the series: the
      // series' link remembers it (a rename or a full listing of the series alone would bring it back),
      // and the series' agreed recurrence takes the exclusion, so the push does not send it back.
      const masterLink = (await this.repository.linksByEventIds(userId, [master.id], tx))[0];
      const excludedStarts = withStart(master.excludedStarts, original);
      const updated = { ...master, excludedStarts };
      if (excludedStarts.length > master.excludedStarts.length)
        await this.events.updateSyncRow(userId, master.id, { excludedStarts }, tx);
      if (masterLink?.synced)
        await this.repository.saveLink(
          userId,
          {
            ...masterLink,
            cancelledStarts: withStart(masterLink.cancelledStarts, original),
            synced: {
              ...masterLink.synced,
              recurrence: (await this.syncedOfRelate(userId, updated, tx)).recurrence,
            },
          },
          tx,
        );
      return updated;
    }
    const mapped = known ?? (await this.map(userId, google, google[CALENDAR_KEY] ?? {}, tx));
    const values = {
      ...this.columns(mapped, own),
      repeatPattern: 'none' as const,
      repeatInterval: 1,
      repeatDays: [],
      repeatEndDate: null,
      excludedStarts: [],
    };
    let eventId = own?.id;
    if (own) await this.events.updateSyncRow(userId, own.id, values, tx);
    else
      eventId = await this.events.insertSyncRow(
        userId,
        {
          ...(values as EventValues),
          eventType: master.eventType,
          project: master.project,
          googleSync: master.googleSync,
          icalUid: google.iCalUID ?? master.icalUid,
          seriesId: master.id,
          originalStart: original,
        },
        tx,
      );
    await this.repository.saveLink(
      userId,
      {
        googleEventId: review.googleEventId,
        eventId: eventId!,
        etag: google.etag ?? review.etag,
        synced: this.syncedOfGoogle(mapped, google),
        readOnlyReason: null,
      },
      tx,
    );
    return master;
  }

  // ---- writing to Google ----

  /**
   * Sends Relate's changes: deletes the Google events of deleted Relate events, inserts new events with
   * sync on (a client-generated id stored before the call: a retry after a lost answer gets 409 and
   * links the copy Google already has), patches changed fields with the link's etag (412: Google's
   * current event becomes a `conflict` item, neither side's values lost). Read-only events are never sent.
   */
  private async push(userId: number, calendar: GoogleCalendar): Promise<number> {
    let pushed = 0;
    const links = await this.repository.links(userId);
    for (const link of links.filter((entry) => entry.eventId === null)) {
      await calendar.delete(link.googleEventId);
      await this.repository.deleteLinks(userId, [link.googleEventId]);
      pushed++;
    }
    const since = new Date(this.clock().getTime() - WINDOW_BACK_DAYS * DAY);
    const rows = (await this.events.googleSyncedRows(userId, since)).sort(
      (a, b) => Number(Boolean(a.seriesId)) - Number(Boolean(b.seriesId)) || a.id - b.id,
    );
    const linkByEvent = new Map(
      (await this.repository.links(userId)).flatMap((link) =>
        link.eventId ? [[link.eventId, link] as const] : [],
      ),
    );
    const waiting = new Set(
      (await this.repository.reviews(userId)).flatMap((review) => (review.eventId ? [review.eventId] : [])),
    );
    const members = await this.events.groupUserEmails(
      userId,
      rows.flatMap((row) => row.participants.map((participant) => participant.email)),
    );
    for (const row of rows) {
      const link = linkByEvent.get(row.id);
      if (link?.readOnlyReason || waiting.has(row.id)) continue;
      const relate = await this.syncedOfRelate(userId, row, undefined, members);
      if (!link?.etag) {
        const saved = await this.insert(userId, calendar, row, link, linkByEvent);
        if (!saved) continue;
        const savedLink = {
          googleEventId: saved.id!,
          eventId: row.id,
          etag: saved.etag ?? null,
          synced: { ...relate, google_attendees: JSON.stringify(saved.attendees ?? []) },
          readOnlyReason: null,
        };
        await this.repository.saveLink(userId, savedLink);
        linkByEvent.set(row.id, { ...savedLink, userId, syncedAt: new Date(), cancelledStarts: [] });
        pushed++;
        continue;
      }
      const fields = diff(relate, link.synced);
      if (fields.length === 0) continue;
      const previous = link.synced ?? {};
      const body = toGoogleEvent(row, {
        fields,
        previousAttendees: JSON.parse(previous.google_attendees ?? '[]'),
        previousParticipants: (previous.participants ?? '').split(', ').filter(Boolean),
      });
      try {
        const saved = await calendar.patch(link.googleEventId, body, link.etag);
        await this.repository.saveLink(userId, {
          ...link,
          etag: saved.etag ?? null,
          synced: { ...relate, google_attendees: JSON.stringify(saved.attendees ?? []) },
        });
        pushed++;
      } catch (error) {
        if (!toGoogleApiError(error)?.isPreconditionFailed) throw error;
        await this.recordConflict(userId, calendar, row, link, relate);
      }
    }
    return pushed;
  }

  /** Inserts a Relate event (or the changed occurrence of a linked series) at Google. */
  private async insert(
    userId: number,
    calendar: GoogleCalendar,
    row: EventRow,
    link: CalendarLinkRow | undefined,
    linkByEvent: Map<number, CalendarLinkRow>,
  ): Promise<GoogleCalendarEvent | undefined> {
    if (row.seriesId) {
      // An occurrence changed in Relate: Google keeps it as a changed instance of the series.
      const series = linkByEvent.get(row.seriesId);
      if (!series?.etag || !row.originalStart) return undefined;
      return calendar.patch(
        instanceId(series.googleEventId, row.originalStart, row.allDay),
        toGoogleEvent(row, { fields: SYNCED_EVENT_FIELDS.filter((field) => field !== 'recurrence') }),
      );
    }
    const id = link?.googleEventId ?? newGoogleId();
    if (!link)
      await this.repository.saveLink(userId, {
        googleEventId: id,
        eventId: row.id,
        etag: null,
        synced: null,
      });
    try {
      return await calendar.insert({ id, ...toGoogleEvent(row) });
    } catch (error) {
      // 409: an earlier try reached Google though its answer was lost; that copy is the one.
      if (!toGoogleApiError(error)?.isDuplicate) throw error;
      return calendar.get(id);
    }
  }

  private async recordConflict(
    userId: number,
    calendar: GoogleCalendar,
    row: EventRow,
    link: CalendarLinkRow,
    relate: CalendarSyncedValues,
  ) {
    const latest = await calendar.get(link.googleEventId);
    const context = { timeZone: row.timezone };
    await this.db.transaction(async (tx) => {
      const mapped = await this.map(userId, latest, context, tx);
      const google = this.syncedOfGoogle(mapped, latest);
      const fields = SYNCED_EVENT_FIELDS.filter((field) => relate[field] !== google[field]);
      await this.repository.upsertReviews(
        userId,
        [
          {
            googleEventId: link.googleEventId,
            seriesGoogleId: latest.recurringEventId ?? null,
            kind: 'conflict',
            etag: latest.etag ?? '',
            google: { ...latest, [CALENDAR_KEY]: context },
            eventId: row.id,
            changes: Object.fromEntries(
              fields.map((field) => [
                field,
                {
                  synced: link.synced?.[field] ?? null,
                  relate: relate[field] ?? null,
                  google: google[field] ?? null,
                },
              ]),
            ),
          },
        ],
        tx,
      );
    });
  }
}
