import { useQuery } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import {
  dismissedQuery,
  type ReviewNoun,
  useDismissGoogleItems,
  useRestoreGoogleItems,
} from '../api/google-api';
import type { Dismissal, ReviewItem } from './review-dialog';

/** Dismiss and Restore for one review dialog, with the dismissed items (read while it is open). */
export function useDismissal<T extends ReviewItem>(noun: ReviewNoun, open: boolean): Dismissal<T> {
  const dismissed = useQuery({ ...dismissedQuery<T>(noun), enabled: open });
  const dismiss = useDismissGoogleItems(noun);
  const restore = useRestoreGoogleItems(noun);
  const failed = (what: string) => (error: Error) => {
    toast.error(`Failed to ${what}`, { description: error.message });
    throw error;
  };
  return {
    dismissed: dismissed.data ?? [],
    dismiss: (ids) => dismiss.mutateAsync(ids).catch(failed('dismiss the items')),
    restore: (ids) => restore.mutateAsync(ids).catch(failed('restore the items')),
    busy: dismiss.isPending || restore.isPending,
  };
}
