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

type InputProps = Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'defaultValue' | 'children'>;

/**
 * A text-like input (text, e-mail, password, date, number typed as text...). `parse` rewrites what is
 * typed before it is stored (e.g. digits only).
 */
export function TextField<T extends FieldValues, N extends FieldPath<T>, TT = T>({
  control,
  name,
  label,
  description,
  className,
  children,
  parse,
  labelAside,
  ...input
}: FieldProps<T, N, TT> &
  InputProps & {
    parse?: (typed: string) => string;
    /** Beside the label, outside it (a "Forgot password?" link, say). */
    labelAside?: ReactNode;
  }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          {labelAside ? (
            <div className="flex items-center justify-between">
              <FormLabel>{label}</FormLabel>
              {labelAside}
            </div>
          ) : (
            <FormLabel>{label}</FormLabel>
          )}
          <FormControl>
            <Input
              {...input}
              {...field}
              onChange={parse ? (event) => field.onChange(parse(event.target.value)) : field.onChange}
            />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          {children}
          <FormMessage />
        </FormItem>
      )}
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
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Textarea {...textarea} {...field} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          {children}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export interface SelectOption {
  value: string;
  label: ReactNode;
}

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
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
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
          {description && <FormDescription>{description}</FormDescription>}
          {children}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

const EMPTY = '__empty__';

/** A checkbox with its label beside it, for a boolean field. */
export function CheckboxField<T extends FieldValues, N extends FieldPath<T>, TT = T>({
  control,
  name,
  label,
  description,
  className,
  children,
}: FieldProps<T, N, TT>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className ?? 'flex items-center gap-2'}>
          <FormControl>
            <Checkbox
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          </FormControl>
          <FormLabel>{label}</FormLabel>
          {description && <FormDescription>{description}</FormDescription>}
          {children}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
