export interface PeopleParams {
  page: number;
  q: string;
  sort?: string;
  order?: 'asc' | 'desc';
  filters: Record<string, string>;
}

/** Every contacts query key (see `@/lib/query`). */
export const peopleKeys = {
  all: ['people'] as const,
  lists: () => [...peopleKeys.all, 'list'] as const,
  list: (params: PeopleParams) => [...peopleKeys.lists(), params] as const,
  detail: (id: number) => [...peopleKeys.all, 'detail', id] as const,
  duplicates: () => [...peopleKeys.all, 'duplicates'] as const,
  /** One name group with all its people (the scan sends only the first ones). */
  duplicateGroup: (key: string) => [...peopleKeys.duplicates(), 'group', key] as const,
  stayInTouch: (id: number) => [...peopleKeys.all, 'stay-in-touch', id] as const,
  reachOut: () => [...peopleKeys.all, 'reach-out'] as const,
  /** The organization field's suggestions: under people, so that saving a contact (which may add a company) refreshes them. */
  companySuggestions: (text: string) => [...peopleKeys.all, 'company-suggestions', text] as const,
  /** The company the list is filtered by. */
  company: (id: number) => [...peopleKeys.all, 'company', id] as const,
};

/** Every companies query (the companies feature's key): saving a contact may add a company (create_company). */
export const companiesKey = ['companies'] as const;

export const customFieldKeys = {
  all: ['custom-fields'] as const,
};
