import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { peopleKeys } from '@/features/contacts/api/keys';
import { ContactsPage } from '@/features/contacts/components/contacts-page';
import { ShareContactsButton } from '@/features/contacts/components/share-contacts-button';
import { useGroupMembers } from '@/features/groups/api/groups-api';
import { invalidateKeys } from '@/lib/query';

// Shown only in a contact's detail dialog, and only once Google's status says an account is connected:
// its code (and the google feature's API) loads with that dialog, not with the list.
const AddToGoogleButton = lazy(async () => ({
  default: (await import('@/features/google/components/add-to-google-button')).AddToGoogleButton,
}));

// A contact's Timeline tab: its code loads when the tab is first shown, not with the list.
const Timeline = lazy(async () => ({
  default: (await import('@/features/timeline/components/timeline')).Timeline,
}));

/**
 * /contacts, with sharing to the members of the user's group (the groups feature's data), Google's
 * "Also add to Google" in a contact's dialog (the google feature's) and its Timeline tab (the timeline
 * feature's, whose notes can mention the group's members).
 */
export function ContactsRoute() {
  const members = useGroupMembers();
  const queryClient = useQueryClient();
  const mentionable = (members.data ?? [])
    .filter((member) => member.status === 'approved' && member.user_id !== null)
    .map((member) => ({ name: member.full_name, email: member.email }));
  return (
    <ContactsPage
      shareAction={(contactIds, onShared) => (
        <ShareContactsButton contactIds={contactIds} onShared={onShared} members={members} />
      )}
      contactTimeline={(contactId) => (
        <Suspense fallback={null}>
          <Timeline
            subject={{ type: 'contact', id: contactId }}
            members={mentionable}
            // Logging an interaction may move the contact's last contact date.
            onInteractionLogged={() => void invalidateKeys(queryClient, [peopleKeys.all])}
          />
        </Suspense>
      )}
      contactActions={(contactId) => (
        <Suspense fallback={null}>
          <AddToGoogleButton contactId={contactId} />
        </Suspense>
      )}
    />
  );
}
