import { zodResolver } from '@hookform/resolvers/zod';
import { AddGroupMemberBodySchema } from '@relate/contracts';
import { UserPlusIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { useAddGroupMember } from '../api/groups-api';

/** Invites someone by e-mail and name (spec section 5 "Group add"). */
export function AddMemberCard() {
  const add = useAddGroupMember();
  const form = useForm({
    resolver: zodResolver(AddGroupMemberBodySchema),
    defaultValues: { email: '', name: '' },
  });

  const submit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (response) => {
        // Without e-mail on the server the person is not told: say so rather than 'sent'.
        if (response.emailed === false)
          toast.warning('Invitation saved, no e-mail sent', {
            description: response.message,
            duration: 12_000,
          });
        else toast.success(response.message || 'Invitation sent');
        form.reset();
      },
      onError: (error) => {
        if (error.message.includes('not available yet'))
          toast.info('Feature Coming Soon: Group management is being set up');
        else toast.error('Failed to add user to group', { description: error.message });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserPlusIcon className="size-4" /> Add User to Group
        </CardTitle>
        <CardDescription>
          Invite someone you work with by e-mail. Once they accept, you can share contacts with each other.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
            onSubmit={submit}
            noValidate
          >
            <TextField
              control={form.control}
              name="email"
              label="Email"
              type="email"
              placeholder="colleague@company.com"
            />
            <TextField control={form.control} name="name" label="Name" placeholder="Their name" />
            <Button type="submit" className="sm:mt-[1.375rem]" disabled={add.isPending}>
              <UserPlusIcon />
              Add User
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
