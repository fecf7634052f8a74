import type { GoogleSettingsBody, GoogleStatus } from '@relate/contracts';
import { Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { useSetGoogleSettings } from '../api/google-api';

const CHOICES: { value: GoogleSettingsBody['contact_deletes']; label: string }[] = [
  { value: 'delete', label: 'Delete it at Google too' },
  { value: 'keep', label: 'Keep it at Google' },
];

/**
 * Settings → Google: what deleting a synced contact in Relate does at Google. Until the user chooses,
 * the contact stays at Google (nothing there is deleted without being asked) and never comes back.
 */
export function ContactDeletesSetting({ google }: { google: GoogleStatus }) {
  const id = useId();
  const save = useSetGoogleSettings();
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-0.5">
          <label htmlFor={id} className="flex items-center gap-2 font-medium">
            <Trash2Icon className="size-4" /> When you delete a synced contact in Relate
          </label>
          <p className="text-sm text-muted-foreground">
            {google.contact_deletes === null
              ? 'Not chosen yet: deleted contacts stay in Google Contacts.'
              : 'Applies to contacts you delete from now on.'}
          </p>
        </div>
        <Select
          value={google.contact_deletes ?? undefined}
          onValueChange={(value) =>
            save.mutate(
              { contact_deletes: value as GoogleSettingsBody['contact_deletes'] },
              {
                onError: (error) => toast.error('Failed to save the setting', { description: error.message }),
              },
            )
          }
          disabled={save.isPending}
        >
          <SelectTrigger id={id} className="sm:w-56">
            <SelectValue placeholder="Choose…" />
          </SelectTrigger>
          <SelectContent>
            {CHOICES.map((choice) => (
              <SelectItem key={choice.value} value={choice.value}>
                {choice.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </CardContent>
    </Card>
  );
}
