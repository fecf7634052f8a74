import type { FollowUpAction } from '@relate/contracts';
import { AlarmClockIcon, CheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useFollowUp } from '../../api/stay-in-touch-api';

const ACTIONS: { label: string; short: string; action: FollowUpAction; done: string }[] = [
  { label: 'Done', short: 'Done', action: { action: 'done' }, done: 'Marked as in touch today' },
  { label: 'Snooze 1 day', short: '1 day', action: { action: 'snooze', days: 1 }, done: 'Snoozed until' },
  { label: 'Snooze 1 week', short: '1 week', action: { action: 'snooze', days: 7 }, done: 'Snoozed until' },
];

/** A follow-up's Done, Snooze 1 day and Snooze 1 week (the reminder's, Reach out's and the contact's). */
export function FollowUpButtons({
  contactId,
  name,
  extra,
}: {
  contactId: number;
  name?: string;
  /** More actions after Snooze (the app's "Log interaction"). */
  extra?: ReactNode;
}) {
  const followUp = useFollowUp();
  const act = ({ action, done }: (typeof ACTIONS)[number]) =>
    followUp.mutate(
      { id: contactId, action },
      {
        onSuccess: (state) => {
          const next = state.next_follow_up_date ? formatDate(state.next_follow_up_date) : null;
          const who = name ? ` ${name}` : '';
          if (action.action === 'done')
            toast.success(`${done}${who ? `:${who}` : ''}${next ? `. Next follow-up ${next}` : ''}`);
          else toast.success(`${done} ${next}`);
        },
        onError: () => toast.error('Failed to update the follow-up'),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      {ACTIONS.map((item) => (
        <Button
          key={item.label}
          size="sm"
          variant={item.action.action === 'done' ? 'default' : 'outline'}
          disabled={followUp.isPending}
          onClick={() => act(item)}
          aria-label={item.label}
        >
          {item.action.action === 'done' ? <CheckIcon /> : <AlarmClockIcon />}
          <span className="sm:hidden">{item.short}</span>
          <span className="hidden sm:inline">{item.label}</span>
        </Button>
      ))}
      {extra}
    </div>
  );
}
