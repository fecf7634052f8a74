import type { CalendarEvent } from '@relate/contracts';
import type { ParticipantSuggestion } from './calendar-types';
import { EventDetailsDialog } from './event-details-dialog';
import { EventFormDialog, type EventFormState } from './event-form-dialog';

export type EventDialogState = EventFormState | { mode: 'view'; event: CalendarEvent };

const formKey = (state: EventFormState) =>
  state.mode === 'add' ? `add:${state.start.toISOString()}` : `edit:${state.event.id}`;

/** Add New Event / Edit Event (owner) / View Event (read-only, everyone else). */
export function EventDialog({
  state,
  participantSuggestions,
  onClose,
}: {
  state: EventDialogState | null;
  participantSuggestions: ParticipantSuggestion[];
  onClose: () => void;
}) {
  if (!state) return null;
  if (state.mode === 'view') return <EventDetailsDialog event={state.event} onClose={onClose} />;
  return (
    <EventFormDialog
      key={formKey(state)}
      state={state}
      participantSuggestions={participantSuggestions}
      onClose={onClose}
    />
  );
}
