/** Every admin query key (see `@/lib/query`). */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  pending: () => [...adminKeys.all, 'pending'] as const,
};
