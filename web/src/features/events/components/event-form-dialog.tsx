import { zodResolver } from '@hookform/resolvers/zod';
import type { CalendarEvent, CreateEventBody, OccurrenceScope } from '@relate/contracts';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SelectField, TextareaField, TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { useCreateEvent, useDeleteEvent, useUpdateEvent } from '../api/events-api';
import {
  EventFormSchema,
  eventFormValues,
  newEventValues,
  occurrenceStart,
  withoutRepeat,
} from '../event-form';
import type { ParticipantSuggestion } from './calendar-types';
import { EventGoogleSyncField } from './event-google-sync-field';
import { EventParticipantsFields } from './event-participants-fields';
import { EventRecurrenceFields } from './event-recurrence-fields';
import { OccurrenceScopeDialog } from './occurrence-scope-dialog';

const EVENT_TYPE_OPTIONS = [
  { value: 'meeting', label: 'Meeting' },
  { value: 'event', label: 'Event' },
];

export type EventFormState = { mode: 'add'; start: Date; end: Date } | { mode: 'edit'; event: CalendarEvent };

interface EventFormDialogProps {
  state: EventFormState;
  participantSuggestions: ParticipantSuggestion[];
  onClose: () => void;
}

/**
 * Add New Event / Edit Event. The body scrolls between a fixed header and footer, so Create / Save stays
 * on screen on a phone however long the form grows.
 */
export function EventFormDialog({ state, participantSuggestions, onClose }: EventFormDialogProps) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const deleteEvent = useDeleteEvent();
  const form = useForm({
    resolver: zodResolver(EventFormSchema),
    defaultValues:
      state.mode === 'add' ? newEventValues(state.start, state.end) : eventFormValues(state.event),
  });
  const { control } = form;
  const allDay = form.watch('all_day');

  // An occurrence of a repeating event (or one changed on its own): saving or deleting asks which
  // occurrences it applies to, as Google Calendar does.
  const occurrence = state.mode === 'edit' ? occurrenceStart(state.event) : null;
  const changedOccurrence = state.mode === 'edit' && state.event.series_id !== null;
  const [asking, setAsking] = useState<
    { action: 'edit'; body: CreateEventBody } | { action: 'delete' } | null
  >(null);
  const { dirtyFields } = form.formState;
  const repeatChanged = Boolean(
    dirtyFields.repeat_pattern ||
      dirtyFields.repeat_interval ||
      dirtyFields.repeat_days ||
      dirtyFields.repeat_week ||
      dirtyFields.repeat_end_date,
  );

  const save = (body: CreateEventBody, scope?: OccurrenceScope) => {
    if (state.mode !== 'edit') return;
    updateEvent.mutate(
      {
        id: state.event.id,
        body: scope && occurrence ? { ...body, scope, occurrence_start: occurrence } : body,
      },
      {
        onSuccess: () => {
          toast.success('Event updated successfully');
          onClose();
        },
        onError: (failure) => toast.error('Failed to update event', { description: failure.message }),
      },
    );
  };

  const submit = form.handleSubmit((body) => {
    if (state.mode === 'add')
      createEvent.mutate(body, {
        onSuccess: () => {
          toast.success('Event created successfully');
          onClose();
        },
        onError: (failure) => toast.error('Failed to create event', { description: failure.message }),
      });
    else if (occurrence) setAsking({ action: 'edit', body: changedOccurrence ? withoutRepeat(body) : body });
    else save(body);
  });

  const remove = (scope?: OccurrenceScope) => {
    if (state.mode !== 'edit') return;
    deleteEvent.mutate(
      { id: state.event.id, ...(scope && occurrence ? { scope, occurrence_start: occurrence } : {}) },
      {
        onSuccess: () => {
          toast.success('Event deleted successfully');
          onClose();
        },
        onError: (failure) => toast.error('Failed to delete event', { description: failure.message }),
      },
    );
  };

  const choose = (scope: OccurrenceScope) => {
    if (asking?.action === 'edit') save(asking.body, scope);
    else remove(scope);
    setAsking(null);
  };

  /** All day keeps the dates and drops the times; back to timed, 09:00-10:00 on those dates. */
  const toggleAllDay = (checked: boolean) => {
    const { start_datetime: start, end_datetime: end } = form.getValues();
    form.setValue('all_day', checked);
    form.setValue('start_datetime', checked ? start.slice(0, 10) : `${start.slice(0, 10)}T09:00`);
    form.setValue('end_datetime', checked ? end.slice(0, 10) : `${end.slice(0, 10)}T10:00`);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex max-w-2xl flex-col gap-0 overflow-hidden p-0">
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>{state.mode === 'add' ? 'Add New Event' : 'Edit Event'}</DialogTitle>
          <DialogDescription>
            {occurrence
              ? 'This event repeats: on saving you choose which of its occurrences change.'
              : 'Participants who have an account are notified.'}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
            <div
              className="grid min-h-0 flex-1 gap-4 overflow-y-auto px-6 py-4"
              data-testid="event-form-body"
            >
              <TextField control={control} name="title" label="Title" />
              <div className="flex items-center gap-2">
                <Checkbox
                  id="event-all-day"
                  checked={allDay}
                  onCheckedChange={(checked) => toggleAllDay(checked === true)}
                />
                <label htmlFor="event-all-day" className="text-sm font-medium">
                  All day
                </label>
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  control={control}
                  name="start_datetime"
                  label="Start"
                  type={allDay ? 'date' : 'datetime-local'}
                />
                <TextField
                  control={control}
                  name="end_datetime"
                  label="End"
                  type={allDay ? 'date' : 'datetime-local'}
                />
                <TextField control={control} name="location" label="Location" />
                <TextField control={control} name="project" label="Project" />
                <SelectField control={control} name="event_type" label="Type" options={EVENT_TYPE_OPTIONS} />
                <TextField
                  control={control}
                  name="alert_minutes"
                  label="Alert (minutes before)"
                  inputMode="numeric"
                />
              </div>
              <EventParticipantsFields suggestions={participantSuggestions} />
              {!changedOccurrence && <EventRecurrenceFields />}
              <TextareaField control={control} name="description" label="Description" rows={2} />
              <TextareaField control={control} name="notes" label="Notes" rows={2} />
              <EventGoogleSyncField
                isNew={state.mode === 'add'}
                linked={state.mode === 'edit' && state.event.google_linked}
              />
            </div>
            <DialogFooter className="flex-row items-center justify-between border-t bg-card px-6 py-3 sm:justify-between">
              {state.mode === 'edit' ? (
                <Button
                  variant="ghost"
                  className="text-destructive"
                  onClick={() => (occurrence ? setAsking({ action: 'delete' }) : setConfirmingDelete(true))}
                  disabled={deleteEvent.isPending}
                >
                  <Trash2Icon />
                  Delete
                </Button>
              ) : (
                <span />
              )}
              <div className="flex gap-2">
                <Button variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" disabled={createEvent.isPending || updateEvent.isPending}>
                  {state.mode === 'add' ? 'Create Event' : 'Save Changes'}
                </Button>
              </div>
            </DialogFooter>
          </form>
        </Form>
        {state.mode === 'edit' && (
          <ConfirmDialog
            open={confirmingDelete}
            onOpenChange={setConfirmingDelete}
            title="Delete event?"
            description={`"${state.event.title}" will be deleted. This cannot be undone.`}
            confirmLabel="Delete"
            destructive
            onConfirm={() => remove()}
          />
        )}
        {asking && (
          <OccurrenceScopeDialog
            key={asking.action}
            action={asking.action}
            open
            onOpenChange={(open) => !open && setAsking(null)}
            onChoose={choose}
            withoutThis={asking.action === 'edit' && repeatChanged}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
