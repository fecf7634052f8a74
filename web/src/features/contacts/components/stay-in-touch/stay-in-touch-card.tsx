import { HeartHandshakeIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useSetCadence, useStayInTouch } from '../../api/stay-in-touch-api';
import { CadenceSelect } from './cadence-select';
import { FollowUpButtons } from './follow-up-buttons';

function dueText(next: string | null): string {
  if (!next) return 'No follow-up planned';
  if (new Date(next) < new Date()) return `Follow-up was due ${formatDate(next)}`;
  return `Next follow-up ${formatDate(next)}`;
}

/** Stay in touch, on the contact's detail: the cadence, when to reach out next, Done and Snooze. */
export function StayInTouchCard({ contactId, name }: { contactId: number; name: string }) {
  const state = useStayInTouch(contactId);
  const setCadence = useSetCadence();
  const overdue = state.data?.next_follow_up_date && new Date(state.data.next_follow_up_date) < new Date();

  return (
    <section
      aria-label="Stay in touch"
      className="mb-5 grid gap-3 rounded-lg border bg-muted/30 p-4 sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <div className="grid gap-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold">
          <HeartHandshakeIcon className="size-4 text-primary" />
          Stay in touch
        </h3>
        {state.isPending ? (
          <Skeleton className="h-9 w-60" />
        ) : (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <CadenceSelect
              key={JSON.stringify(state.data?.cadence ?? null)}
              cadence={state.data?.cadence ?? null}
              disabled={setCadence.isPending}
              onChange={(cadence) =>
                setCadence.mutate(
                  { id: contactId, cadence },
                  { onError: () => toast.error('Failed to update the follow-up') },
                )
              }
            />
            <span
              className={overdue ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}
            >
              {dueText(state.data?.next_follow_up_date ?? null)}
            </span>
          </div>
        )}
      </div>
      {state.data?.next_follow_up_date && <FollowUpButtons contactId={contactId} name={name} />}
    </section>
  );
}
