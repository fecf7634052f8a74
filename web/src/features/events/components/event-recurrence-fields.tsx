import { REPEAT_PATTERNS } from '@relate/contracts';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField, TextField } from '@/components/form-fields';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatDay, formatWeekday } from '@/lib/format';
import { cn } from '@/lib/utils';
import {
  type EventFormValues,
  firstOccurrenceAfterStart,
  followedWeek,
  shiftedWeekdays,
  startDay,
  weekOfMonth,
} from '../event-form';
import { ORDINALS } from '../repeat-text';

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
 * from a Friday to a Monday repeats on Mondays. A monthly repeat's week always follows it ("the second
 * Tuesday" moved to the 16th is "the third Wednesday"): the week is counted from the start's weekday,
 * so it cannot stay as picked on another day.
 */
function useRepeatFollowingStart(picked: boolean) {
  const { control, getValues, setValue } = useFormContext<EventFormValues>();
  const start = startDay(useWatch({ control, name: 'start_datetime' }));
  const previous = useRef(start);
  const time = start?.getTime();
  useEffect(() => {
    const from = previous.current;
    if (time === undefined) return;
    const to = new Date(time);
    previous.current = to;
    if (!from || from.getTime() === to.getTime()) return;
    const week = getValues('repeat_week');
    if (followedWeek(week, to) !== week) setValue('repeat_week', followedWeek(week, to));
    if (picked || from.getDay() === to.getDay()) return;
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

type MonthlyChoice = 'day' | 'nth' | 'last';

/**
 * A monthly repeat's choices for its start date, as in Google Calendar: on its day of the month, on its
 * nth weekday (up to the fourth: a fifth one is offered only to an event that already repeats so), and on
 * the last weekday when the start is in its month's last week. In the words of the repeat's description
 * ("Every month on the second Tuesday").
 */
export function monthlyChoices(start: Date, week: number | null): { value: MonthlyChoice; label: string }[] {
  const { nth, last } = weekOfMonth(start);
  const weekday = formatWeekday(start);
  const choices: { value: MonthlyChoice; label: string }[] = [
    { value: 'day', label: `Monthly on day ${start.getDate()}` },
  ];
  if (nth <= 4 || week === nth)
    choices.push({ value: 'nth', label: `Monthly on the ${ORDINALS[nth]} ${weekday}` });
  if (last) choices.push({ value: 'last', label: `Monthly on the ${ORDINALS[-1]} ${weekday}` });
  return choices;
}

/** Monthly on the start's day of the month, its nth weekday or its last one (repeat_week). */
function MonthlyWeekField({ start }: { start: Date }) {
  const { control } = useFormContext<EventFormValues>();
  return (
    <FormField
      control={control}
      name="repeat_week"
      render={({ field }) => {
        const choices = monthlyChoices(start, field.value);
        const chosen: MonthlyChoice = field.value === null ? 'day' : field.value === -1 ? 'last' : 'nth';
        return (
          <FormItem className="sm:max-w-xs">
            <FormLabel>Repeat on</FormLabel>
            <Select
              value={chosen}
              onValueChange={(value: MonthlyChoice) =>
                field.onChange(value === 'day' ? null : value === 'last' ? -1 : weekOfMonth(start).nth)
              }
            >
              <FormControl>
                <SelectTrigger onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {choices.map((choice) => (
                  <SelectItem key={choice.value} value={choice.value}>
                    {choice.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}

/** Repeat, every N, until, and the weekdays of a weekly repeat (spec section 5). */
export function EventRecurrenceFields() {
  const { control } = useFormContext<EventFormValues>();
  const pattern = useWatch({ control, name: 'repeat_pattern' });
  const [picked, setPicked] = useState(false);
  const start = useRepeatFollowingStart(picked);
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
      {pattern === 'monthly' && start && <MonthlyWeekField start={start} />}
    </div>
  );
}
