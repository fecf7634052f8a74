import type { ContactColumn, Person } from '@relate/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ContactsTable } from './components/contacts-table';

const person = (values: Partial<Person>): Person => ({
  id: 1,
  full_name: null,
  first_name: null,
  last_name: null,
  gender: null,
  birthday: null,
  email: null,
  phone: null,
  mobile: null,
  address: null,
  organization: null,
  company_id: null,
  job_title: null,
  job_status: null,
  linkedin_url: null,
  github_url: null,
  facebook_url: null,
  twitter_url: null,
  website_url: null,
  notes: null,
  source: null,
  tags: null,
  last_contact_date: null,
  next_follow_up_date: null,
  status: null,
  priority: null,
  group: null,
  avatar_url: null,
  custom_fields: {},
  shared_by: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...values,
});

const columns: ContactColumn[] = ['first_name', 'last_name', 'email', 'phone'].map((key, index) => ({
  key,
  label: '',
  enabled: true,
  order: index + 1,
}));

function renderTable(people: Person[], onSaveRow = vi.fn(async () => true)) {
  render(
    <TooltipProvider>
      <ContactsTable
        people={people}
        columns={columns}
        customFieldNames={[]}
        sort={undefined}
        onSortChange={vi.fn()}
        filters={{}}
        onFilterChange={vi.fn()}
        selection={{}}
        onSelectionChange={vi.fn()}
        onOpen={vi.fn()}
        onDelete={vi.fn()}
        onEditInDialog={vi.fn()}
        onSaveRow={onSaveRow}
        emptyText="No contacts"
      />
    </TooltipProvider>,
  );
  return onSaveRow;
}

describe('ContactsTable', () => {
  it('shows a contact without a name by its e-mail or phone, never as "— —"', () => {
    renderTable([person({ id: 1, email: 'info@acme.example' }), person({ id: 2, phone: '+49 30 1234567' })]);
    const [byEmail, byPhone] = screen.getAllByTestId('contact-row');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
    expect(cells(byEmail)[1]).toHaveTextContent('info@acme.example');
    expect(cells(byEmail)[2]).toHaveTextContent(/^$/);
    expect(cells(byPhone)[1]).toHaveTextContent('+49 30 1234567');
    expect(byEmail).not.toHaveTextContent('——');
    expect(byPhone).not.toHaveTextContent('— —');
  });

  it('saves an inline row edit with Enter and cancels it with Escape', async () => {
    const onSaveRow = renderTable([person({ id: 1, first_name: 'Ada', last_name: 'Lovelace' })]);
    await userEvent.click(screen.getByRole('button', { name: /Edit row/ }));
    const first = await screen.findByRole('textbox', { name: 'First Name' }, { timeout: 5000 });
    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta{Enter}');
    await vi.waitFor(() =>
      expect(onSaveRow).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), { first_name: 'Augusta' }),
    );
    await vi.waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'First Name' })).not.toBeInTheDocument(),
    );

    await userEvent.click(screen.getByRole('button', { name: /Edit row/ }));
    const last = await screen.findByRole('textbox', { name: 'Last Name' }, { timeout: 5000 });
    await userEvent.type(last, 'Byron{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Last Name' })).not.toBeInTheDocument();
    expect(onSaveRow).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Lovelace')).toBeInTheDocument();
  });
});
