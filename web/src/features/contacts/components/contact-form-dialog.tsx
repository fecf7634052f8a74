import type { Person } from '@relate/contracts';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CONTACT_TABS, CUSTOM_PREFIX } from '../fields';
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
  const [original, setOriginal] = useState<ContactFormValues>({});
  const [values, setValues] = useState<ContactFormValues>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    const initial = toFormValues(person as unknown as Record<string, unknown> | null, customFieldNames);
    setOriginal(initial);
    setValues(initial);
  }, [open, person, customFieldNames]);

  const setValue = (key: string, value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const payload = person ? changedFields(original, values) : toPayload(values);
    if (person && Object.keys(payload).length === 0) {
      onOpenChange(false);
      return;
    }
    setSaving(true);
    const saved = await onSubmit(payload);
    setSaving(false);
    if (saved) onOpenChange(false);
  };

  const customFields = customFieldNames.map((name) => ({
    key: `${CUSTOM_PREFIX}${name}`,
    label: name,
    kind: 'text' as const,
  }));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex h-[80vh] max-w-6xl flex-col">
        <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{person ? 'Edit Contact' : 'Add New Contact'}</DialogTitle>
            <DialogDescription>
              {person
                ? 'Change what you need; only changed fields are saved.'
                : 'Fields marked * are expected.'}
            </DialogDescription>
          </DialogHeader>
          <Tabs defaultValue="general" className="flex min-h-0 flex-1 flex-col">
            <TabsList className="h-auto w-full flex-wrap justify-start">
              {CONTACT_TABS.map((tab) => (
                <TabsTrigger key={tab.key} value={tab.key}>
                  {tab.label}
                </TabsTrigger>
              ))}
              <TabsTrigger value="custom">Custom Fields</TabsTrigger>
            </TabsList>
            <div className="min-h-0 flex-1 overflow-y-auto px-0.5 pb-1">
              {CONTACT_TABS.map((tab) => (
                <TabsContent key={tab.key} value={tab.key}>
                  <ContactFieldsGrid
                    fields={tab.fields}
                    values={values}
                    onChange={setValue}
                    idPrefix="contact"
                  />
                </TabsContent>
              ))}
              <TabsContent value="custom">
                {customFields.length === 0 ? (
                  <p className="py-8 text-center text-sm text-muted-foreground">
                    No custom fields yet. Add them in Settings → Contacts → Manage Custom Fields.
                  </p>
                ) : (
                  <ContactFieldsGrid
                    fields={customFields}
                    values={values}
                    onChange={setValue}
                    idPrefix="contact"
                  />
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
      </DialogContent>
    </Dialog>
  );
}
