import { toast } from '@/lib/toast';

/**
 * A delete's toast with "Undo" (what went to the Trash comes back, decision 0050): `undo` restores it,
 * then `restored` says so; a failed undo says where to find the items.
 */
export function toastDeletedWithUndo(
  message: string,
  { undo, restored, description }: { undo: () => Promise<unknown>; restored: string; description?: string },
): void {
  toast.success(message, {
    description: description ?? 'Moved to the Trash. You can restore it from there for 30 days.',
    action: {
      label: 'Undo',
      onClick: () =>
        void undo().then(
          () => toast.success(restored),
          (error: Error) =>
            toast.error('Failed to undo', { description: `${error.message} It is still in the Trash.` }),
        ),
    },
  });
}
