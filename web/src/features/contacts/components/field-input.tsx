import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { type FieldSpec, optionLabel } from '../fields';

const NONE = '__none__';

interface FieldInputProps {
  field: FieldSpec;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  compact?: boolean;
  disabled?: boolean;
  /** From FormControl: the label's target and the description and error ids. */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/** The input for one contact field: select, textarea, date, date-time or text. */
export function FieldInput({
  field,
  value,
  onChange,
  onBlur,
  compact,
  disabled,
  ...control
}: FieldInputProps) {
  const size = compact ? 'h-8 text-sm' : undefined;
  if (field.kind === 'select')
    return (
      <Select
        value={value || NONE}
        onValueChange={(next) => onChange(next === NONE ? '' : next)}
        disabled={disabled}
      >
        <SelectTrigger
          {...control}
          onBlur={onBlur}
          className={size}
          aria-label={compact ? field.label : undefined}
        >
          <SelectValue placeholder={`Select ${field.label.toLowerCase()}`} />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>Not set</SelectItem>
          {field.options?.map((option) => (
            <SelectItem key={option} value={option}>
              {optionLabel(option)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    );
  if (field.kind === 'textarea' && !compact)
    return (
      <Textarea
        {...control}
        onBlur={onBlur}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        rows={3}
      />
    );
  const type =
    field.kind === 'date'
      ? 'date'
      : field.kind === 'datetime'
        ? 'datetime-local'
        : field.kind === 'email'
          ? 'email'
          : field.kind === 'url'
            ? 'url'
            : field.kind === 'tel'
              ? 'tel'
              : 'text';
  return (
    <Input
      {...control}
      onBlur={onBlur}
      type={type}
      className={size}
      value={value}
      aria-label={compact ? field.label : undefined}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
    />
  );
}
