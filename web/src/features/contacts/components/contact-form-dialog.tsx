import { zodResolver } from '@hookform/resolvers/zod';
import type { Person } from '@relate/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { contactFormSchema, EMPTY_CONTACT_MESSAGE } from '../contact-form-schema';
import { CONTACT_TABS, customFieldSpecs } from '../fields';
import { type ContactFormValues, changedFields, toFormValues, toPayload } from '../form-values';
import { ContactFieldsGrid } from './contact-fields-grid';

interface ContactFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contact to edit, or null to add one. */
  person: Person | null;
  customFieldNames: string[];
  /** Resolves true when saved (the dialog then closes). */
  onSubmit: (payload: Record<string, unknown>) => Promise<boolean>;
}

/** 'Add New Contact' / 'Edit Contact' with the spec's five tabs. */
export function ContactFormDialog({
  open,
  onOpenChange,
  person,
  customFieldNames,
  onSubmit,
}: ContactFormDialogProps) {
  const form = useForm<ContactFormValues>({ resolver: zodResolver(contactFormSchema), defaultValues: {} });
  const [tab, setTab] = useTabState(open);

  // Filled afresh when the dialog opens (or the custom fields arrive), never while the user types.
  const fieldNamesKey = customFieldNames.join('\n');
  useEffect(() => {
    if (open) form.reset(toFormValues(person, fieldNamesKey ? fieldNamesKey.split('\n') : []));
  }, [open, person, fieldNamesKey, form]);

  const submit = form.handleSubmit(
    async (values) => {
      const payload = person
        ? changedFields(form.formState.defaultValues as ContactFormValues, values)
        : toPayload(values);
      if (person && Object.keys(payload).length === 0) {
        onOpenChange(false);
        return;
      }
      if (await onSubmit(payload)) onOpenChange(false);
    },
    // The first field in error may sit on another tab: show that tab.
    (errors) => {
      const key = Object.keys(errors)[0];
      const owner = CONTACT_TABS.find((t) => t.fields.some((field) => field.key === key));
      setTab(owner?.key ?? 'custom');
    },
  );
  const customFields = customFieldSpecs(customFieldNames);
  const saving = form.formState.isSubmitting;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex h-[80vh] max-w-6xl flex-col">
        <Form {...form}>
          <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{person ? 'Edit Contact' : 'Add New Contact'}</DialogTitle>
              <DialogDescription>
                {person
                  ? 'Change what you need; only changed fields are saved.'
                  : `${EMPTY_CONTACT_MESSAGE}.`}
              </DialogDescription>
            </DialogHeader>
            <Tabs value={tab} onValueChange={setTab} className="flex min-h-0 flex-1 flex-col">
              <TabsList className="h-auto w-full flex-wrap justify-start">
                {CONTACT_TABS.map((t) => (
                  <TabsTrigger key={t.key} value={t.key}>
                    {t.label}
                  </TabsTrigger>
                ))}
                <TabsTrigger value="custom">Custom Fields</TabsTrigger>
              </TabsList>
              <div className="min-h-0 flex-1 overflow-y-auto px-0.5 pb-1">
                {CONTACT_TABS.map((t) => (
                  <TabsContent key={t.key} value={t.key} forceMount hidden={tab !== t.key}>
                    <ContactFieldsGrid fields={t.fields} form={form} />
                  </TabsContent>
                ))}
                <TabsContent value="custom" forceMount hidden={tab !== 'custom'}>
                  {customFields.length === 0 ? (
                    <p className="py-8 text-center text-sm text-muted-foreground">
                      No custom fields yet. Add them in Settings → Contacts → Manage Custom Fields.
                    </p>
                  ) : (
                    <ContactFieldsGrid fields={customFields} form={form} />
                  )}
                </TabsContent>
              </div>
            </Tabs>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : person ? 'Save Changes' : 'Add Contact'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's open tab, back on the first one each time it opens. */
function useTabState(open: boolean) {
  const [tab, setTab] = useState('general');
  useEffect(() => {
    if (open) setTab('general');
  }, [open]);
  return [tab, setTab] as const;
}
