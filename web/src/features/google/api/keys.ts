import { googleStatusKeys } from '@/lib/google-status';

/** Every query key of the Google feature (the status, shared with other features, is rooted in lib). */
export const googleKeys = {
  ...googleStatusKeys,
  contactsReview: () => [...googleStatusKeys.all, 'contacts-review'] as const,
  calendarReview: () => [...googleStatusKeys.all, 'calendar-review'] as const,
  dismissed: (noun: 'contacts' | 'calendar') => [...googleStatusKeys.all, noun, 'dismissed'] as const,
};
