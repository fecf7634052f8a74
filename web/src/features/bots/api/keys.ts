/** Every bot query key (see `@/lib/query`). */
export const botKeys = {
  all: ['bots'] as const,
  status: () => [...botKeys.all, 'status'] as const,
};
