import { zodResolver } from '@hookform/resolvers/zod';
import type { CalendarEvent } from '@relate/contracts';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
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
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useCreateEvent, useDeleteEvent, useUpdateEvent } from '../api/events-api';
import { EventFormSchema, eventFormValues, newEventValues } from '../event-form';
import type { ParticipantSuggestion } from './calendar-types';
import { EventGoogleSyncField } from './event-google-sync-field';
import { EventParticipantsFields } from './event-participants-fields';
import { EventRecurrenceFields } from './event-recurrence-fields';

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

  const submit = form.handleSubmit((body) => {
    if (state.mode === 'add')
      createEvent.mutate(body, {
        onSuccess: () => {
          toast.success('Event created successfully');
          onClose();
        },
        onError: (failure) => toast.error('Failed to create event', { description: failure.message }),
      });
    else
      updateEvent.mutate(
        { id: state.event.id, body },
        {
          onSuccess: () => {
            toast.success('Event updated successfully');
            onClose();
          },
          onError: (failure) => toast.error('Failed to update event', { description: failure.message }),
        },
      );
  });

  const remove = () => {
    if (state.mode !== 'edit') return;
    deleteEvent.mutate(state.event.id, {
      onSuccess: () => {
        toast.success('Event deleted successfully');
        onClose();
      },
      onError: (failure) => toast.error('Failed to delete event', { description: failure.message }),
    });
  };

  /** All day keeps the dates and drops the times; back to timed, 09:00-10:00 on those dates. */
  const toggleAllDay = (checked: boolean) => {
    const { start_datetime: start, end_datetime: end } = form.getValues();
    form.setValue('all_day', checked);
    form.setValue('start_datetime', checked ? start.slice(0, 10) : `${start.slice(0, 10)}T09:00`);
    form.setValue('end_datetime', checked ? end.slice(0, 10) : `${end.slice(0, 10)}T10:00`);
  };

  const series = state.mode === 'edit' && state.event.repeat_pattern !== 'none';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex max-w-2xl flex-col gap-0 overflow-hidden p-0">
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>{state.mode === 'add' ? 'Add New Event' : 'Edit Event'}</DialogTitle>
          <DialogDescription>
            {series ? 'Changes apply to the whole series.' : 'Participants who have an account are notified.'}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
            <div
              className="grid min-h-0 flex-1 gap-4 overflow-y-auto px-6 py-4"
              data-testid="event-form-body"
            >
              <FormField
                control={control}
                name="title"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Title</FormLabel>
                    <FormControl>
                      <Input {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
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
                <FormField
                  control={control}
                  name="start_datetime"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Start</FormLabel>
                      <FormControl>
                        <Input type={allDay ? 'date' : 'datetime-local'} {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={control}
                  name="end_datetime"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>End</FormLabel>
                      <FormControl>
                        <Input type={allDay ? 'date' : 'datetime-local'} {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={control}
                  name="location"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Location</FormLabel>
                      <FormControl>
                        <Input {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={control}
                  name="project"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Project</FormLabel>
                      <FormControl>
                        <Input {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={control}
                  name="event_type"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Type</FormLabel>
                      <Select value={field.value} onValueChange={field.onChange}>
                        <FormControl>
                          <SelectTrigger onBlur={field.onBlur}>
                            <SelectValue />
                          </SelectTrigger>
                        </FormControl>
                        <SelectContent>
                          <SelectItem value="meeting">Meeting</SelectItem>
                          <SelectItem value="event">Event</SelectItem>
                        </SelectContent>
                      </Select>
                    </FormItem>
                  )}
                />
                <FormField
                  control={control}
                  name="alert_minutes"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Alert (minutes before)</FormLabel>
                      <FormControl>
                        <Input inputMode="numeric" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </div>
              <EventParticipantsFields suggestions={participantSuggestions} />
              <EventRecurrenceFields />
              <FormField
                control={control}
                name="description"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Description</FormLabel>
                    <FormControl>
                      <Textarea rows={2} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={control}
                name="notes"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Notes</FormLabel>
                    <FormControl>
                      <Textarea rows={2} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <EventGoogleSyncField linked={state.mode === 'edit' && state.event.google_linked} />
            </div>
            <DialogFooter className="flex-row items-center justify-between border-t bg-card px-6 py-3 sm:justify-between">
              {state.mode === 'edit' ? (
                <Button
                  variant="ghost"
                  className="text-destructive"
                  onClick={() => setConfirmingDelete(true)}
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
            description={
              series
                ? `"${state.event.title}" and every occurrence of the series will be deleted. This cannot be undone.`
                : `"${state.event.title}" will be deleted. This cannot be undone.`
            }
            confirmLabel="Delete"
            destructive
            onConfirm={remove}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
