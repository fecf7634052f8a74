import type { NewInteraction, TimelineEntry, TimelineResponse } from '@relate/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { type TimelineSubject, timelineKeys } from './keys';

const base = (subject: TimelineSubject) =>
  subject.type === 'contact' ? `/people/${subject.id}` : `/companies/${subject.id}`;

/** The timeline, newest first, a page (20 entries) at a time. */
export const useTimeline = (subject: TimelineSubject) =>
  useInfiniteQuery({
    queryKey: timelineKeys.of(subject),
    queryFn: ({ pageParam }) =>
      fetchJson<TimelineResponse>(
        `${base(subject)}/timeline${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const useAddNote = (subject: TimelineSubject) =>
  useAppMutation({
    mutationFn: (body: string) =>
      fetchJson<TimelineEntry>(`${base(subject)}/notes`, { method: 'POST', body: { body } }),
    invalidates: [timelineKeys.of(subject)],
  });

export const useUpdateNote = (subject: TimelineSubject) =>
  useAppMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) =>
      fetchJson<TimelineEntry>(`/notes/${id}`, { method: 'PUT', body: { body } }),
    invalidates: [timelineKeys.of(subject)],
  });

export const useDeleteNote = (subject: TimelineSubject) =>
  useAppMutation({
    mutationFn: (id: number) => fetchJson<{ message: string }>(`/notes/${id}`, { method: 'DELETE' }),
    invalidates: [timelineKeys.of(subject)],
  });

export const useLogInteraction = (subject: TimelineSubject) =>
  useAppMutation({
    mutationFn: (body: NewInteraction) =>
      fetchJson<TimelineEntry>(`${base(subject)}/interactions`, { method: 'POST', body }),
    invalidates: [timelineKeys.of(subject)],
  });
