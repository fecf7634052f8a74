import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { CONNECTION_STRENGTHS, type CompanyFormValues, strengthLabel } from '../company-form';

type Form = UseFormReturn<CompanyFormValues>;

const NOT_SET = 'not-set';

function Field({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required && <span className="text-destructive"> *</span>}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-muted-foreground">{hint}</p>
      )}
    </div>
  );
}

interface FieldsProps {
  form: Form;
  idPrefix: string;
}

/** Name, categories, tags and description. */
export function BasicInformationFields({ form, idPrefix }: FieldsProps) {
  const { errors } = form.formState;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <Field id={id('record')} label="Company Name" required error={errors.record?.message}>
        <Input
          id={id('record')}
          placeholder="Acme Inc."
          autoComplete="organization"
          aria-invalid={errors.record ? true : undefined}
          aria-describedby={errors.record ? `${id('record')}-error` : undefined}
          {...form.register('record')}
        />
      </Field>
      <Field id={id('categories')} label="Categories">
        <Input id={id('categories')} placeholder="SaaS, Fintech" {...form.register('categories')} />
      </Field>
      <Field id={id('tags')} label="Tags" hint="Separate tags with commas" className="sm:col-span-2">
        <Input id={id('tags')} placeholder="customer, priority" {...form.register('tags')} />
      </Field>
      <Field id={id('description')} label="Description" className="sm:col-span-2">
        <Textarea
          id={id('description')}
          rows={3}
          placeholder="What the company does"
          {...form.register('description')}
        />
      </Field>
    </>
  );
}

/** LinkedIn, Twitter, follower count and domains. */
export function ContactSocialFields({ form, idPrefix }: FieldsProps) {
  const { errors } = form.formState;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <Field id={id('linkedin')} label="LinkedIn" error={errors.linkedin_profile?.message}>
        <Input
          id={id('linkedin')}
          type="url"
          inputMode="url"
          placeholder="https://www.linkedin.com/company/acme"
          aria-invalid={errors.linkedin_profile ? true : undefined}
          {...form.register('linkedin_profile')}
        />
      </Field>
      <Field id={id('twitter')} label="Twitter">
        <Input id={id('twitter')} placeholder="@acme" {...form.register('twitter')} />
      </Field>
      <Field id={id('followers')} label="Twitter Followers" error={errors.twitter_follower_count?.message}>
        <Input
          id={id('followers')}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          aria-invalid={errors.twitter_follower_count ? true : undefined}
          {...form.register('twitter_follower_count')}
        />
      </Field>
      <Field id={id('domains')} label="Domains" hint="Separate domains with commas">
        <Input id={id('domains')} placeholder="acme.com, acme.io" {...form.register('domains')} />
      </Field>
    </>
  );
}

/** Connection strength and last interaction. */
export function RelationshipFields({ form, idPrefix }: FieldsProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <Field id={id('strength')} label="Connection Strength">
        <Controller
          control={form.control}
          name="connection_strength"
          render={({ field }) => (
            <Select
              value={field.value || NOT_SET}
              onValueChange={(value) => field.onChange(value === NOT_SET ? '' : value)}
            >
              <SelectTrigger id={id('strength')} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NOT_SET}>Not set</SelectItem>
                {CONNECTION_STRENGTHS.map((strength) => (
                  <SelectItem key={strength} value={strength}>
                    {strengthLabel(strength)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      <Field id={id('last-interaction')} label="Last Interaction" hint="Leave empty if there was none">
        <Input id={id('last-interaction')} type="datetime-local" {...form.register('last_interaction')} />
      </Field>
    </>
  );
}

export function NotionIdField({ form, idPrefix }: FieldsProps) {
  const id = `${idPrefix}-notion-id`;
  return (
    <Field id={id} label="Notion ID">
      <Input id={id} placeholder="Notion page id" {...form.register('notion_id')} />
    </Field>
  );
}
