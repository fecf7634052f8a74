import type { SearchResult, SearchResultType } from '@relate/contracts';

/**
 * Where a result opens: the contact's details and the company's (as a click in their lists does), the
 * task marked in its project, the project's section, the event in the calendar turned to its start.
 */
export function resultTarget(result: Pick<SearchResult, 'type' | 'id' | 'title' | 'date'>): string {
  switch (result.type) {
    case 'contact':
      return `/contacts?contact=${result.id}`;
    case 'company':
      return `/companies?company=${result.id}`;
    case 'task':
      return `/tasks?task=${result.id}`;
    case 'project':
      return `/tasks?project=${encodeURIComponent(result.title)}`;
    case 'event':
      return `/events?event=${result.id}${result.date ? `&on=${encodeURIComponent(result.date)}` : ''}`;
  }
}

export const GROUP_LABELS: Record<SearchResultType, string> = {
  contact: 'Contacts',
  company: 'Companies',
  task: 'Tasks',
  project: 'Projects',
  event: 'Events',
};

/** The results by type, the type with the best match first (the server sends them best first). */
export function groupResults(results: SearchResult[]): { type: SearchResultType; results: SearchResult[] }[] {
  const groups = new Map<SearchResultType, SearchResult[]>();
  for (const result of results) {
    const group = groups.get(result.type) ?? [];
    group.push(result);
    groups.set(result.type, group);
  }
  return [...groups].map(([type, list]) => ({ type, results: list }));
}
