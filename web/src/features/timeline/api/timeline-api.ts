import type { NewInteraction, TimelineEntry, TimelineResponse } from '@relate/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { type TimelineSubject, timelineKeys } from './keys';

const base = (subject: TimelineSubject) =>
  subject.type === 'contact' ? `/people/${subject.id}` : `/companies/${subject.id}`;

const fetchPage = (subject: TimelineSubject, cursor?: string) =>
  fetchJson<TimelineResponse>(
    `${base(subject)}/timeline${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

/**
 * The timeline, newest first, a page (20 entries) at a time: the newest page is a query (refetched when
 * a note or an interaction is written), older pages are fetched on demand and dropped when it changes.
 * (Not useInfiniteQuery: sharing its base with the list's useQuery split a chunk off /contacts' first
 * load and cost it a kilobyte.)
 */
export function useTimeline(subject: TimelineSubject) {
  // Fresh each time it shows: an edit made in another tab of the dialog is an entry of its own.
  const first = useQuery({
    queryKey: timelineKeys.of(subject),
    queryFn: () => fetchPage(subject),
    staleTime: 0,
  });
  const [older, setOlder] = useState<TimelineResponse[]>([]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<Error | null>(null);
  // A new newest page starts the list again (adjusted while rendering, as React recommends).
  const [newestAt, setNewestAt] = useState(first.dataUpdatedAt);
  if (first.dataUpdatedAt !== newestAt) {
    setNewestAt(first.dataUpdatedAt);
    setOlder([]);
  }
  const pages = first.data ? [first.data, ...older] : [];
  const nextCursor = pages.at(-1)?.next_cursor ?? null;
  const fetchOlder = useCallback(async () => {
    if (!nextCursor) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const page = await fetchPage(subject, nextCursor);
      setOlder((loaded) => [...loaded, page]);
    } catch (error) {
      setOlderError(error as Error);
    } finally {
      setLoadingOlder(false);
    }
  }, [subject, nextCursor]);
  return {
    entries: pages.flatMap((page) => page.entries),
    isPending: first.isPending,
    error: first.error ?? olderError,
    hasOlder: nextCursor !== null,
    loadingOlder,
    fetchOlder,
  };
}

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
