import { adminKeys } from '@/features/admin/api/keys';
import { planKeys } from '@/features/billing/api/keys';
import { peopleKeys } from '@/features/contacts/api/keys';
import type { SubjectKeys } from '@/features/notifications/hooks/use-notification-stream';

/**
 * The caches a notification refreshes, per subject: the app composes the features' key factories so
 * that the notifications feature never reaches into another feature.
 */
export const notificationSubjectKeys: SubjectKeys = {
  contact: peopleKeys.all,
  // Tasks, events and groups get key factories from their own port; these are their roots.
  task: ['tasks'],
  event: ['events'],
  group: ['groups'],
  subscription: planKeys.all,
  user: adminKeys.all,
};
