import type { ContactReviewItem } from '@relate/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ContactsReviewDialog } from './components/contacts-review-dialog';

const mutate = vi.fn();
const dismiss = vi.fn(async (_ids: string[]) => ({ dismissed: 1 }));
const restore = vi.fn(async (_ids: string[]) => ({ restored: 1 }));
let dismissedItems: ContactReviewItem[] = [];
vi.mock('./api/google-api', () => ({
  useApplyGoogleContacts: () => ({ mutate, isPending: false }),
  dismissedQuery: () => ({
    queryKey: ['google', 'contacts', 'dismissed'],
    queryFn: async () => dismissedItems,
  }),
  useDismissGoogleItems: () => ({ mutateAsync: dismiss, isPending: false }),
  useRestoreGoogleItems: () => ({ mutateAsync: restore, isPending: false }),
}));

const item = (overrides: Partial<ContactReviewItem>): ContactReviewItem => ({
  id: crypto.randomUUID(),
  kind: 'new',
  resource_name: `people/c${Math.random()}`,
  name: null,
  email: null,
  company: null,
  phone: null,
  is_duplicate: false,
  contact: null,
  match_reason: null,
  changes: [],
  ...overrides,
});

describe('Preview Google Contacts Sync', () => {
  it('preselects new items but not duplicates, says what each will do, and applies the chosen ones', async () => {
    const ada = item({ name: 'Ada Lovelace', email: 'ada@work.example', company: 'Analytical Engines Ltd' });
    const ivan = item({
      kind: 'likely_duplicate',
      name: 'Иван Петров',
      is_duplicate: true,
      contact: { id: 7, name: 'Ivan Petrov' },
      match_reason: 'phone',
    });
    const clash = item({
      kind: 'conflict',
      name: 'Edith Clarke',
      contact: { id: 8, name: 'Edith Clarke' },
      changes: [
        { field: 'job_title', relate: 'Professor', google: 'Chief Engineer', clash: true },
        { field: 'organization', relate: 'GE', google: 'General Electric', clash: false },
      ],
    });
    renderWithProviders(<ContactsReviewDialog items={[ada, ivan, clash]} open onOpenChange={() => {}} />);
    const user = userEvent.setup();

    expect(screen.getByRole('dialog', { name: 'Preview Google Contacts Sync' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /New Items/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' })).toBeChecked();
    expect(screen.getByText('Will be added to your contacts.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Duplicates/ }));
    expect(screen.getByRole('checkbox', { name: 'Select Иван Петров' })).not.toBeChecked();
    expect(screen.getByText(/by the same phone number/)).toHaveTextContent(
      'Matches Ivan Petrov by the same phone number',
    );

    await user.click(screen.getByRole('tab', { name: /Conflicts/ }));
    const conflict = screen.getByTestId('google-review-item');
    // The clashing field is a choice (Google's by default); Google's other change is simply taken.
    const keepGoogle = within(conflict).getByRole('radio', {
      name: "Keep Google's Job title for Edith Clarke",
    });
    expect(keepGoogle).toBeChecked();
    expect(keepGoogle.closest('label')).toHaveTextContent('Google Chief Engineer');
    expect(within(conflict).getByText('General Electric')).toBeInTheDocument();
    expect(within(conflict).queryByRole('radio', { name: /Company/ })).not.toBeInTheDocument();
    await user.click(within(conflict).getByRole('checkbox'));
    await user.click(
      within(conflict).getByRole('radio', { name: "Keep Relate's Job title for Edith Clarke" }),
    );

    await user.click(screen.getByRole('button', { name: 'Apply 2 selected' }));
    expect(mutate).toHaveBeenCalledWith(
      { item_ids: [ada.id, clash.id], keep_relate_fields: { [clash.id]: ['job_title'] } },
      expect.anything(),
    );
  });

  it('dismisses new items and duplicates so they are never imported, and restores them from the Dismissed tab', async () => {
    const grace = item({ name: 'Grace Hopper' });
    const clash = item({ kind: 'conflict', name: 'Edith Clarke', changes: [] });
    const earlier = item({ name: 'Hedy Lamarr' });
    dismissedItems = [earlier];
    renderWithProviders(<ContactsReviewDialog items={[grace, clash]} open onOpenChange={() => {}} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Dismiss 1' }));
    expect(dismiss).toHaveBeenCalledWith([grace.id]);
    expect(screen.queryByRole('checkbox', { name: 'Select Grace Hopper' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dismiss 0' })).toBeDisabled();

    await user.click(screen.getByRole('tab', { name: /Dismissed/ }));
    await user.click(await screen.findByRole('button', { name: 'Restore Hedy Lamarr' }));
    expect(restore).toHaveBeenCalledWith([earlier.id]);
    await user.click(screen.getByRole('tab', { name: /New Items/ }));
    expect(screen.getByRole('checkbox', { name: 'Select Hedy Lamarr' })).toBeInTheDocument();
  });
});
