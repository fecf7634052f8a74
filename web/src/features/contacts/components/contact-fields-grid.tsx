import type { UseFormReturn } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import type { FieldSpec } from '../fields';
import type { ContactFormValues } from '../form-values';
import { FieldInput } from './field-input';
import { OrganizationField } from './organization-field';

interface ContactFieldsGridProps {
  fields: readonly FieldSpec[];
  form: UseFormReturn<ContactFormValues>;
  disabled?: boolean;
}

/** Two columns of labelled inputs (textareas span both), each with its validation message. */
export function ContactFieldsGrid({ fields, form, disabled }: ContactFieldsGridProps) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      {fields.map((spec) =>
        spec.key === 'organization' ? (
          <OrganizationField key={spec.key} form={form} disabled={disabled} />
        ) : (
          <FormField
            key={spec.key}
            control={form.control}
            name={spec.key}
            render={({ field }) => (
              <FormItem className={spec.kind === 'textarea' ? 'sm:col-span-2' : undefined}>
                <FormLabel>{spec.label}</FormLabel>
                <FormControl>
                  <FieldInput
                    field={spec}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={disabled}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        ),
      )}
    </div>
  );
}
