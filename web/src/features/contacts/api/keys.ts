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
};

export const customFieldKeys = {
  all: ['custom-fields'] as const,
};
