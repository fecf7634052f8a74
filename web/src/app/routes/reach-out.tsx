import { ReachOutPage } from '@/features/contacts/components/stay-in-touch/reach-out-page';
import { LogInteractionButton } from './log-interaction-button';

/** /reach-out, each person with the timeline feature's "Log interaction" beside Done and Snooze. */
export function ReachOutRoute() {
  return <ReachOutPage logAction={(contactId) => <LogInteractionButton contactId={contactId} />} />;
}
