import { ColumnsIcon, CopyIcon, DownloadIcon, ListPlusIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { toastDeletedWithUndo } from '@/lib/undo-toast';
import { type ContactsExport, exportContacts } from '../api/export-contacts';
import { useDeleteAllPeople, useRestoreDeletedPeople } from '../api/people-api';
import { FindDuplicatesDialog } from './find-duplicates-dialog';
import { ManageColumnsDialog } from './manage-columns-dialog';
import { ManageCustomFieldsDialog } from './manage-custom-fields-dialog';

function ActionRow({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: typeof CopyIcon;
  title: string;
  description: string;
  action: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-0.5">
          <p className="font-medium">{title}</p>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      {action}
    </div>
  );
}

/** Settings → Contacts (Management & Fields). */
export function ContactsSettings() {
  const [dialog, setDialog] = useState<'duplicates' | 'fields' | 'columns' | 'delete-all' | null>(null);
  const [exporting, setExporting] = useState(false);
  const deleteAll = useDeleteAllPeople();
  const restoreDeleted = useRestoreDeletedPeople();
  const close = (open: boolean) => !open && setDialog(null);

  const runExport = async (target: ContactsExport) => {
    setExporting(true);
    toast.info('Export started', {
      description: `Your contacts are being downloaded as a ${target.format === 'csv' ? 'CSV' : 'vCard'} file.`,
    });
    try {
      await exportContacts(target);
    } catch (error) {
      toast.error('Export failed', { description: (error as Error).message });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Contact Management</CardTitle>
          <CardDescription>Keep your contact list clean and shaped the way you work.</CardDescription>
        </CardHeader>
        <CardContent className="divide-y">
          <ActionRow
            icon={CopyIcon}
            title="Find Duplicates"
            description="Group contacts with the same name; merge identical ones in one go."
            action={
              <Button variant="outline" onClick={() => setDialog('duplicates')}>
                Find Duplicates
              </Button>
            }
          />
          <ActionRow
            icon={DownloadIcon}
            title="Export Contacts"
            description="Download every contact, custom fields included, as a CSV file, or as a vCard file (.vcf) for Apple Contacts, Google Contacts or Outlook."
            action={
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => runExport({ format: 'csv' })} disabled={exporting}>
                  Export Contacts
                </Button>
                <Button variant="outline" onClick={() => runExport({ format: 'vcard' })} disabled={exporting}>
                  Export vCard
                </Button>
              </div>
            }
          />
          <ActionRow
            icon={ListPlusIcon}
            title="Manage Custom Fields"
            description="Add or remove your own fields."
            action={
              <Button variant="outline" onClick={() => setDialog('fields')}>
                Manage Custom Fields
              </Button>
            }
          />
          <ActionRow
            icon={ColumnsIcon}
            title="Manage Table Columns"
            description="Choose and order the columns of the contacts table."
            action={
              <Button variant="outline" onClick={() => setDialog('columns')}>
                Manage Table Columns
              </Button>
            }
          />
        </CardContent>
      </Card>
      <Card className="border-destructive/40">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-destructive">
            <TriangleAlertIcon className="size-4" /> Danger Zone
          </CardTitle>
          <CardDescription>
            Deleted contacts stay in the Trash for 30 days, then they are deleted for good.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            variant="destructive"
            onClick={() => setDialog('delete-all')}
            disabled={deleteAll.isPending}
          >
            Delete All Contacts
          </Button>
        </CardContent>
      </Card>
      <FindDuplicatesDialog open={dialog === 'duplicates'} onOpenChange={close} />
      <ManageCustomFieldsDialog open={dialog === 'fields'} onOpenChange={close} />
      <ManageColumnsDialog open={dialog === 'columns'} onOpenChange={close} />
      <ConfirmDialog
        open={dialog === 'delete-all'}
        onOpenChange={close}
        title="Delete All Contacts"
        description="Are you sure you want to delete all your contacts? They move to the Trash, where you can restore them for 30 days."
        confirmLabel="Delete All Contacts"
        destructive
        onConfirm={() => {
          setDialog(null);
          deleteAll.mutate(undefined, {
            onSuccess: ({ trash_batch: batch }) =>
              batch
                ? toastDeletedWithUndo('All contacts deleted successfully!', {
                    undo: () => restoreDeleted.mutateAsync(batch),
                    restored: 'Contacts restored',
                    description: 'Moved to the Trash. You can restore them from there for 30 days.',
                  })
                : toast.success('All contacts deleted successfully!'),
            onError: () => toast.error('Failed to delete all contacts'),
          });
        }}
      />
    </div>
  );
}
