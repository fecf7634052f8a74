/** Every query key of the events feature. */
export const eventKeys = {
  all: ['events'] as const,
  range: (from: string, to: string) => [...eventKeys.all, 'range', { from, to }] as const,
  upcomingCount: () => [...eventKeys.all, 'upcoming-count'] as const,
};
