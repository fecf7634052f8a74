import { ContactsPage } from '@/features/contacts/components/contacts-page';
import { ShareContactsButton } from '@/features/contacts/components/share-contacts-button';
import { AddToGoogleButton } from '@/features/google/components/add-to-google-button';
import { useGroupMembers } from '@/features/groups/api/groups-api';

/**
 * /contacts, with sharing to the members of the user's group (the groups feature's data) and Google's
 * "Also add to Google" in a contact's dialog (the google feature's).
 */
export function ContactsRoute() {
  const members = useGroupMembers();
  return (
    <ContactsPage
      shareAction={(contactIds, onShared) => (
        <ShareContactsButton contactIds={contactIds} onShared={onShared} members={members} />
      )}
      contactActions={(contactId) => <AddToGoogleButton contactId={contactId} />}
    />
  );
}
