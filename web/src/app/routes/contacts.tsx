import { ContactsPage } from '@/features/contacts/components/contacts-page';
import { ShareContactsButton } from '@/features/contacts/components/share-contacts-button';
import { useGroupMembers } from '@/features/groups/api/groups-api';

/** /contacts, with sharing to the members of the user's group (the groups feature's data). */
export function ContactsRoute() {
  const members = useGroupMembers();
  return (
    <ContactsPage
      shareAction={(contactIds, onShared) => (
        <ShareContactsButton contactIds={contactIds} onShared={onShared} members={members} />
      )}
    />
  );
}
