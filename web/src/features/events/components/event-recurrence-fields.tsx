import { REPEAT_PATTERNS } from '@relate/contracts';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import type { EventFormValues } from '../event-form';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const PATTERN_LABELS: Record<EventFormValues['repeat_pattern'], string> = {
  none: 'Does not repeat',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/** Repeat, every N, until, and the weekdays of a weekly repeat (spec section 5). */
export function EventRecurrenceFields() {
  const { control } = useFormContext<EventFormValues>();
  const pattern = useWatch({ control, name: 'repeat_pattern' });
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          control={control}
          name="repeat_pattern"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Repeat</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {REPEAT_PATTERNS.map((value) => (
                    <SelectItem key={value} value={value}>
                      {PATTERN_LABELS[value]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        {pattern !== 'none' && (
          <>
            <FormField
              control={control}
              name="repeat_interval"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Every</FormLabel>
                  <FormControl>
                    <Input inputMode="numeric" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={control}
              name="repeat_end_date"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Until</FormLabel>
                  <FormControl>
                    <Input type="date" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
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
                    onClick={() =>
                      field.onChange(
                        active ? field.value.filter((item) => item !== index) : [...field.value, index],
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
        />
      )}
    </div>
  );
}
