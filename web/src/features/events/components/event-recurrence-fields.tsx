import { REPEAT_PATTERNS } from '@relate/contracts';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField, TextField } from '@/components/form-fields';
import { FormField } from '@/components/ui/form';
import { formatDay, formatWeekday } from '@/lib/format';
import { cn } from '@/lib/utils';
import { type EventFormValues, firstOccurrenceAfterStart, shiftedWeekdays, startDay } from '../event-form';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const PATTERN_LABELS: Record<EventFormValues['repeat_pattern'], string> = {
  none: 'Does not repeat',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

const PATTERN_OPTIONS = REPEAT_PATTERNS.map((value) => ({ value, label: PATTERN_LABELS[value] }));

/**
 * The weekdays follow the start date until the user picks them (as in Google Calendar): an event moved
 * from a Friday to a Monday repeats on Mondays.
 */
function useWeekdaysFollowingStart(picked: boolean) {
  const { control, getValues, setValue } = useFormContext<EventFormValues>();
  const start = startDay(useWatch({ control, name: 'start_datetime' }));
  const previous = useRef(start);
  const time = start?.getTime();
  useEffect(() => {
    const from = previous.current;
    if (time === undefined) return;
    const to = new Date(time);
    previous.current = to;
    if (picked || !from || from.getDay() === to.getDay()) return;
    setValue('repeat_days', shiftedWeekdays(getValues('repeat_days'), from, to));
  }, [time, picked, getValues, setValue]);
  return start;
}

/** Why the start date is no occurrence of the weekly series, when it is not one of the chosen days. */
function StartNotRepeatedNote({ start }: { start: Date | null }) {
  const { control } = useFormContext<EventFormValues>();
  const [days, interval] = useWatch({ control, name: ['repeat_days', 'repeat_interval'] });
  const first = start && firstOccurrenceAfterStart(start, days, Number.parseInt(interval, 10) || 1);
  if (!start || !first) return null;
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {formatWeekday(start)} is not a chosen day, so the event first takes place on {formatDay(first)}.
    </p>
  );
}

/** Repeat, every N, until, and the weekdays of a weekly repeat (spec section 5). */
export function EventRecurrenceFields() {
  const { control } = useFormContext<EventFormValues>();
  const pattern = useWatch({ control, name: 'repeat_pattern' });
  const [picked, setPicked] = useState(false);
  const start = useWeekdaysFollowingStart(picked);
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField control={control} name="repeat_pattern" label="Repeat" options={PATTERN_OPTIONS} />
        {pattern !== 'none' && (
          <>
            <TextField control={control} name="repeat_interval" label="Every" inputMode="numeric" />
            <TextField control={control} name="repeat_end_date" label="Until" type="date" />
          </>
        )}
      </div>
      {pattern === 'weekly' && (
        <FormField
          control={control}
          name="repeat_days"
          render={({ field }) => (
            <fieldset className="flex flex-wrap gap-1.5" aria-label="Repeat on">
              {WEEKDAYS.map((day, index) => {
                const active = field.value.includes(index);
                return (
                  <button
                    key={day}
                    type="button"
                    aria-pressed={active}
                    onClick={() => {
                      setPicked(true);
                      field.onChange(
                        active ? field.value.filter((item) => item !== index) : [...field.value, index],
                      );
                    }}
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
        />
      )}
      {pattern === 'weekly' && <StartNotRepeatedNote start={start} />}
    </div>
  );
}
