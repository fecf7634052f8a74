import type { CalendarEvent, EventImportResult } from '@relate/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import type { EventPayload } from '../event-form';

export const eventsQuery = (from: Date, to: Date) =>
  queryOptions({
    queryKey: ['events', 'range', from.toISOString(), to.toISOString()],
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
    queryKey: ['events', 'upcoming'],
    queryFn: ({ signal }) => fetchJson<{ count: number }>('/events/upcoming', { signal }),
    select: (response) => response.count,
    refetchInterval: 300_000,
  });

function useEventsMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}

export const useCreateEvent = () =>
  useEventsMutation((body: EventPayload) =>
    fetchJson<{ event: CalendarEvent }>('/events', { method: 'POST', body }),
  );

export const useUpdateEvent = () =>
  useEventsMutation(({ id, body }: { id: number; body: EventPayload }) =>
    fetchJson<{ event: CalendarEvent }>(`/events/${id}`, { method: 'PUT', body }),
  );

export const useDeleteEvent = () =>
  useEventsMutation((id: number) => fetchJson(`/events/${id}`, { method: 'DELETE' }));

export const useImportEvents = () =>
  useEventsMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return fetchJson<EventImportResult>('/events/import', { method: 'POST', body: form });
  });
