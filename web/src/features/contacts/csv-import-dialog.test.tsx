import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CsvImportDialog } from './components/csv-import-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('Simple CSV Import mapping step', () => {
  it('shows sample values from the first rows beside each column', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          success: true,
          csv_columns: ['First Name', 'Email Address', 'Connected On'],
          contact_fields: [],
          total_rows: 3,
          preview: [
            { 'First Name': 'Ada', 'Email Address': 'ada@example.com', 'Connected On': '' },
            { 'First Name': 'Grace', 'Email Address': '', 'Connected On': '' },
          ],
        }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CsvImportDialog open onOpenChange={vi.fn()} customFieldNames={[]} />
      </QueryClientProvider>,
    );
    await userEvent.upload(
      screen.getByLabelText('CSV file'),
      new File(['First Name\nAda\n'], 'people.csv', { type: 'text/csv' }),
    );

    const firstName = (await screen.findByTitle('First Name')).parentElement as HTMLElement;
    expect(within(firstName).getByText('e.g. Ada, Grace')).toBeInTheDocument();
    const email = screen.getByTitle('Email Address').parentElement as HTMLElement;
    expect(within(email).getByText('e.g. ada@example.com')).toBeInTheDocument();
    const connected = screen.getByTitle('Connected On').parentElement as HTMLElement;
    expect(within(connected).getByText('No values in the first rows')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Field for Email Address' })).toHaveTextContent('Email');
  });
});
