import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';

/** A password input in a react-hook-form form, with its label, hint and error. */
export function PasswordField<T extends FieldValues>({
  control,
  name,
  label,
  autoComplete,
  description,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  description?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input type="password" autoComplete={autoComplete} {...field} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
