import { zodResolver } from '@hookform/resolvers/zod';
import type { Company } from '@relate/contracts';
import { useEffect } from 'react';
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
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useCreateCompany } from '../api/create-company';
import { useUpdateCompany } from '../api/update-company';
import { type CompanyFormValues, companyFormSchema, toCompanyBody, toFormValues } from '../company-form';
import {
  BasicInformationFields,
  ContactSocialFields,
  NotionIdField,
  RelationshipFields,
} from './company-fields';

interface CompanyFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The company to edit, or null to add one. */
  company: Company | null;
}

/** 'Add New Company' / 'Edit Company' (spec section 5 "Company form"). */
export function CompanyFormDialog({ open, onOpenChange, company }: CompanyFormDialogProps) {
  const form = useForm<CompanyFormValues>({
    resolver: zodResolver(companyFormSchema),
    defaultValues: toFormValues(company),
  });
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (open) form.reset(toFormValues(company));
  }, [open, company, form]);

  const submit = form.handleSubmit(async (values) => {
    const body = toCompanyBody(values);
    try {
      if (company) {
        await update.mutateAsync({ id: company.id, body });
        toast.success('Company updated successfully');
      } else {
        await create.mutateAsync(body);
        toast.success('Company added successfully');
      }
      onOpenChange(false);
    } catch (error) {
      toast.error(company ? 'Failed to update company' : 'Failed to save company', {
        description: (error as Error).message,
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-5">
            <DialogHeader>
              <DialogTitle>{company ? 'Edit Company' : 'Add New Company'}</DialogTitle>
              <DialogDescription>
                {company ? `Update the details of ${company.record}.` : 'Fields marked * are required.'}
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-4 sm:grid-cols-2">
              <BasicInformationFields form={form} />
              <ContactSocialFields form={form} />
              <RelationshipFields form={form} />
              <NotionIdField form={form} />
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving && <Spinner className="size-4 text-current" label="Saving" />}
                {company ? 'Save Changes' : 'Add Company'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
