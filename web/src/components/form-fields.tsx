import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';

/**
 * One labelled field of a react-hook-form form: label, control, optional description, and the field's
 * error, wired by `components/ui/form.tsx` (decision 0020). `children` come after the description (a note
 * about the value, say); the error comes last.
 */
interface FieldProps<T extends FieldValues, N extends FieldPath<T>, TT> {
  /** The form's control; TT is what its resolver hands to submit. */
  control: Control<T, unknown, TT>;
  name: N;
  label: ReactNode;
  description?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** Label, the control, the description, the caller's notes, the error. */
function FieldFrame({
  label,
  description,
  className,
  notes,
  children,
}: {
  label: ReactNode;
  description?: ReactNode;
  className?: string;
  notes?: ReactNode;
  children: ReactNode;
}) {
  return (
    <FormItem className={className}>
      <FormLabel>{label}</FormLabel>
      {children}
      {description && <FormDescription>{description}</FormDescription>}
      {notes}
      <FormMessage />
    </FormItem>
  );
}

type InputProps = Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'defaultValue' | 'children'>;

/**
 * A text-like input (text, e-mail, password, date, number typed as text...). `parse` rewrites what is
 * typed before it is stored (e.g. digits only); `action` stands on the input's row (a Send button, say).
 */
export function TextField<T extends FieldValues, N extends FieldPath<T>, TT = T>({
  control,
  name,
  label,
  description,
  className,
  children,
  parse,
  action,
  inputClassName,
  ...input
}: FieldProps<T, N, TT> &
  InputProps & {
    parse?: (typed: string) => string;
    action?: ReactNode;
    /** Classes of the input itself (`className` is the field's). */
    inputClassName?: string;
  }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const inputControl = (
          <FormControl>
            <Input
              {...input}
              className={inputClassName}
              {...field}
              onChange={parse ? (event) => field.onChange(parse(event.target.value)) : field.onChange}
            />
          </FormControl>
        );
        return (
          <FieldFrame {...{ label, description, className }} notes={children}>
            {action ? (
              <div className="flex flex-col gap-2 sm:flex-row">
                {inputControl}
                {action}
              </div>
            ) : (
              inputControl
            )}
          </FieldFrame>
        );
      }}
    />
  );
}

type TextareaProps = Omit<ComponentProps<typeof Textarea>, 'name' | 'value' | 'defaultValue' | 'children'>;

export function TextareaField<T extends FieldValues, N extends FieldPath<T>, TT = T>({
  control,
  name,
  label,
  description,
  className,
  children,
  ...textarea
}: FieldProps<T, N, TT> & TextareaProps) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FieldFrame {...{ label, description, className }} notes={children}>
          <FormControl>
            <Textarea {...textarea} {...field} />
          </FormControl>
        </FieldFrame>
      )}
    />
  );
}

export interface SelectOption {
  value: string;
  label: ReactNode;
}

const EMPTY = '__empty__';

/**
 * A select of `options`. A field whose empty value is '' offers it as `emptyOption` (a Radix select item
 * cannot have the value '').
 */
export function SelectField<T extends FieldValues, N extends FieldPath<T>, TT = T>({
  control,
  name,
  label,
  description,
  className,
  children,
  options,
  emptyOption,
  placeholder,
  disabled,
}: FieldProps<T, N, TT> & {
  options: readonly SelectOption[];
  emptyOption?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FieldFrame {...{ label, description, className }} notes={children}>
          <Select
            value={emptyOption !== undefined ? field.value || EMPTY : field.value}
            onValueChange={(value) => field.onChange(value === EMPTY ? '' : value)}
            disabled={disabled}
          >
            <FormControl>
              <SelectTrigger onBlur={field.onBlur}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {emptyOption !== undefined && <SelectItem value={EMPTY}>{emptyOption}</SelectItem>}
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FieldFrame>
      )}
    />
  );
}

/** A checkbox with its label after it, for a boolean field. */
export function CheckboxField<T extends FieldValues, N extends FieldPath<T>, TT = T>({
  control,
  name,
  label,
  description,
  className,
}: Omit<FieldProps<T, N, TT>, 'children'>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        // The box and its label on one row; a description under the label, in line with it.
        <FormItem className={className ?? 'grid gap-1'}>
          <div className="flex items-center gap-2">
            <FormControl>
              <Checkbox
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
            </FormControl>
            <FormLabel>{label}</FormLabel>
          </div>
          {description && <FormDescription className="pl-6">{description}</FormDescription>}
        </FormItem>
      )}
    />
  );
}
