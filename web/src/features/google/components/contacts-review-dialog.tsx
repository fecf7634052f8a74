import type { ContactReviewItem } from '@relate/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { useApplyGoogleContacts } from '../api/google-api';
import { appliedSummary } from './applied-summary';
import { ReviewDialog } from './review-dialog';
import { useDismissal } from './use-dismissal';

const FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  mobile: 'Mobile',
  organization: 'Company',
  job_title: 'Job title',
  address: 'Address',
  birthday: 'Birthday',
  notes: 'Notes',
  linkedin_url: 'LinkedIn',
  github_url: 'GitHub',
  website_url: 'Website',
};

const REASONS = { email: 'the same e-mail', phone: 'the same phone number', name: 'the same name' } as const;

const localName = (item: ContactReviewItem) => item.contact?.name ?? 'your contact';

function Summary({ item }: { item: ContactReviewItem }) {
  return (
    <>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
        <span className="font-medium">{item.name ?? item.email ?? 'Unnamed contact'}</span>
        {item.company && <span className="text-muted-foreground">{item.company}</span>}
      </div>
      {((item.name && item.email) || item.phone) && (
        <div className="flex flex-wrap gap-x-3 text-muted-foreground">
          {item.name && item.email && <span className="truncate">{item.email}</span>}
          {item.phone && <span>{item.phone}</span>}
        </div>
      )}
    </>
  );
}

function Outcome({ item }: { item: ContactReviewItem }) {
  if (item.kind === 'likely_duplicate')
    return (
      <p>
        Matches <strong className="text-foreground">{localName(item)}</strong> by{' '}
        {REASONS[item.match_reason ?? 'name']}. Will be linked to it; only its empty fields are filled in.
      </p>
    );
  if (item.kind === 'deleted_upstream')
    return (
      <p>
        Deleted in Google. Will delete <strong className="text-foreground">{localName(item)}</strong> from
        Relate.
      </p>
    );
  return <p>Will be added to your contacts.</p>;
}

/** 'Preview Google Contacts Sync' (spec section 2). */
export function ContactsReviewDialog({
  items,
  open,
  onOpenChange,
  refreshes,
}: {
  items: ContactReviewItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contacts' query keys, refetched once the changes are applied. */
  refreshes?: readonly QueryKey[];
}) {
  const apply = useApplyGoogleContacts(refreshes);
  const dismissal = useDismissal<ContactReviewItem>('contacts', open);
  return (
    <ReviewDialog
      title="Preview Google Contacts Sync"
      items={items}
      open={open}
      onOpenChange={onOpenChange}
      label={(item) => item.name ?? item.email ?? 'contact'}
      summary={(item) => <Summary item={item} />}
      outcome={(item) => <Outcome item={item} />}
      localName={localName}
      fieldLabel={(field) => FIELD_LABELS[field] ?? field}
      applying={apply.isPending}
      dismissal={dismissal}
      onApply={(body) =>
        apply.mutate(body, {
          onSuccess: (result) => {
            toast.success('Google contacts applied', {
              description: appliedSummary(result, 'Created'),
            });
            onOpenChange(false);
          },
          onError: (error) => toast.error('Failed to sync Google contacts', { description: error.message }),
        })
      }
    />
  );
}
