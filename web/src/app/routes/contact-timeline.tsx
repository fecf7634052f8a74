import { useQueryClient } from '@tanstack/react-query';
import { peopleKeys } from '@/features/contacts/api/keys';
import { useGroupMembers } from '@/features/groups/api/groups-api';
import { Timeline } from '@/features/timeline/components/timeline';
import { invalidateKeys } from '@/lib/query';

/**
 * A contact's Timeline tab: notes can mention the approved members of the user's group (the groups
 * feature's data), and a logged interaction refreshes the contact (its last contact date may move).
 * Loaded with the tab, not with /contacts.
 */
export function ContactTimeline({ contactId }: { contactId: number }) {
  const members = useGroupMembers();
  const queryClient = useQueryClient();
  const mentionable = (members.data ?? [])
    .filter((member) => member.status === 'approved' && member.user_id !== null)
    .map((member) => ({ name: member.full_name, email: member.email }));
  return (
    <Timeline
      subject={{ type: 'contact', id: contactId }}
      members={mentionable}
      onInteractionLogged={() => void invalidateKeys(queryClient, [peopleKeys.all])}
    />
  );
}
