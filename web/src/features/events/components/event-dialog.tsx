import type { CalendarEvent } from '@relate/contracts';
import { format } from 'date-fns';
import { PlusIcon, Trash2Icon, XIcon } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useGroupMembers } from '@/features/groups/api/groups-api';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCreateEvent, useDeleteEvent, useUpdateEvent } from '../api/events-api';
import {
  calendarSpan,
  type EventFormValues,
  eventFormValues,
  newEventValues,
  REPEAT_PATTERNS,
  toEventPayload,
} from '../event-form';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** An all-day event's dates (its UTC dates, the same in every zone). */
function allDayWhen(event: CalendarEvent): string {
  const { start, end } = calendarSpan(event);
  const first = format(start, 'MMM d, yyyy');
  const last = format(end, 'MMM d, yyyy');
  return first === last ? `${first} (all day)` : `${first} – ${last} (all day)`;
}

export type EventDialogState =
  | { mode: 'add'; start: Date; end: Date }
  | { mode: 'edit'; event: CalendarEvent }
  | { mode: 'view'; event: CalendarEvent };

/** Add New Event / Edit Event (owner) / View Event (read-only, everyone else). */
export function EventDialog({ state, onClose }: { state: EventDialogState | null; onClose: () => void }) {
  const [values, setValues] = useState<EventFormValues | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const deleteEvent = useDeleteEvent();
  const members = useGroupMembers();

  useEffect(() => {
    if (!state) return;
    setError(null);
    setConfirmingDelete(false);
    setValues(state.mode === 'add' ? newEventValues(state.start, state.end) : eventFormValues(state.event));
  }, [state]);

  if (!state || !values) return null;
  const readOnly = state.mode === 'view';
  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) =>
    setValues((current) => (current ? { ...current, [key]: value } : current));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.title.trim()) return setError('Title is required');
    if (values.end < values.start) return setError('The event cannot end before it starts');
    const body = toEventPayload(values);
    if (state.mode === 'add')
      createEvent.mutate(body, {
        onSuccess: () => {
          toast.success('Event created successfully');
          onClose();
        },
        onError: (failure) => toast.error('Failed to create event', { description: failure.message }),
      });
    else if (state.mode === 'edit')
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
  };

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

  const title = state.mode === 'add' ? 'Add New Event' : state.mode === 'edit' ? 'Edit Event' : 'View Event';
  const suggestions = (members.data ?? []).filter((member) => member.status === 'approved');

  if (readOnly) {
    const event = state.event;
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>View Event</DialogTitle>
            <DialogDescription>
              Organised by {event.owner_email}. Only the owner can change it.
            </DialogDescription>
          </DialogHeader>
          <dl className="grid gap-3 text-sm">
            {[
              ['Title', event.title],
              [
                'When',
                event.all_day
                  ? allDayWhen(event)
                  : `${formatDateTime(event.start_datetime)} – ${formatDateTime(event.end_datetime)}`,
              ],
              ['Location', event.location],
              ['Project', event.project],
              [
                'Repeats',
                event.repeat_pattern === 'none'
                  ? null
                  : `${event.repeat_pattern}, every ${event.repeat_interval}`,
              ],
              ['Participants', event.participants.map((p) => p.name || p.email).join(', ')],
              ['Description', event.description],
              ['Notes', event.notes],
            ]
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="grid gap-0.5">
                  <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                    {label}
                  </dt>
                  <dd className="whitespace-pre-wrap">{value}</dd>
                </div>
              ))}
          </dl>
          <DialogFooter>
            <Button onClick={onClose}>Close</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              {state.mode === 'edit' && state.event.repeat_pattern !== 'none'
                ? 'Changes apply to the whole series.'
                : 'Participants who have an account are notified.'}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="event-title">Title</Label>
            <Input
              id="event-title"
              value={values.title}
              aria-invalid={Boolean(error)}
              onChange={(e) => set('title', e.target.value)}
            />
            {error && <p className="text-xs text-destructive">{error}</p>}
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id="event-all-day"
              checked={values.all_day}
              onCheckedChange={(checked) => {
                const allDay = checked === true;
                setValues({
                  ...values,
                  all_day: allDay,
                  start: allDay ? values.start.slice(0, 10) : `${values.start.slice(0, 10)}T09:00`,
                  end: allDay ? values.end.slice(0, 10) : `${values.end.slice(0, 10)}T10:00`,
                });
              }}
            />
            <Label htmlFor="event-all-day">All day</Label>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="event-start">Start</Label>
              <Input
                id="event-start"
                type={values.all_day ? 'date' : 'datetime-local'}
                value={values.start}
                onChange={(e) => set('start', e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="event-end">End</Label>
              <Input
                id="event-end"
                type={values.all_day ? 'date' : 'datetime-local'}
                value={values.end}
                onChange={(e) => set('end', e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="event-location">Location</Label>
              <Input
                id="event-location"
                value={values.location}
                onChange={(e) => set('location', e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="event-project">Project</Label>
              <Input
                id="event-project"
                value={values.project}
                onChange={(e) => set('project', e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="event-type">Type</Label>
              <Select
                value={values.event_type}
                onValueChange={(value) => set('event_type', value as 'meeting' | 'event')}
              >
                <SelectTrigger id="event-type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="meeting">Meeting</SelectItem>
                  <SelectItem value="event">Event</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="event-alert">Alert (minutes before)</Label>
              <Input
                id="event-alert"
                inputMode="numeric"
                value={values.alert_minutes}
                onChange={(e) => set('alert_minutes', e.target.value)}
              />
            </div>
          </div>
          <div className="grid gap-2">
            <Label>Participants</Label>
            {values.participants.map((participant, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is their identity
              <div key={index} className="flex gap-2">
                <Input
                  placeholder="Name"
                  aria-label={`Participant ${index + 1} name`}
                  value={participant.name}
                  onChange={(e) =>
                    set(
                      'participants',
                      values.participants.map((p, i) => (i === index ? { ...p, name: e.target.value } : p)),
                    )
                  }
                />
                <Input
                  placeholder="email@company.com"
                  type="email"
                  list="event-participant-suggestions"
                  aria-label={`Participant ${index + 1} email`}
                  value={participant.email}
                  onChange={(e) => {
                    const email = e.target.value;
                    const member = suggestions.find((m) => m.email === email);
                    set(
                      'participants',
                      values.participants.map((p, i) =>
                        i === index ? { name: p.name || member?.full_name || '', email } : p,
                      ),
                    );
                  }}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() =>
                    set(
                      'participants',
                      values.participants.filter((_, i) => i !== index),
                    )
                  }
                >
                  <XIcon />
                  <span className="sr-only">Remove participant {index + 1}</span>
                </Button>
              </div>
            ))}
            <datalist id="event-participant-suggestions">
              {suggestions.map((member) => (
                <option key={member.id} value={member.email}>
                  {member.full_name}
                </option>
              ))}
            </datalist>
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => set('participants', [...values.participants, { name: '', email: '' }])}
            >
              <PlusIcon />
              Add participant
            </Button>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="grid gap-2">
              <Label htmlFor="event-repeat">Repeat</Label>
              <Select
                value={values.repeat_pattern}
                onValueChange={(value) => set('repeat_pattern', value as EventFormValues['repeat_pattern'])}
              >
                <SelectTrigger id="event-repeat">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {REPEAT_PATTERNS.map((pattern) => (
                    <SelectItem key={pattern} value={pattern}>
                      {pattern === 'none'
                        ? 'Does not repeat'
                        : pattern.charAt(0).toUpperCase() + pattern.slice(1)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {values.repeat_pattern !== 'none' && (
              <>
                <div className="grid gap-2">
                  <Label htmlFor="event-interval">Every</Label>
                  <Input
                    id="event-interval"
                    inputMode="numeric"
                    value={values.repeat_interval}
                    onChange={(e) => set('repeat_interval', e.target.value)}
                  />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="event-repeat-end">Until</Label>
                  <Input
                    id="event-repeat-end"
                    type="date"
                    value={values.repeat_end_date}
                    onChange={(e) => set('repeat_end_date', e.target.value)}
                  />
                </div>
              </>
            )}
          </div>
          {values.repeat_pattern === 'weekly' && (
            <fieldset className="flex flex-wrap gap-1.5" aria-label="Repeat on">
              {WEEKDAYS.map((day, index) => {
                const active = values.repeat_days.includes(index);
                return (
                  <button
                    key={day}
                    type="button"
                    aria-pressed={active}
                    onClick={() =>
                      set(
                        'repeat_days',
                        active
                          ? values.repeat_days.filter((d) => d !== index)
                          : [...values.repeat_days, index],
                      )
                    }
                    className={cn(
                      'h-8 w-11 rounded-md border text-xs font-medium transition-colors',
                      active ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
                    )}
                  >
                    {day}
                  </button>
                );
              })}
            </fieldset>
          )}
          <div className="grid gap-2">
            <Label htmlFor="event-description">Description</Label>
            <Textarea
              id="event-description"
              rows={2}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="event-notes">Notes</Label>
            <Textarea
              id="event-notes"
              rows={2}
              value={values.notes}
              onChange={(e) => set('notes', e.target.value)}
            />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id="event-google"
              checked={values.google_sync}
              onCheckedChange={(checked) => set('google_sync', checked === true)}
            />
            <Label htmlFor="event-google">Sync with Google Calendar</Label>
          </div>
          <DialogFooter className="sm:justify-between">
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
        {state.mode === 'edit' && (
          <ConfirmDialog
            open={confirmingDelete}
            onOpenChange={setConfirmingDelete}
            title="Delete event?"
            description={
              state.event.repeat_pattern === 'none'
                ? `"${state.event.title}" will be deleted. This cannot be undone.`
                : `"${state.event.title}" and every occurrence of the series will be deleted. This cannot be undone.`
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
