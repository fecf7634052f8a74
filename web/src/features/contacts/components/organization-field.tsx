import type { CompanySuggestion } from '@relate/contracts';
import { Building2, Plus } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { useCompanySuggestions } from '../api/company-suggestions';
import { COMPANY_KEYS, type ContactFormValues } from '../form-values';

interface OrganizationFieldProps {
  form: UseFormReturn<ContactFormValues>;
  disabled?: boolean;
}

type Choice = { kind: 'company'; company: CompanySuggestion } | { kind: 'new'; name: string };

/**
 * The Organization field as a combobox (issue 35): typing suggests the user's companies, and picking one
 * links the contact to it; "Add company" links it to a new company of the typed name. Typing again
 * drops the pick, and the server links by the name typed when a company has it.
 */
export function OrganizationField({ form, disabled }: OrganizationFieldProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const text = form.watch('organization') ?? '';
  const companyId = form.watch(COMPANY_KEYS.id);
  const creating = form.watch(COMPANY_KEYS.create) === 'true';
  const query = useDebouncedValue(text.trim(), 150);
  const suggestions = useCompanySuggestions(open ? query : '');
  const found = suggestions.data?.companies ?? [];
  const choices: Choice[] = found.map((company) => ({ kind: 'company', company }));
  if (query && suggestions.data && suggestions.data.match_id === null)
    choices.push({ kind: 'new', name: query });
  const expanded = open && query.length > 0 && choices.length > 0;
  // The choices change as answers arrive: the highlighted one stays within them.
  const current = Math.max(0, Math.min(active, choices.length - 1));
  const linked = companyId
    ? (found.find((company) => String(company.id) === companyId)?.record ?? text)
    : null;
  // What the server links a typed name to when none was picked.
  const named =
    !companyId && query === text.trim()
      ? found.find((company) => company.id === suggestions.data?.match_id)
      : undefined;

  const pick = (choice: Choice) => {
    const options = { shouldDirty: true };
    if (choice.kind === 'company') {
      form.setValue('organization', choice.company.record, options);
      form.setValue(COMPANY_KEYS.id, String(choice.company.id), options);
      form.setValue(COMPANY_KEYS.create, '', options);
    } else {
      form.setValue('organization', choice.name, options);
      form.setValue(COMPANY_KEYS.id, '', options);
      form.setValue(COMPANY_KEYS.create, 'true', options);
    }
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(choices.length ? (current + step + choices.length) % choices.length : 0);
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      pick(choices[current]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <FormField
      control={form.control}
      name="organization"
      render={({ field }) => (
        <FormItem className="relative">
          <FormLabel>Organization</FormLabel>
          <FormControl>
            <Input
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={expanded ? listId : undefined}
              aria-activedescendant={expanded ? `${listId}-${current}` : undefined}
              autoComplete="off"
              value={field.value ?? ''}
              disabled={disabled}
              onChange={(event) => {
                field.onChange(event.target.value);
                form.setValue(COMPANY_KEYS.id, '', { shouldDirty: true });
                form.setValue(COMPANY_KEYS.create, '', { shouldDirty: true });
                setActive(0);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => {
                field.onBlur();
                setOpen(false);
              }}
              onKeyDown={onKeyDown}
            />
          </FormControl>
          {expanded && (
            <div
              id={listId}
              role="listbox"
              aria-label="Companies"
              className="absolute inset-x-0 top-full z-50 mt-1 max-h-64 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
            >
              {choices.map((choice, index) => (
                <div
                  key={choice.kind === 'company' ? choice.company.id : 'new'}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === current}
                  tabIndex={-1}
                  // Picked on mouse down, before the input's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(choice);
                  }}
                  onMouseEnter={() => setActive(index)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                    index === current && 'bg-accent text-accent-foreground',
                  )}
                >
                  {choice.kind === 'company' ? (
                    <>
                      <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                      <span className="truncate">{choice.company.record}</span>
                    </>
                  ) : (
                    <>
                      <Plus className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                      <span className="truncate">Add company "{choice.name}"</span>
                    </>
                  )}
                </div>
              ))}
            </div>
          )}
          <FormDescription>
            {linked
              ? `Linked to the company ${linked}.`
              : named
                ? `Will be linked to the company ${named.record}.`
                : creating
                  ? `The company ${text.trim()} will be added.`
                  : 'Type to find one of your companies, or add it.'}
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
