import { zodResolver } from '@hookform/resolvers/zod';
import type { Person } from '@relate/contracts';
import { PencilIcon, Share2Icon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDate, formatDateTime } from '@/lib/format';
import { usePerson } from '../api/people-api';
import { contactFormSchema } from '../contact-form-schema';
import {
  CONTACT_TABS,
  CUSTOM_PREFIX,
  contactLabel,
  customFieldSpecs,
  type FieldSpec,
  optionLabel,
} from '../fields';
import { type ContactFormValues, toFormValues, toPayload } from '../form-values';
import { ContactFieldsGrid } from './contact-fields-grid';
import { StayInTouchCard } from './stay-in-touch/stay-in-touch-card';

const DETAIL_TAB_LABELS: Record<string, string> = {
  general: 'General Info',
  professional: 'Professional Info',
  social: 'Social & Online',
  connection: 'Connection',
};

/** Dates the detail view shows without their time (spec section 2). */
const DATE_ONLY = new Set(['last_contact_date', 'next_follow_up_date']);

function initialsOf(person: Person | undefined) {
  const letters = [person?.first_name, person?.last_name]
    .filter(Boolean)
    .map((part) => part?.[0]?.toUpperCase())
    .join('');
  return letters || person?.full_name?.[0]?.toUpperCase() || '?';
}

function ReadOnlyValue({ field, person }: { field: FieldSpec; person: Person }) {
  const raw = field.key.startsWith(CUSTOM_PREFIX)
    ? person.custom_fields?.[field.key.slice(CUSTOM_PREFIX.length)]
    : (person as unknown as Record<string, unknown>)[field.key];
  if (raw === null || raw === undefined || raw === '')
    return <span className="text-muted-foreground/60">—</span>;
  const value = String(raw);
  if (DATE_ONLY.has(field.key) || field.kind === 'date') return <>{formatDate(value)}</>;
  if (field.kind === 'datetime') return <>{formatDateTime(value)}</>;
  if (field.kind === 'select') return <>{optionLabel(value)}</>;
  if (field.kind === 'url')
    return (
      <a
        href={value}
        target="_blank"
        rel="noreferrer noopener"
        className="break-all text-primary hover:underline"
      >
        {value}
      </a>
    );
  if (field.kind === 'email')
    return (
      <a href={`mailto:${value}`} className="text-primary hover:underline">
        {value}
      </a>
    );
  return <span className="whitespace-pre-wrap">{value}</span>;
}

function ReadOnlyGrid({ fields, person }: { fields: readonly FieldSpec[]; person: Person }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {fields.map((field) => (
        <div
          key={field.key}
          className={field.kind === 'textarea' ? 'grid gap-1 sm:col-span-2' : 'grid gap-1'}
        >
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{field.label}</dt>
          <dd className="text-sm">
            <ReadOnlyValue field={field} person={person} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface ContactDetailDialogProps {
  personId: number | null;
  onOpenChange: (open: boolean) => void;
  customFieldNames: string[];
  onSave: (person: Person, payload: Record<string, unknown>) => Promise<boolean>;
  /** More actions beside Edit, composed by the route (e.g. Google's "Also add to Google"). */
  extraActions?: (contactId: number) => ReactNode;
  /** The contact's Timeline tab (notes, interactions, changes), composed by the route. */
  timeline?: (contactId: number) => ReactNode;
}

/** The contact detail dialog: read-only until Edit, then Save Changes (spec section 2). */
export function ContactDetailDialog({
  personId,
  onOpenChange,
  customFieldNames,
  onSave,
  extraActions,
  timeline,
}: ContactDetailDialogProps) {
  const person = usePerson(personId);
  const [editing, setEditing] = useState(false);
  const form = useForm<ContactFormValues>({ resolver: zodResolver(contactFormSchema), defaultValues: {} });
  const saving = form.formState.isSubmitting;

  useEffect(() => {
    if (personId === null) setEditing(false);
  }, [personId]);

  const data = person.data;
  const customFields = customFieldSpecs(customFieldNames);
  const name = (data && contactLabel(data)) || 'Unknown Contact';
  const role = [data?.job_title, data?.organization].filter(Boolean).join(' at ');

  const startEditing = () => {
    if (!data) return;
    form.reset(toFormValues(data, customFieldNames));
    setEditing(true);
  };

  const save = form.handleSubmit(async (values) => {
    if (data && (await onSave(data, toPayload(values)))) setEditing(false);
  });

  return (
    <Dialog open={personId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="flex h-[80vh] max-w-6xl flex-col">
        <DialogHeader className="flex-row items-center gap-4">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary/15 text-lg font-semibold text-primary">
            {person.isPending ? '' : initialsOf(data)}
          </span>
          <div className="grid min-w-0 gap-1">
            <DialogTitle className="truncate text-xl">{person.isPending ? 'Loading...' : name}</DialogTitle>
            <DialogDescription>
              {data?.company_id && data.organization ? (
                <>
                  {data.job_title ? `${data.job_title} at ` : ''}
                  <Link to={`/companies/${data.company_id}`} className="underline underline-offset-4">
                    {data.organization}
                  </Link>
                </>
              ) : (
                role || (data?.email ?? '')
              )}
            </DialogDescription>
            {data?.shared_by && (
              <Badge variant="secondary" className="w-fit gap-1">
                <Share2Icon className="size-3" />
                Shared by {data.shared_by}
              </Badge>
            )}
          </div>
        </DialogHeader>
        {person.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-9 w-2/3" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : !data ? (
          <p className="py-10 text-center text-sm text-muted-foreground">This contact could not be loaded.</p>
        ) : (
          <Tabs defaultValue="general" className="flex min-h-0 flex-1 flex-col">
            <TabsList className="h-auto w-full flex-wrap justify-start">
              {CONTACT_TABS.map((tab) => (
                <TabsTrigger key={tab.key} value={tab.key}>
                  {DETAIL_TAB_LABELS[tab.key]}
                </TabsTrigger>
              ))}
              <TabsTrigger value="custom">Custom Fields</TabsTrigger>
              {timeline && <TabsTrigger value="timeline">Timeline</TabsTrigger>}
            </TabsList>
            <div className="min-h-0 flex-1 overflow-y-auto px-0.5 pb-1">
              {[
                ...CONTACT_TABS.map((tab) => ({ key: tab.key, fields: tab.fields as readonly FieldSpec[] })),
                { key: 'custom', fields: customFields },
              ].map((tab) => (
                <TabsContent key={tab.key} value={tab.key}>
                  {tab.key === 'connection' && !editing && (
                    <StayInTouchCard contactId={data.id} name={name} />
                  )}
                  {tab.fields.length === 0 ? (
                    <p className="py-8 text-center text-sm text-muted-foreground">No custom fields yet.</p>
                  ) : editing ? (
                    <Form {...form}>
                      <ContactFieldsGrid fields={tab.fields} form={form} />
                    </Form>
                  ) : (
                    <ReadOnlyGrid fields={tab.fields} person={data} />
                  )}
                </TabsContent>
              ))}
              {timeline && (
                <TabsContent value="timeline" className="pt-2">
                  {timeline(data.id)}
                </TabsContent>
              )}
            </div>
          </Tabs>
        )}
        <DialogFooter>
          {editing ? (
            <>
              <Button variant="outline" onClick={() => setEditing(false)} disabled={saving}>
                Cancel
              </Button>
              <Button onClick={() => void save()} disabled={saving}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </>
          ) : (
            !person.isPending &&
            data && (
              <>
                {extraActions?.(data.id)}
                <Button onClick={startEditing}>
                  <PencilIcon />
                  Edit
                </Button>
              </>
            )
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
