import { lazy, Suspense } from 'react';
import { ContactsPage } from '@/features/contacts/components/contacts-page';
import { ShareContactsButton } from '@/features/contacts/components/share-contacts-button';
import { useGroupMembers } from '@/features/groups/api/groups-api';

// Shown only in a contact's detail dialog, and only once Google's status says an account is connected:
// its code (and the google feature's API) loads with that dialog, not with the list.
const AddToGoogleButton = lazy(async () => ({
  default: (await import('@/features/google/components/add-to-google-button')).AddToGoogleButton,
}));

// A contact's Timeline tab: its code loads when the tab is first shown, not with the list.
const ContactTimeline = lazy(async () => ({ default: (await import('./contact-timeline')).ContactTimeline }));

/**
 * /contacts, with sharing to the members of the user's group (the groups feature's data) and Google's
 * "Also add to Google" in a contact's dialog (the google feature's), and
 * its Timeline tab (the timeline feature's).
 */
export function ContactsRoute() {
  const members = useGroupMembers();
  return (
    <ContactsPage
      shareAction={(contactIds, onShared) => (
        <ShareContactsButton contactIds={contactIds} onShared={onShared} members={members} />
      )}
      contactTimeline={(contactId) => (
        <Suspense fallback={null}>
          <ContactTimeline contactId={contactId} />
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
