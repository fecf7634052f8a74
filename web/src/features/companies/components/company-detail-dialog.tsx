import { zodResolver } from '@hookform/resolvers/zod';
import type { Company } from '@relate/contracts';
import { Building2Icon, ExternalLinkIcon } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
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
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useUpdateCompany } from '../api/update-company';
import { type CompanyFormValues, companyFormSchema, toCompanyBody, toFormValues } from '../company-form';
import { StrengthBadge, TagList } from './company-badges';
import {
  BasicInformationFields,
  ContactSocialFields,
  NotionIdField,
  RelationshipFields,
} from './company-fields';
import { focusDialog } from './focus-dialog';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-4 rounded-lg border bg-muted/20 p-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

function ReadOnly({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <span className="text-sm text-muted-foreground tabular-nums">{children}</span>
    </div>
  );
}

const linkedinHref = (url: string) => (/^https?:\/\//i.test(url) ? url : `https://${url}`);

interface CompanyDetailDialogProps {
  company: Company | null;
  onOpenChange: (open: boolean) => void;
  /** The company's Timeline section (notes and changes), composed by the route. */
  timeline?: (companyId: number) => ReactNode;
}

/** Every field of one company in four sections, editable in place, saved with 'Save All Changes'. */
export function CompanyDetailDialog({ company, onOpenChange, timeline }: CompanyDetailDialogProps) {
  const form = useForm<CompanyFormValues>({
    resolver: zodResolver(companyFormSchema),
    defaultValues: toFormValues(company),
  });
  const update = useUpdateCompany();

  useEffect(() => {
    if (company) form.reset(toFormValues(company));
  }, [company, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!company) return;
    try {
      await update.mutateAsync({ id: company.id, body: toCompanyBody(values) });
      toast.success('Company updated successfully');
      onOpenChange(false);
    } catch (error) {
      toast.error('Failed to update company', { description: (error as Error).message });
    }
  });

  return (
    <Dialog open={company !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" onOpenAutoFocus={focusDialog}>
        {company && (
          <Form {...form}>
            <form onSubmit={submit} noValidate className="grid gap-5">
              <DialogHeader className="flex-row items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Building2Icon className="size-5" />
                </span>
                <div className="grid min-w-0 gap-1">
                  <DialogTitle className="truncate">{company.record}</DialogTitle>
                  <DialogDescription className="flex flex-wrap items-center gap-2">
                    <span>Company details</span>
                    {company.connection_strength && <StrengthBadge strength={company.connection_strength} />}
                    {company.linkedin_profile && (
                      <a
                        href={linkedinHref(company.linkedin_profile)}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1 text-primary hover:underline"
                      >
                        LinkedIn
                        <ExternalLinkIcon className="size-3" />
                      </a>
                    )}
                  </DialogDescription>
                  {company.tags.length > 0 && <TagList tags={company.tags} />}
                </div>
              </DialogHeader>

              <Section title="Basic Information">
                <BasicInformationFields form={form} />
              </Section>
              <Section title="Contact & Social">
                <ContactSocialFields form={form} />
              </Section>
              <Section title="Relationship">
                <RelationshipFields form={form} />
              </Section>
              <Section title="System Information">
                <ReadOnly label="Record ID">{company.id}</ReadOnly>
                <NotionIdField form={form} />
                <ReadOnly label="Created At">{formatDateTime(company.created_at)}</ReadOnly>
                <ReadOnly label="Updated At">{formatDateTime(company.updated_at)}</ReadOnly>
              </Section>
              {timeline && <div className="rounded-lg border p-4">{timeline(company.id)}</div>}

              <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t bg-card px-6 py-4">
                <Button variant="outline" onClick={() => onOpenChange(false)}>
                  Close
                </Button>
                <Button type="submit" disabled={update.isPending}>
                  {update.isPending && <Spinner className="size-4 text-current" label="Saving" />}
                  Save All Changes
                </Button>
              </DialogFooter>
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
