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
    expect(onContinue).toHaveBeenCalledWith({ Name: 'record', Sector: 'ignore', 'Record ID': 'ignore' });
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
});
