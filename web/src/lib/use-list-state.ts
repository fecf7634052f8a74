import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

export interface ListSort {
  /** The column the list is sorted by. */
  id: string;
  desc: boolean;
}

export interface ListStateOptions<F extends string> {
  /** The sort when the URL names none (not written to the URL). */
  defaultSort?: ListSort;
  /** Names of the list's filters, each kept as a URL parameter of that name. */
  filters?: readonly F[];
  /** How long typing rests before the search and filters reach the URL and the query. */
  debounceMs?: number;
}

export interface ListState<F extends string> {
  page: number;
  setPage: (page: number) => void;
  sort: ListSort | undefined;
  setSort: (sort: ListSort | undefined) => void;
  /** The search as the query should use it (trimmed, debounced, in the URL as `q`). */
  search: string;
  /** What the search box shows while typing. */
  searchInput: string;
  setSearchInput: (value: string) => void;
  /** The filters as the query should use them (trimmed, debounced, in the URL). */
  filters: Record<F, string>;
  /** What the filter inputs show while typing. */
  filterInputs: Record<F, string>;
  setFilterInput: (name: F, value: string) => void;
  /** Whether any search or filter is set. */
  filtering: boolean;
  /** Empties the search and every filter. */
  clearFilters: () => void;
}

interface Drafts {
  q: string;
  filters: Record<string, string>;
}

const readDrafts = (params: URLSearchParams, names: readonly string[]): Drafts => ({
  q: params.get('q') ?? '',
  filters: Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])),
});

const sameDrafts = (a: Drafts, b: Drafts) =>
  a.q.trim() === b.q.trim() &&
  Object.keys(a.filters).every((k) => a.filters[k]?.trim() === b.filters[k]?.trim());

function parseSort(params: URLSearchParams, fallback: ListSort | undefined): ListSort | undefined {
  const id = params.get('sort');
  if (!id) return fallback;
  return { id, desc: params.get('order') === 'desc' };
}

/**
 * A list's page, sort, search and filters, kept in the URL (`?page=2&sort=name&order=asc&q=ann&city=Oslo`)
 * so that a list survives a reload and can be shared. A new search, filter or sort starts from page 1.
 * Typing is kept locally and reaches the URL once it rests, so inputs stay responsive.
 */
export function useListState<F extends string = never>(options: ListStateOptions<F> = {}): ListState<F> {
  const { defaultSort, debounceMs = 300 } = options;
  const namesKey = (options.filters ?? []).join('\n');
  const names = useMemo(() => (namesKey ? namesKey.split('\n') : []) as F[], [namesKey]);
  const [params, setParams] = useSearchParams();
  const committed = readDrafts(params, names);
  const committedKey = JSON.stringify(committed);
  const [drafts, setDrafts] = useState<Drafts>(committed);
  const debouncedDrafts = useDebouncedValue(drafts, debounceMs);

  // Stable across URL changes (setParams is not), so that effects depending on it run only for their own reason.
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParamsRef.current(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [],
  );

  // Typing that has rested goes to the URL and back to page 1.
  const committedRef = useRef(committed);
  committedRef.current = committed;
  useEffect(() => {
    if (sameDrafts(debouncedDrafts, committedRef.current)) return;
    update((next) => {
      const set = (key: string, value: string) =>
        value.trim() ? next.set(key, value.trim()) : next.delete(key);
      set('q', debouncedDrafts.q);
      for (const [name, value] of Object.entries(debouncedDrafts.filters)) set(name, value);
      next.delete('page');
    });
  }, [debouncedDrafts, update]);

  // The URL changed from outside (back button, a link): the inputs follow it.
  const debouncedRef = useRef(debouncedDrafts);
  debouncedRef.current = debouncedDrafts;
  useEffect(() => {
    const fromUrl = JSON.parse(committedKey) as Drafts;
    if (!sameDrafts(fromUrl, debouncedRef.current)) setDrafts(fromUrl);
  }, [committedKey]);

  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const sort = parseSort(params, defaultSort);

  const setPage = useCallback(
    (next: number) => update((p) => (next > 1 ? p.set('page', String(next)) : p.delete('page'))),
    [update],
  );
  const setSort = useCallback(
    (next: ListSort | undefined) =>
      update((p) => {
        if (next) {
          p.set('sort', next.id);
          p.set('order', next.desc ? 'desc' : 'asc');
        } else {
          p.delete('sort');
          p.delete('order');
        }
        p.delete('page');
      }),
    [update],
  );
  const setSearchInput = useCallback((q: string) => setDrafts((d) => ({ ...d, q })), []);
  const setFilterInput = useCallback(
    (name: F, value: string) => setDrafts((d) => ({ ...d, filters: { ...d.filters, [name]: value } })),
    [],
  );
  const clearFilters = useCallback(() => {
    const empty = { q: '', filters: Object.fromEntries(names.map((name) => [name, ''])) };
    setDrafts(empty);
    update((p) => {
      p.delete('q');
      for (const name of names) p.delete(name);
      p.delete('page');
    });
  }, [names, update]);

  const filters = Object.fromEntries(names.map((n) => [n, committed.filters[n]?.trim() ?? ''])) as Record<
    F,
    string
  >;
  const filtering = drafts.q.trim() !== '' || Object.values(drafts.filters).some((v) => v.trim() !== '');

  return {
    page,
    setPage,
    sort,
    setSort,
    search: committed.q.trim(),
    searchInput: drafts.q,
    setSearchInput,
    filters,
    filterInputs: drafts.filters as Record<F, string>,
    setFilterInput,
    filtering,
    clearFilters,
  };
}
