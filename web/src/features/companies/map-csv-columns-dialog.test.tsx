import type { CompanyCsvHeadersResponse } from '@relate/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MapCsvColumnsDialog } from './components/map-csv-columns-dialog';
import { EXPECTED_COLUMNS } from './csv-file';

const inspection = (recognised: CompanyCsvHeadersResponse['recognised']) => ({
  fileName: 'export.csv',
  headers: Object.keys(recognised),
  recognised,
  needs_mapping: true,
  total_rows: 3,
  profile: null,
  reasons: {},
  clashes: [],
});

describe('Map CSV Columns', () => {
  it('lists every column with the expected-columns text and continues with the mapping', async () => {
    const onContinue = vi.fn();
    render(
      <MapCsvColumnsDialog
        inspection={inspection({ Name: 'record', Sector: null, 'Record ID': 'ignore' })}
        importing={false}
        onCancel={vi.fn()}
        onContinue={onContinue}
      />,
    );

    expect(screen.getByRole('heading', { name: 'Map CSV Columns' })).toBeInTheDocument();
    expect(screen.getByText(EXPECTED_COLUMNS)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Field for Sector' })).toHaveTextContent(
      'Ignore this column',
    );
    expect(screen.getByRole('combobox', { name: 'Field for Name' })).toHaveTextContent(
      'Record (company name)',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Continue Import' }));
    expect(onContinue).toHaveBeenCalledWith({ Name: 'record', Sector: 'ignore', 'Record ID': 'ignore' }, {});
  });

  it('asks for a name column before it continues', () => {
    render(
      <MapCsvColumnsDialog
        inspection={inspection({ Organisation: null, Sector: null })}
        importing={false}
        onCancel={vi.fn()}
        onContinue={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Map one column to Record (company name) to continue.',
    );
    expect(screen.getByRole('button', { name: 'Continue Import' })).toBeDisabled();
  });

  it('names a recognised export, says why columns are ignored, and asks how to combine a shared field', async () => {
    const onContinue = vi.fn();
    render(
      <MapCsvColumnsDialog
        inspection={{
          ...inspection({
            'Company name': 'record',
            Tags: 'tags',
            'Tags (2)': 'tags',
            'Record ID': 'ignore',
          }),
          profile: { id: 'hubspot_companies', name: 'HubSpot companies' },
          reasons: { 'Record ID': "HubSpot's own id: Relate numbers its companies itself" },
        }}
        importing={false}
        onCancel={vi.fn()}
        onContinue={onContinue}
      />,
    );
    expect(screen.getByText('Recognised: HubSpot companies.')).toBeInTheDocument();
    expect(
      screen.getByText("Ignored: HubSpot's own id: Relate numbers its companies itself"),
    ).toBeInTheDocument();
    expect(screen.getByTestId('clash')).toHaveTextContent('Tags gets 2 columns: "Tags", "Tags (2)".');
    expect(screen.getByRole('button', { name: 'Continue Import' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Join with a space' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue Import' }));
    expect(onContinue).toHaveBeenCalledWith(
      { 'Company name': 'record', Tags: 'tags', 'Tags (2)': 'tags', 'Record ID': 'ignore' },
      { tags: 'join' },
    );
  });

  it('shows the preview step: counts per field, the first companies as stored, and Import', async () => {
    const onImport = vi.fn();
    render(
      <MapCsvColumnsDialog
        inspection={inspection({ Name: 'record', Sector: 'categories' })}
        preview={{
          total_rows: 3,
          importable_rows: 2,
          skipped_rows: 1,
          filled: { record: 2, categories: 1 },
          rows: [{ row: 2, values: { record: 'Acme Labs', categories: 'SaaS' } }],
          errors: [{ row: 4, error: 'Company name is required' }],
        }}
        importing={false}
        onCancel={vi.fn()}
        onContinue={vi.fn()}
        onBack={vi.fn()}
        onImport={onImport}
      />,
    );
    expect(screen.getByText('2 companies will be imported')).toBeInTheDocument();
    expect(screen.getByTestId('company-preview-row')).toHaveTextContent('Acme Labs');
    expect(screen.getByText('Row 4: Company name is required')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 companies' }));
    expect(onImport).toHaveBeenCalled();
  });
});
