import { REPEAT_PATTERNS } from '@relate/contracts';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField, TextField } from '@/components/form-fields';
import { FormField } from '@/components/ui/form';
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

const PATTERN_OPTIONS = REPEAT_PATTERNS.map((value) => ({ value, label: PATTERN_LABELS[value] }));

/** Repeat, every N, until, and the weekdays of a weekly repeat (spec section 5). */
export function EventRecurrenceFields() {
  const { control } = useFormContext<EventFormValues>();
  const pattern = useWatch({ control, name: 'repeat_pattern' });
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
