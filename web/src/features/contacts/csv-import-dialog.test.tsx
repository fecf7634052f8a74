import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
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

/** A get-columns answer for `columns`, with nothing recognised unless `extra` says so. */
const columnsOf = (columns: string[], extra: Record<string, unknown> = {}) => ({
  success: true,
  csv_columns: columns,
  contact_fields: [],
  total_rows: 1,
  preview: [],
  profile: null,
  suggested_mapping: Object.fromEntries(columns.map((column) => [column, 'skip'])),
  reasons: {},
  combine: {},
  ...extra,
});

/** Opens the dialog and picks people.csv (or `name`) holding `content`. */
async function openWithFile(content: string, customFieldNames: string[] = [], name = 'people.csv') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CsvImportDialog open onOpenChange={vi.fn()} customFieldNames={customFieldNames} />
    </QueryClientProvider>,
  );
  await userEvent.upload(
    screen.getByLabelText('CSV file or vCard file'),
    new File([content], name, { type: name.endsWith('.csv') ? 'text/csv' : 'text/vcard' }),
  );
}

describe('Simple CSV Import limits', () => {
  it("shows the server's reason when a file is over a limit (issue 19)", async () => {
    const message = 'The file has more than 9,000 columns; at most 500 can be imported';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, { error: message, code: 'INVALID_FILE', details: [{ field: 'file', message }] }),
      ),
    );
    await openWithFile('a,b\n1,2\n');
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', { description: message }));
  });
});

describe('Simple CSV Import mapping step', () => {
  it('shows sample values from the first rows beside each column', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          200,
          columnsOf(['First Name', 'Email Address', 'Connected On'], {
            suggested_mapping: {
              'First Name': 'first_name',
              'Email Address': 'email',
              'Connected On': 'skip',
            },
            total_rows: 3,
            preview: [
              { 'First Name': 'Ada', 'Email Address': 'ada@example.com', 'Connected On': '' },
              { 'First Name': 'Grace', 'Email Address': '', 'Connected On': '' },
            ],
          }),
        ),
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
      vi.fn(async (url: string) =>
        url.endsWith('/csv/preview')
          ? json(200, {
              total_rows: 2,
              importable_rows: 2,
              skipped_rows: 0,
              filled: { email: 2 },
              rows: [{ row: 2, values: { email: 'a@x.io' } }],
              errors: [],
              warnings: [],
              column_checks: [],
            })
          : json(200, columnsOf(['Email'], { suggested_mapping: { Email: 'email' }, total_rows: 2 })),
      ),
    );
    let report: (fraction: number) => void = () => {};
    let finish: () => void = () => {};
    importMock.mockImplementation(
      (_file, _choice, onUploadProgress) =>
        new Promise((resolve) => {
          report = (fraction) => onUploadProgress?.(fraction);
          finish = () =>
            resolve({
              data: {
                success: true,
                imported_count: 2,
                skipped_count: 0,
                total_rows: 2,
                errors: [],
                warnings: [],
                import_id: 7,
              },
              error: null,
            } as Awaited<ReturnType<typeof importCsvWithMapping>>);
        }),
    );
    await openWithFile('Email\na@x.io\nb@x.io\n');
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('2 contacts will be imported')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));

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
    expect(screen.getByRole('button', { name: 'Undo this import' })).toBeInTheDocument();
  });

  it('says which export it recognised and why a column is skipped', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          200,
          columnsOf(['First Name', 'Middle Name', 'Phonetic First Name'], {
            profile: { id: 'google', name: 'Google Contacts' },
            suggested_mapping: {
              'First Name': 'first_name',
              'Middle Name': 'skip',
              'Phonetic First Name': 'skip',
            },
            reasons: { 'Phonetic First Name': 'A phonetic spelling of the name, not the name itself' },
          }),
        ),
      ),
    );
    await openWithFile('First Name\nAda\n');
    expect(await screen.findByText('Recognised: Google Contacts.')).toBeInTheDocument();
    expect(
      screen.getByText('Skipped: A phonetic spelling of the name, not the name itself'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
    expect(screen.queryByTestId('clash')).not.toBeInTheDocument();
  });

  it('marks two columns on one field as a clash and blocks the preview until the person chooses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          200,
          columnsOf(['First Name', 'Middle Name'], {
            suggested_mapping: { 'First Name': 'first_name', 'Middle Name': 'first_name' },
          }),
        ),
      ),
    );
    await openWithFile('First Name,Middle Name\nGrace,Brewster\n');
    expect(await screen.findByTestId('clash')).toHaveTextContent(
      'First Name gets 2 columns: "First Name", "Middle Name".',
    );
    expect(screen.getByText('Clash: First Name also gets Middle Name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Join with a space' }));
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
    expect(screen.getByText('Shares First Name with Middle Name (joined with a space)')).toBeInTheDocument();
  });

  it('names custom fields by their label in the field picker, never by their key', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, columnsOf(['Nickname', 'Team'], { suggested_mapping: { Nickname: 'custom_Nickname' } })),
      ),
    );
    await openWithFile('Nickname,Team\nAddie,Blue\n', ['Nickname']);
    const picker = await screen.findByRole('combobox', { name: 'Field for Nickname' });
    expect(picker).toHaveTextContent('Nickname');
    expect(picker).not.toHaveTextContent('custom_');
  });
});

describe('Simple CSV Import preview step', () => {
  it('flags a column whose values do not look like its field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/csv/preview')
          ? json(200, {
              total_rows: 1,
              importable_rows: 1,
              skipped_rows: 0,
              filled: { phone: 1 },
              rows: [{ row: 2, values: { phone: '100000000001' } }],
              errors: [],
              warnings: [],
              column_checks: [
                {
                  column: 'Record ID - Contact',
                  field: 'phone',
                  message: 'Digits only, such as "100000000001": these look like ids, not phone numbers',
                },
              ],
            })
          : json(
              200,
              columnsOf(['Record ID - Contact'], { suggested_mapping: { 'Record ID - Contact': 'phone' } }),
            ),
      ),
    );
    await openWithFile('Record ID - Contact\n100000000001\n');
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    const checks = await screen.findByRole('region', { name: 'Columns to check' });
    expect(checks).toHaveTextContent(
      'Record ID - Contact → Phone: Digits only, such as "100000000001": these look like ids, not phone numbers',
    );
  });
});

describe('Simple CSV Import counts (issue 31)', () => {
  it("formats numbers and says 'Imported 1 contact' in the singular", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/csv/preview')
          ? json(200, {
              total_rows: 60000,
              importable_rows: 60000,
              skipped_rows: 0,
              filled: { email: 60000 },
              rows: [{ row: 2, values: { email: 'a@x.io' } }],
              errors: [],
              warnings: [],
              column_checks: [],
            })
          : json(200, columnsOf(['Email'], { suggested_mapping: { Email: 'email' }, total_rows: 60000 })),
      ),
    );
    importMock.mockResolvedValue({
      data: {
        success: true,
        imported_count: 1,
        skipped_count: 59999,
        total_rows: 60000,
        errors: [],
        warnings: [],
        import_id: 8,
      },
      error: null,
    } as Awaited<ReturnType<typeof importCsvWithMapping>>);
    await openWithFile('Email\na@x.io\n');
    expect(
      await screen.findByText('people.csv: 60,000 rows. Choose a contact field for each column.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('60,000 contacts will be imported')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 60,000 rows' }));
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Import successful: Imported 1 contact'),
    );
    expect(await screen.findByText('59,999')).toBeInTheDocument();
    expect(screen.getByText('60,000')).toBeInTheDocument();
  });
});

describe('Simple CSV Import of a vCard file', () => {
  it('goes from the file straight to the preview, counted in cards, and back to another file', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/csv/preview')
        ? json(200, {
            total_rows: 2,
            importable_rows: 1,
            skipped_rows: 1,
            filled: { full_name: 1, email: 1 },
            rows: [{ row: 1, values: { full_name: 'Ada Lovelace', email: 'ada@example.com' } }],
            errors: [
              {
                row: 2,
                error: 'A contact needs a name, an e-mail address, a phone number or an organization',
              },
            ],
            warnings: [],
            column_checks: [],
          })
        : json(200, {
            ...columnsOf([]),
            format: 'vcard',
            total_rows: 2,
            profile: { id: 'vcard', name: 'vCard 3.0' },
          }),
    );
    vi.stubGlobal('fetch', fetch);
    await openWithFile('BEGIN:VCARD\nFN:Ada Lovelace\nEND:VCARD\n', [], 'apple.vcf');
    expect(await screen.findByText('1 contact will be imported')).toBeInTheDocument();
    expect(
      screen.getByText(/^apple\.vcf: 2 cards \(vCard 3\.0\)\. Each field is read as it is/),
    ).toBeVisible();
    expect(screen.getByText('Card 1')).toBeVisible();
    expect(screen.getByText(/^Card 2: A contact needs a name/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Back to mapping' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Import 1 card' })).toBeEnabled();
    expect(fetch.mock.calls.map(([url]) => url.replace(/^.*\/api/, ''))).toEqual([
      '/csv/get-columns',
      '/csv/preview',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(screen.getByText('Click to choose a CSV or vCard (.vcf) file')).toBeVisible();
  });
});
