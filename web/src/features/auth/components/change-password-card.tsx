import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordBody, ChangePasswordBodySchema } from '@relate/contracts';
import { KeyRoundIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { fieldOf, useChangePassword } from '../api/passwords';

const defaults: ChangePasswordBody = { current_password: '', new_password: '' };

/** Settings: a new password for the signed-in user; their other devices are signed out. */
export function ChangePasswordCard() {
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(ChangePasswordBodySchema),
    defaultValues: defaults,
  });
  const change = useChangePassword();

  const onSubmit = (values: ChangePasswordBody) =>
    change.mutateAsync(values).then(
      () => {
        form.reset(defaults);
        toast.success('Password changed', { description: 'You were signed out on your other devices.' });
      },
      (error: Error) => {
        const named = fieldOf(error);
        if (named?.field === 'current_password' || named?.field === 'new_password')
          form.setError(named.field, { message: named.message }, { shouldFocus: true });
        else toast.error('Could not change the password', { description: error.message });
      },
    );

  return (
    <Card>
      <CardContent className="grid gap-5 p-6">
        <div className="flex items-start gap-3">
          <span className="rounded-lg bg-primary/10 p-2 text-primary">
            <KeyRoundIcon className="size-5" />
          </span>
          <div className="grid gap-1">
            <h3 className="font-medium">Change password</h3>
            <p className="text-sm text-muted-foreground">
              Enter your current password, then a new one. Other devices where you are signed in will be
              signed out.
            </p>
          </div>
        </div>
        <Form {...form}>
          <form className="grid max-w-md gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
            <TextField
              type="password"
              control={form.control}
              name="current_password"
              label="Current password"
              autoComplete="current-password"
            />
            <TextField
              type="password"
              control={form.control}
              name="new_password"
              label="New password"
              autoComplete="new-password"
              description="At least 8 characters."
            />
            <div>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Changing…' : 'Change password'}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
