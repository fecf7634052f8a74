import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { importCsvWithMapping } from './api/csv-api';
import { CsvImportDialog } from './components/csv-import-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const importMock = vi.hoisted(() => vi.fn<typeof importCsvWithMapping>());
vi.mock('./api/csv-api', async (original) => ({
  ...(await original<typeof import('./api/csv-api')>()),
  importCsvWithMapping: importMock,
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

/** Opens the dialog and picks people.csv holding `content`. */
async function openWithFile(content: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CsvImportDialog open onOpenChange={vi.fn()} customFieldNames={[]} />
    </QueryClientProvider>,
  );
  await userEvent.upload(
    screen.getByLabelText('CSV file'),
    new File([content], 'people.csv', { type: 'text/csv' }),
  );
}

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
    await openWithFile('First Name\nAda\n');

    const firstName = (await screen.findByTitle('First Name')).parentElement as HTMLElement;
    expect(within(firstName).getByText('e.g. Ada, Grace')).toBeInTheDocument();
    const email = screen.getByTitle('Email Address').parentElement as HTMLElement;
    expect(within(email).getByText('e.g. ada@example.com')).toBeInTheDocument();
    const connected = screen.getByTitle('Connected On').parentElement as HTMLElement;
    expect(within(connected).getByText('No values in the first rows')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Field for Email Address' })).toHaveTextContent('Email');
  });

  it('shows how much of the file is uploaded, then that the rows are being saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, { success: true, csv_columns: ['Email'], contact_fields: [], total_rows: 2, preview: [] }),
      ),
    );
    let report: (fraction: number) => void = () => {};
    let finish: () => void = () => {};
    importMock.mockImplementation(
      (_file, _mapping, onUploadProgress) =>
        new Promise((resolve) => {
          report = (fraction) => onUploadProgress?.(fraction);
          finish = () =>
            resolve({
              data: { success: true, imported_count: 2, skipped_count: 0, total_rows: 2, errors: [] },
              error: null,
            } as Awaited<ReturnType<typeof importCsvWithMapping>>);
        }),
    );
    await openWithFile('Email\na@x.io\nb@x.io\n');
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 rows' }));

    act(() => report(0.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading file' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('Uploading people.csv… 40%')).toBeInTheDocument();
    act(() => report(1));
    expect(screen.getByRole('progressbar', { name: 'Saving contacts' })).toBeInTheDocument();
    expect(screen.getByText(/Saving 2 rows/)).toBeInTheDocument();
    await act(async () => finish());
    expect(await screen.findByText('Imported')).toBeInTheDocument();
  });
});
