import { ConnectionStrengthSchema } from '@relate/contracts';
import type { ReactNode } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
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
import { type CompanyFormValues, strengthLabel } from '../company-form';

type Form = UseFormReturn<CompanyFormValues>;
type Name = FieldPath<CompanyFormValues>;

const NOT_SET = 'not-set';

/** One labelled field of the company form; `input` renders its control inside a FormControl. */
function CompanyField({
  form,
  name,
  label,
  required,
  hint,
  className,
  input,
}: {
  form: Form;
  name: Name;
  label: string;
  required?: boolean;
  hint?: string;
  className?: string;
  input: (field: {
    value: string;
    onChange: (value: string) => void;
    onBlur: () => void;
    name: string;
  }) => ReactNode;
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className={className ?? 'content-start gap-1.5'}>
          <FormLabel>
            {label}
            {required && <span className="text-destructive"> *</span>}
          </FormLabel>
          {input({ ...field, onChange: (value: string) => field.onChange(value) })}
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

const text =
  (props: React.ComponentProps<typeof Input> = {}) =>
  (field: { value: string; onChange: (value: string) => void; onBlur: () => void; name: string }) => (
    <FormControl>
      <Input {...props} {...field} onChange={(event) => field.onChange(event.target.value)} />
    </FormControl>
  );

interface FieldsProps {
  form: Form;
}

/** Name, categories, tags and description. */
export function BasicInformationFields({ form }: FieldsProps) {
  return (
    <>
      <CompanyField
        form={form}
        name="record"
        label="Company Name"
        required
        input={text({ placeholder: 'Acme Inc.', autoComplete: 'organization' })}
      />
      <CompanyField
        form={form}
        name="categories"
        label="Categories"
        input={text({ placeholder: 'SaaS, Fintech' })}
      />
      <CompanyField
        form={form}
        name="tags"
        label="Tags"
        hint="Separate tags with commas"
        className="content-start gap-1.5 sm:col-span-2"
        input={text({ placeholder: 'customer, priority' })}
      />
      <CompanyField
        form={form}
        name="description"
        label="Description"
        className="content-start gap-1.5 sm:col-span-2"
        input={(field) => (
          <FormControl>
            <Textarea
              rows={3}
              placeholder="What the company does"
              {...field}
              onChange={(event) => field.onChange(event.target.value)}
            />
          </FormControl>
        )}
      />
    </>
  );
}

/** LinkedIn, Twitter, follower count and domains. */
export function ContactSocialFields({ form }: FieldsProps) {
  return (
    <>
      <CompanyField
        form={form}
        name="linkedin_profile"
        label="LinkedIn"
        input={text({ type: 'url', inputMode: 'url', placeholder: 'https://www.linkedin.com/company/acme' })}
      />
      <CompanyField form={form} name="twitter" label="Twitter" input={text({ placeholder: '@acme' })} />
      <CompanyField
        form={form}
        name="twitter_follower_count"
        label="Twitter Followers"
        input={text({ type: 'number', min: 0, step: 1, inputMode: 'numeric' })}
      />
      <CompanyField
        form={form}
        name="domains"
        label="Domains"
        hint="Separate domains with commas"
        input={text({ placeholder: 'acme.com, acme.io' })}
      />
    </>
  );
}

/** Connection strength and last interaction. */
export function RelationshipFields({ form }: FieldsProps) {
  return (
    <>
      <CompanyField
        form={form}
        name="connection_strength"
        label="Connection Strength"
        input={({ value, onChange, onBlur, ...field }) => (
          <Select value={value || NOT_SET} onValueChange={(next) => onChange(next === NOT_SET ? '' : next)}>
            <FormControl>
              <SelectTrigger onBlur={onBlur} {...field}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              <SelectItem value={NOT_SET}>Not set</SelectItem>
              {ConnectionStrengthSchema.options.map((strength) => (
                <SelectItem key={strength} value={strength}>
                  {strengthLabel(strength)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      <CompanyField
        form={form}
        name="last_interaction"
        label="Last Interaction"
        hint="Leave empty if there was none"
        input={text({ type: 'datetime-local' })}
      />
    </>
  );
}

export function NotionIdField({ form }: FieldsProps) {
  return (
    <CompanyField
      form={form}
      name="notion_id"
      label="Notion ID"
      input={text({ placeholder: 'Notion page id' })}
    />
  );
}
