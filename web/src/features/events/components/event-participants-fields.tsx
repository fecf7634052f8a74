import { PlusIcon, XIcon } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { EventFormValues } from '../event-form';
import type { ParticipantSuggestion } from './calendar-types';

/** Participants by name and e-mail; the e-mail field suggests the caller's group members. */
export function EventParticipantsFields({ suggestions }: { suggestions: ParticipantSuggestion[] }) {
  const { control, getValues, setValue } = useFormContext<EventFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'participants' });
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Participants</legend>
      {fields.map((row, index) => (
        <div key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
          <FormField
            control={control}
            name={`participants.${index}.name`}
            render={({ field }) => (
              <FormItem className="gap-1">
                <FormLabel className="sr-only">Participant {index + 1} name</FormLabel>
                <FormControl>
                  <Input placeholder="Name" {...field} />
                </FormControl>
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name={`participants.${index}.email`}
            render={({ field }) => (
              <FormItem className="gap-1">
                <FormLabel className="sr-only">Participant {index + 1} email</FormLabel>
                <FormControl>
                  <Input
                    type="email"
                    placeholder="email@company.com"
                    list="event-participant-suggestions"
                    {...field}
                    onChange={(event) => {
                      field.onChange(event);
                      const member = suggestions.find((item) => item.email === event.target.value);
                      if (member?.full_name && !getValues(`participants.${index}.name`))
                        setValue(`participants.${index}.name`, member.full_name);
                    }}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button variant="ghost" size="icon" onClick={() => remove(index)}>
            <XIcon />
            <span className="sr-only">Remove participant {index + 1}</span>
          </Button>
        </div>
      ))}
      <datalist id="event-participant-suggestions">
        {suggestions.map((member) => (
          <option key={member.email} value={member.email}>
            {member.full_name}
          </option>
        ))}
      </datalist>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => append({ name: '', email: '' })}
      >
        <PlusIcon />
        Add participant
      </Button>
    </fieldset>
  );
}
