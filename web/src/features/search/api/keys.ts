/** Every query key of the quick search (see `@/lib/query`). */
export const searchKeys = {
  all: ['search'] as const,
  results: (q: string) => [...searchKeys.all, 'results', q] as const,
};
