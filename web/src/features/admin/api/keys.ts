/** Every admin query key (see `@/lib/query`). */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  history: (id: number) => [...adminKeys.all, 'history', id] as const,
  pending: () => [...adminKeys.all, 'pending'] as const,
  system: () => [...adminKeys.all, 'system'] as const,
};
