import { zodResolver } from '@hookform/resolvers/zod';
import type { InteractionKind } from '@relate/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SelectField, TextareaField, TextField } from '@/components/form-fields';
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
import { toast } from '@/lib/toast';
import type { TimelineSubject } from '../api/keys';
import { useLogInteraction } from '../api/timeline-api';
import { INTERACTION_LABELS } from '../labels';

const schema = z.object({
  kind: z.enum(['call', 'meeting', 'email', 'message']),
  date: z.string().min(1, { error: 'Date is required' }),
  duration: z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 1440), {
      error: 'Duration must be between 1 and 1440 minutes',
    }),
  summary: z.string().max(5000, { error: 'Summary must be at most 5,000 characters' }),
});
type Values = z.infer<typeof schema>;

/** Now, as a datetime-local input's value (local time, to the minute). */
function localNow(): string {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset());
  return now.toISOString().slice(0, 16);
}

const defaults = (): Values => ({ kind: 'call', date: localNow(), duration: '', summary: '' });

interface LogInteractionDialogProps {
  subject: TimelineSubject;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogged?: () => void;
}

/** "Log interaction": a call, meeting, e-mail or message with the contact, on its timeline. */
export function LogInteractionDialog({ subject, open, onOpenChange, onLogged }: LogInteractionDialogProps) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: defaults() });
  const log = useLogInteraction(subject);

  useEffect(() => {
    if (open) form.reset(defaults());
  }, [open, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await log.mutateAsync({
        kind: values.kind as InteractionKind,
        date: new Date(values.date).toISOString(),
        duration_minutes: values.duration ? Number(values.duration) : null,
        summary: values.summary,
      });
      toast.success('Interaction logged successfully');
      onLogged?.();
      onOpenChange(false);
    } catch (error) {
      toast.error('Failed to log interaction', { description: (error as Error).message });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Log Interaction</DialogTitle>
          <DialogDescription>
            A call, meeting, e-mail or message, on this contact's timeline.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              // The dialog renders in a portal: its submit must not reach a form around the timeline.
              event.stopPropagation();
              void submit(event);
            }}
          >
            <SelectField
              control={form.control}
              name="kind"
              label="Kind"
              options={Object.entries(INTERACTION_LABELS).map(([value, label]) => ({ value, label }))}
            />
            <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
              <TextField control={form.control} name="date" label="Date" type="datetime-local" />
              <TextField
                control={form.control}
                name="duration"
                label="Duration (min)"
                inputMode="numeric"
                placeholder="Optional"
              />
            </div>
            <TextareaField
              control={form.control}
              name="summary"
              label="Summary"
              rows={4}
              placeholder="What did you talk about?"
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={log.isPending}>
                {log.isPending ? 'Saving...' : 'Log Interaction'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
