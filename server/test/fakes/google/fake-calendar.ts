import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import rrulePackage from 'rrule';
import { fromFloating, toFloating } from '../../../src/lib/time-zone';

const { RRule } = rrulePackage;

const reference = (name: string) =>
  JSON.parse(readFileSync(new URL(`./reference/${name}`, import.meta.url), 'utf8'));

/** An event as a test writes it: Calendar fields without id, etag and status. */
export type CalendarEventFields = Record<string, unknown> & {
  summary?: string;
  description?: string;
  location?: string;
  start?: { dateTime?: string; date?: string; timeZone?: string };
  end?: { dateTime?: string; date?: string; timeZone?: string };
  recurrence?: string[];
  attendees?: {
    email: string;
    displayName?: string;
    responseStatus?: string;
    self?: boolean;
    resource?: boolean;
  }[];
  reminders?: { useDefault: boolean; overrides?: { method: string; minutes: number }[] };
};

/** An event as the Calendar API answers it. */
export type RenderedEvent = CalendarEventFields & {
  kind: string;
  id: string;
  etag: string;
  status: string;
  recurringEventId?: string;
  originalStartTime?: OriginalStart;
};

export type OriginalStart = { dateTime: string; timeZone?: string } | { date: string };

interface StoredEvent {
  id: string;
  version: number;
  changeSeq: number;
  cancelled: boolean;
  created: string;
  updated: string;
  recurringEventId?: string;
  originalStartTime?: OriginalStart;
  fields: CalendarEventFields;
}

type Send = (status: number, payload?: unknown) => void;

const base64url = (value: string) => Buffer.from(value).toString('base64url');
const notFound = {
  error: {
    errors: [{ domain: 'global', reason: 'notFound', message: 'Not Found' }],
    code: 404,
    message: 'Not Found',
  },
};
const invalid = (message: string) => ({
  error: { errors: [{ domain: 'global', reason: 'invalid', message }], code: 400, message },
});
/** Google's client-supplied ids: base32hex (a-v, 0-9), 5 to 1024 characters. */
const VALID_ID = /^[a-v0-9]{5,1024}$/;
const startOf = (time: { dateTime?: string; date?: string } | undefined) =>
  time?.dateTime ? Date.parse(time.dateTime) : time?.date ? Date.parse(`${time.date}T00:00:00Z`) : Number.NaN;
const instanceSuffix = (start: OriginalStart) =>
  'date' in start
    ? start.date.replace(/-/g, '')
    : new Date(start.dateTime)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');

/**
 * The primary calendar of each fake Google account: events.list (paging, full listings bounded by
 * timeMin/timeMax, sync tokens with every change including cancellations, 410 when a token is
 * invalidated), get, insert (client ids, 409 on a used one), patch (If-Match etag, 412), delete, and
 * recurring series with changed and cancelled instances (`<seriesId>_<originalStart>`), in the wire
 * shapes of shared/reference/google.
 */
export class FakeCalendar {
  /** Each account's calendar zone (what events.list answers as `timeZone`). */
  timeZone = 'Europe/Berlin';
  private readonly calendars = new Map<string, Map<string, StoredEvent>>();
  private readonly epochs = new Map<string, number>();
  private seq = 0;
  private ids = 0;

  // ---- what tests and the dev seed drive ----

  addEvent(
    sub: string,
    fields: CalendarEventFields,
    id = `ev${(++this.ids).toString(32)}${Date.now().toString(32)}`,
  ): string {
    const now = new Date().toISOString();
    this.events(sub).set(id, {
      id,
      version: 1,
      changeSeq: ++this.seq,
      cancelled: false,
      created: now,
      updated: now,
      fields,
    });
    return id;
  }

  /** The reference's sample events: a meeting with guests, a two-day all-day fair, a weekly series with a moved Monday. */
  addReferenceEvents(sub: string, shiftDays = 0): string[] {
    const items = [
      ...reference('calendar_events_list_page1_response.json').items,
      ...reference('calendar_events_list_lastpage_response.json').items,
    ] as (CalendarEventFields & {
      id: string;
      recurringEventId?: string;
      originalStartTime?: OriginalStart;
    })[];
    const shift = (time?: { dateTime?: string; date?: string; timeZone?: string }) => {
      if (!time || shiftDays === 0) return time;
      if (time.date)
        return { date: new Date(Date.parse(time.date) + shiftDays * 86_400_000).toISOString().slice(0, 10) };
      // The same wall-clock time in the event's zone, shiftDays later (09:00 stays 09:00 across DST).
      const zone = time.timeZone ?? 'UTC';
      const floating = toFloating(new Date(time.dateTime!), zone);
      return {
        ...time,
        dateTime: fromFloating(new Date(floating.getTime() + shiftDays * 86_400_000), zone).toISOString(),
      };
    };
    return items.map(
      ({
        id,
        etag: _e,
        kind: _k,
        status: _s,
        htmlLink: _h,
        created: _c,
        updated: _u,
        iCalUID: _i,
        recurringEventId,
        originalStartTime,
        ...fields
      }) => {
        const shifted = { ...fields, start: shift(fields.start), end: shift(fields.end) };
        if (recurringEventId && originalStartTime)
          return this.changeOccurrence(
            sub,
            recurringEventId,
            shift(originalStartTime) as OriginalStart,
            shifted,
          );
        // Shifting a series moves its EXDATEs and UNTIL too much to keep; shifted series drop them.
        if (shiftDays && fields.recurrence) shifted.recurrence = ['RRULE:FREQ=WEEKLY;BYDAY=MO'];
        return this.addEvent(sub, shifted, id);
      },
    );
  }

  editEvent(sub: string, id: string, fields: Partial<CalendarEventFields>): void {
    const event = this.existing(sub, id);
    event.fields = { ...event.fields, ...fields };
    this.touch(event);
  }

  deleteEvent(sub: string, id: string): void {
    const event = this.existing(sub, id);
    event.cancelled = true;
    this.touch(event);
  }

  /** One occurrence of a series moved or edited at Google: an instance event of its own. */
  changeOccurrence(
    sub: string,
    seriesId: string,
    originalStart: OriginalStart,
    fields: Partial<CalendarEventFields>,
  ): string {
    const series = this.existing(sub, seriesId);
    const id = `${seriesId}_${instanceSuffix(originalStart)}`;
    const current = this.events(sub).get(id);
    if (current) {
      current.fields = { ...current.fields, ...fields };
      current.cancelled = false;
      this.touch(current);
      return id;
    }
    const { recurrence: _r, ...seriesFields } = series.fields;
    const now = new Date().toISOString();
    this.events(sub).set(id, {
      id,
      version: 1,
      changeSeq: ++this.seq,
      cancelled: false,
      created: now,
      updated: now,
      recurringEventId: seriesId,
      originalStartTime: originalStart,
      fields: { ...seriesFields, ...fields },
    });
    return id;
  }

  /** One occurrence of a series deleted at Google: a cancelled instance. */
  cancelOccurrence(sub: string, seriesId: string, originalStart: OriginalStart): string {
    const id = this.changeOccurrence(sub, seriesId, originalStart, {});
    this.deleteEvent(sub, id);
    return id;
  }

  /** The event as events.get answers it, or undefined when it does not exist or was deleted. */
  event(sub: string, id: string) {
    const event = this.events(sub).get(id);
    return event && !event.cancelled ? this.render(event) : undefined;
  }

  listEvents(sub: string) {
    return [...this.events(sub).values()]
      .filter((event) => !event.cancelled)
      .map((event) => this.render(event));
  }

  /** Every sync token given out so far answers 410 fullSyncRequired. */
  expireSyncTokens(sub: string): void {
    this.epochs.set(sub, (this.epochs.get(sub) ?? 0) + 1);
  }

  // ---- HTTP (the caller is authenticated by FakeGoogle) ----

  handle(
    sub: string,
    method: string,
    url: URL,
    body: string,
    headers: IncomingHttpHeaders,
    send: Send,
  ): boolean {
    const instances = /^\/calendar\/v3\/calendars\/primary\/events\/([^/]+)\/instances$/.exec(url.pathname);
    if (instances && method === 'GET') {
      this.instances(sub, decodeURIComponent(instances[1]), url.searchParams, send);
      return true;
    }
    const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return false;
    if (decodeURIComponent(match[1]) !== 'primary') {
      send(404, notFound);
      return true;
    }
    const id = match[2] && decodeURIComponent(match[2]);
    if (!id && method === 'GET') this.list(sub, url.searchParams, send);
    else if (!id && method === 'POST') this.insert(sub, JSON.parse(body || '{}'), send);
    else if (id && method === 'GET') {
      const event = this.events(sub).get(id);
      if (event) send(200, this.render(event));
      else send(404, notFound);
    } else if (id && method === 'PATCH')
      this.patch(sub, id, JSON.parse(body || '{}'), headers['if-match'], send);
    else if (id && method === 'DELETE') {
      const event = this.events(sub).get(id) ?? this.instance(sub, id);
      if (!event) send(404, notFound);
      else if (event.cancelled) send(410, reference('calendar_error_410_deleted.json'));
      else {
        event.cancelled = true;
        this.touch(event);
        send(204);
      }
    } else return false;
    return true;
  }

  private list(sub: string, query: URLSearchParams, send: Send) {
    const syncToken = query.get('syncToken');
    if (
      syncToken &&
      ['timeMin', 'timeMax', 'updatedMin', 'q', 'orderBy', 'iCalUID'].some((key) => query.has(key))
    )
      return send(400, invalid('Sync token cannot be used with other filters'));
    if (query.get('singleEvents') === 'true')
      return send(400, invalid('singleEvents=true is not supported by the fake'));
    const epoch = this.epochs.get(sub) ?? 0;
    let since = 0;
    if (syncToken) {
      const decoded = decode(syncToken);
      if (!decoded || decoded.sub !== sub || decoded.epoch !== epoch)
        return send(410, reference('calendar_error_410_full_sync_required.json'));
      since = decoded.seq;
    }
    const pageToken = query.get('pageToken');
    const page = pageToken ? decode(pageToken) : undefined;
    if (pageToken && (!page || page.params !== paramsKey(query)))
      return send(400, invalid('Invalid page token'));
    const asOf = page?.seq ?? this.seq;
    const offset = page?.offset ?? 0;
    const maxResults = Math.min(Math.max(Number(query.get('maxResults') ?? 250) || 250, 1), 2500);
    const timeMin = query.get('timeMin') ? Date.parse(query.get('timeMin')!) : Number.NEGATIVE_INFINITY;
    const timeMax = query.get('timeMax') ? Date.parse(query.get('timeMax')!) : Number.POSITIVE_INFINITY;
    const showDeleted = query.get('showDeleted') === 'true';
    const matching = [...this.events(sub).values()]
      .filter((event) => event.changeSeq <= asOf)
      .filter((event) => {
        if (syncToken) return event.changeSeq > since;
        // Cancelled instances of a series are listed even without showDeleted (singleEvents=false).
        if (event.cancelled && !showDeleted && !event.recurringEventId) return false;
        const start = event.originalStartTime
          ? startOf(event.originalStartTime)
          : startOf(event.fields.start);
        if (event.fields.recurrence) return start < timeMax;
        const end = event.originalStartTime ? start : startOf(event.fields.end);
        return start < timeMax && end > timeMin;
      })
      .sort((a, b) => a.changeSeq - b.changeSeq);
    const slice = matching.slice(offset, offset + maxResults);
    const last = offset + maxResults >= matching.length;
    const payload: Record<string, unknown> = {
      kind: 'calendar#events',
      etag: `"p33sdv5nnrr${asOf}"`,
      summary: 'primary',
      description: '',
      updated: new Date().toISOString(),
      timeZone: this.timeZone,
      accessRole: 'owner',
      defaultReminders: [{ method: 'popup', minutes: 10 }],
      items: slice.map((event) => this.render(event)),
    };
    if (!last)
      payload.nextPageToken = encode({
        sub,
        seq: asOf,
        offset: offset + maxResults,
        params: paramsKey(query),
      });
    else payload.nextSyncToken = encode({ sub, seq: asOf, epoch });
    send(200, payload);
  }

  /** events.instances: the series' occurrences in [timeMin, timeMax), its changed ones as stored, cancelled ones left out. */
  private instances(sub: string, id: string, query: URLSearchParams, send: Send) {
    const series = this.events(sub).get(id);
    if (!series || series.cancelled || !series.fields.recurrence) return send(404, notFound);
    const timeMin = new Date(query.get('timeMin') ?? '1970-01-01T00:00:00Z');
    const timeMax = new Date(query.get('timeMax') ?? '2100-01-01T00:00:00Z');
    const allDay = Boolean(series.fields.start?.date);
    const zone = allDay ? 'UTC' : (series.fields.start?.timeZone ?? this.timeZone);
    const start = new Date(startOf(series.fields.start));
    const duration = startOf(series.fields.end) - start.getTime();
    // The fake expands the RRULE (EXDATE and RDATE lines are not read): enough for its tests.
    const line = series.fields.recurrence.find((entry) => entry.startsWith('RRULE:'));
    if (!line) return send(200, { kind: 'calendar#events', timeZone: this.timeZone, items: [] });
    const rule = new RRule({ ...RRule.parseString(line.slice(6)), dtstart: toFloating(start, zone) });
    const items = rule
      .between(toFloating(new Date(timeMin.getTime() - duration), zone), toFloating(timeMax, zone), true)
      .map((floating) => fromFloating(floating, zone))
      .filter((occurrence) => occurrence < timeMax && occurrence.getTime() + duration > timeMin.getTime())
      .flatMap((occurrence) => {
        const originalStartTime: OriginalStart = allDay
          ? { date: occurrence.toISOString().slice(0, 10) }
          : { dateTime: occurrence.toISOString(), timeZone: zone };
        const instanceId = `${id}_${instanceSuffix(originalStartTime)}`;
        const changed = this.events(sub).get(instanceId);
        if (changed) return changed.cancelled ? [] : [this.render(changed)];
        const end = new Date(occurrence.getTime() + duration);
        const { recurrence: _r, ...fields } = series.fields;
        return [
          {
            ...this.render(series),
            ...fields,
            recurrence: undefined,
            id: instanceId,
            recurringEventId: id,
            originalStartTime,
            start: allDay
              ? { date: occurrence.toISOString().slice(0, 10) }
              : { dateTime: occurrence.toISOString(), timeZone: zone },
            end: allDay
              ? { date: end.toISOString().slice(0, 10) }
              : { dateTime: end.toISOString(), timeZone: zone },
          },
        ];
      });
    send(200, { kind: 'calendar#events', timeZone: this.timeZone, items });
  }

  private insert(sub: string, body: CalendarEventFields & { id?: string }, send: Send) {
    const { id, etag: _e, status: _s, kind: _k, ...fields } = body;
    if (id !== undefined && !VALID_ID.test(id)) return send(400, invalid('Invalid resource id value.'));
    if (id && this.events(sub).has(id))
      return send(409, reference('calendar_events_insert_error_409_duplicate.json'));
    if (!fields.start || !fields.end) return send(400, invalid('Missing end time.'));
    const created = this.addEvent(sub, fields, id);
    send(200, this.render(this.events(sub).get(created)!));
  }

  private patch(
    sub: string,
    id: string,
    body: CalendarEventFields,
    ifMatch: string | string[] | undefined,
    send: Send,
  ) {
    const event = this.events(sub).get(id) ?? this.instance(sub, id);
    if (!event) return send(404, notFound);
    if (ifMatch && ifMatch !== this.etag(event))
      return send(412, reference('calendar_error_412_precondition.json'));
    const { id: _i, etag: _e, kind: _k, ...fields } = body;
    // Top-level fields are replaced whole (arrays included); null clears one.
    for (const [key, value] of Object.entries(fields)) {
      if (value === null) delete event.fields[key];
      else if (key === 'start' || key === 'end')
        event.fields[key] = Object.fromEntries(
          Object.entries(value as object).filter(([, part]) => part !== null),
        );
      else event.fields[key] = value;
    }
    if (fields.status === 'confirmed') event.cancelled = false;
    delete event.fields.status;
    this.touch(event);
    send(200, this.render(event));
  }

  /** An instance id (`<seriesId>_<start>`) of a stored series that has no exception yet: created on first write. */
  private instance(sub: string, id: string): StoredEvent | undefined {
    const match = /^(.+)_(\d{8})(T\d{6}Z)?$/.exec(id);
    const series = match && this.events(sub).get(match[1]);
    if (!match || !series?.fields.recurrence) return undefined;
    const [, , date, time] = match;
    const originalStart: OriginalStart = time
      ? {
          dateTime: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}T${time.slice(1, 3)}:${time.slice(3, 5)}:${time.slice(5, 7)}Z`,
          timeZone: series.fields.start?.timeZone,
        }
      : { date: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}` };
    this.changeOccurrence(sub, match[1], originalStart, {});
    return this.events(sub).get(id);
  }

  private etag(event: StoredEvent) {
    return `"${3392387934806000 + event.changeSeq * 1000}"`;
  }

  private render(event: StoredEvent): RenderedEvent {
    const instance = event.recurringEventId
      ? { recurringEventId: event.recurringEventId, originalStartTime: event.originalStartTime }
      : {};
    if (event.cancelled)
      return {
        kind: 'calendar#event',
        etag: this.etag(event),
        id: event.id,
        status: 'cancelled',
        ...instance,
      };
    return {
      kind: 'calendar#event',
      etag: this.etag(event),
      id: event.id,
      status: 'confirmed',
      htmlLink: `https://www.google.com/calendar/event?eid=${base64url(event.id)}`,
      created: event.created,
      updated: event.updated,
      creator: { email: 'primary', self: true },
      organizer: { email: 'primary', self: true },
      reminders: { useDefault: true },
      ...event.fields,
      ...instance,
      iCalUID: `${event.recurringEventId ?? event.id}@google.com`,
      sequence: event.version - 1,
      eventType: 'default',
    };
  }

  private events(sub: string): Map<string, StoredEvent> {
    const events = this.calendars.get(sub) ?? new Map<string, StoredEvent>();
    this.calendars.set(sub, events);
    return events;
  }

  private existing(sub: string, id: string): StoredEvent {
    const event = this.events(sub).get(id);
    if (!event) throw new Error(`fake Google: no calendar event ${id}`);
    return event;
  }

  private touch(event: StoredEvent) {
    event.version++;
    event.changeSeq = ++this.seq;
    event.updated = new Date().toISOString();
  }
}

const paramsKey = (query: URLSearchParams) =>
  ['singleEvents', 'showDeleted', 'timeMin', 'timeMax', 'maxResults', 'syncToken']
    .map((key) => query.get(key) ?? '')
    .join('|');

interface TokenContents {
  sub: string;
  seq: number;
  epoch?: number;
  offset?: number;
  params?: string;
}
const encode = (contents: TokenContents) => base64url(JSON.stringify(contents));
function decode(token: string): TokenContents | undefined {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}
