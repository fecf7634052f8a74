import type { ContactReviewItem } from '@relate/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ContactsReviewDialog } from './components/contacts-review-dialog';

const mutate = vi.fn();
vi.mock('./api/google-api', () => ({ useApplyGoogleContacts: () => ({ mutate, isPending: false }) }));

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
      changes: [{ field: 'job_title', relate: 'Professor', google: 'Chief Engineer' }],
    });
    render(<ContactsReviewDialog items={[ada, ivan, clash]} open onOpenChange={() => {}} />);
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
    expect(within(conflict).getByText(/Relate Professor/)).toBeInTheDocument();
    expect(within(conflict).getByText(/Google Chief Engineer/)).toBeInTheDocument();
    await user.click(within(conflict).getByRole('checkbox'));
    await user.click(within(conflict).getByRole('radio', { name: "Keep Relate's" }));

    await user.click(screen.getByRole('button', { name: 'Apply 2 selected' }));
    expect(mutate).toHaveBeenCalledWith(
      { item_ids: [ada.id, clash.id], keep_relate: [clash.id] },
      expect.anything(),
    );
  });
});
