import type { OccurrenceScope } from '@relate/contracts';
import { useId, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

const CHOICES: { scope: OccurrenceScope; label: string }[] = [
  { scope: 'this', label: 'This event' },
  { scope: 'following', label: 'This and following events' },
  { scope: 'all', label: 'All events' },
];

interface OccurrenceScopeDialogProps {
  /** Saving changes or deleting. */
  action: 'edit' | 'delete';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (scope: OccurrenceScope) => void;
  /** A change to the repeat itself cannot apply to one occurrence: "This event" is not offered. */
  withoutThis?: boolean;
}

/**
 * Which occurrences of a repeating event a change or a deletion applies to, as Google Calendar asks:
 * "This event", "This and following events" or "All events" (docs/decisions/0024).
 */
export function OccurrenceScopeDialog({
  action,
  open,
  onOpenChange,
  onChoose,
  withoutThis = false,
}: OccurrenceScopeDialogProps) {
  const choices = withoutThis ? CHOICES.filter((choice) => choice.scope !== 'this') : CHOICES;
  const [scope, setScope] = useState<OccurrenceScope>(choices[0].scope);
  const name = useId();
  const selected = choices.some((choice) => choice.scope === scope) ? scope : choices[0].scope;
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent className="max-w-sm">
        <AlertDialogHeader>
          <AlertDialogTitle>
            {action === 'edit' ? 'Edit recurring event' : 'Delete recurring event'}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {action === 'edit' ? 'Apply the changes to:' : 'Delete:'}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fieldset className="grid gap-3" aria-label={action === 'edit' ? 'Apply the changes to' : 'Delete'}>
          {choices.map((choice) => (
            <label key={choice.scope} className="flex items-center gap-3 text-sm">
              <input
                type="radio"
                name={name}
                value={choice.scope}
                checked={selected === choice.scope}
                onChange={() => setScope(choice.scope)}
                className="size-4 accent-primary"
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction destructive={action === 'delete'} onClick={() => onChoose(selected)}>
            {action === 'edit' ? 'OK' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
