import { EventsPage } from '@/features/events/components/events-page';
import { useGroupMembers } from '@/features/groups/api/groups-api';
import { usePreferences } from '@/lib/preferences';

/** The calendar, with the saved calendar settings and the group members it suggests as participants. */
export function EventsRoute() {
  const preferences = usePreferences();
  const members = useGroupMembers();
  const suggestions = (members.data ?? [])
    .filter((member) => member.status === 'approved')
    .map(({ email, full_name }) => ({ email, full_name }));
  return <EventsPage settings={preferences.data?.calendar_settings} participantSuggestions={suggestions} />;
}
