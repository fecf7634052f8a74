import { Label } from '@/components/ui/label';
import type { FieldSpec } from '../fields';
import { FieldInput } from './field-input';

interface ContactFieldsGridProps {
  fields: readonly FieldSpec[];
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
  idPrefix: string;
  disabled?: boolean;
}

/** Two columns of labelled inputs; textareas span both. */
export function ContactFieldsGrid({ fields, values, onChange, idPrefix, disabled }: ContactFieldsGridProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => (
        <div
          key={field.key}
          className={field.kind === 'textarea' ? 'grid gap-2 sm:col-span-2' : 'grid gap-2'}
        >
          <Label htmlFor={`${idPrefix}-${field.key}`}>
            {field.label}
            {field.required && <span className="text-destructive"> *</span>}
          </Label>
          <FieldInput
            id={`${idPrefix}-${field.key}`}
            field={field}
            value={values[field.key] ?? ''}
            onChange={(value) => onChange(field.key, value)}
            disabled={disabled}
          />
        </div>
      ))}
    </div>
  );
}
