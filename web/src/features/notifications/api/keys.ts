/** Every notifications query key (see `@/lib/query`). */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (page: number) => [...notificationKeys.lists(), { page }] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};
