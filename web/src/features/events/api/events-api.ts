import type {
  CalendarEvent,
  CreateEventBody,
  EventImportResult,
  OccurrenceScope,
  UpdateEventBody,
} from '@relate/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { eventKeys } from './keys';

export const eventsQuery = (from: Date, to: Date) =>
  queryOptions({
    queryKey: eventKeys.range(from.toISOString(), to.toISOString()),
    queryFn: ({ signal }) =>
      fetchJson<{ events: CalendarEvent[] }>('/events', {
        query: { start_date: from.toISOString(), end_date: to.toISOString() },
        signal,
      }),
    select: (response) => response.events,
    placeholderData: keepPreviousData,
  });

export const useEvents = (from: Date, to: Date) => useQuery(eventsQuery(from, to));

/** The header's count of the coming week's events, refreshed every 5 minutes (spec section 9). */
export const useUpcomingCount = () =>
  useQuery({
    queryKey: eventKeys.upcomingCount(),
    queryFn: ({ signal }) => fetchJson<{ count: number }>('/events/upcoming', { signal }),
    select: (response) => response.count,
    refetchInterval: 300_000,
  });

export const useCreateEvent = () =>
  useAppMutation({
    mutationFn: (body: CreateEventBody) =>
      fetchJson<{ event: CalendarEvent }>('/events', { method: 'POST', body }),
    invalidates: [eventKeys.all],
  });

/** Saves changes; for an occurrence of a repeating one the body carries `scope` and `occurrence_start`. */
export const useUpdateEvent = () =>
  useAppMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateEventBody }) =>
      fetchJson<{ event: CalendarEvent }>(`/events/${id}`, { method: 'PUT', body }),
    invalidates: [eventKeys.all],
  });

/** Deletes an event; for an occurrence of a repeating one, `scope` says which occurrences go. */
export const useDeleteEvent = () =>
  useAppMutation({
    mutationFn: ({
      id,
      scope,
      occurrence_start,
    }: {
      id: number;
      scope?: OccurrenceScope;
      occurrence_start?: string;
    }) =>
      fetchJson(`/events/${id}`, {
        method: 'DELETE',
        query: scope ? { scope, occurrence_start } : undefined,
      }),
    invalidates: [eventKeys.all],
  });

/** The signed-in user stops taking part in someone else's event (a series with all its occurrences). */
export const useLeaveEvent = () =>
  useAppMutation({
    mutationFn: (id: number) => fetchJson(`/events/${id}/participation`, { method: 'DELETE' }),
    invalidates: [eventKeys.all],
  });

export const useImportEvents = () =>
  useAppMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return fetchJson<EventImportResult>('/events/import', { method: 'POST', body: form });
    },
    invalidates: [eventKeys.all],
  });
