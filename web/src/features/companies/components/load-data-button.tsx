import {
  COMPANY_CSV_MAX_BYTES,
  type CompanyCsvHeadersResponse,
  type CompanyCsvPreview,
  type CompanyCsvResult,
} from '@relate/contracts';
import { UploadIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  useImportCompaniesCsv,
  useInspectCompaniesCsv,
  usePreviewCompaniesCsv,
} from '../api/import-companies-csv';
import { isCsvFile, readCsvFile } from '../csv-file';
import { type CsvCombine, type CsvMapping, MapCsvColumnsDialog } from './map-csv-columns-dialog';

type Inspection = CompanyCsvHeadersResponse & { fileName: string; csvData: string };

/** Load Data: pick a CSV, map its columns when some are unrecognised, import, report skipped rows. */
export function LoadDataButton() {
  const input = useRef<HTMLInputElement>(null);
  const inspect = useInspectCompaniesCsv();
  const importCsv = useImportCompaniesCsv();
  const previewCsv = usePreviewCompaniesCsv();
  const [inspection, setInspection] = useState<Inspection | null>(null);
  /** The mapping chosen in 'Map CSV Columns' and what it would import. */
  const [preview, setPreview] = useState<{
    mapping: CsvMapping;
    combine: CsvCombine;
    result: CompanyCsvPreview;
  } | null>(null);
  const [result, setResult] = useState<CompanyCsvResult | null>(null);
  const busy = inspect.isPending || importCsv.isPending;

  const runImport = async (csvData: string, customMapping: CsvMapping | null, combine?: CsvCombine) => {
    try {
      const outcome = await importCsv.mutateAsync({ csvData, customMapping, combine });
      setInspection(null);
      setPreview(null);
      toast.success(`Imported ${formatCount(outcome.imported, 'company', 'companies')} successfully`, {
        description:
          outcome.skipped > 0
            ? `${formatCount(outcome.skipped, 'row was', 'rows were')} skipped.`
            : undefined,
      });
      if (outcome.errors.length > 0) setResult(outcome);
    } catch (error) {
      // The mapping dialog stays open, so the mapping can be changed and tried again.
      toast.error('Error importing data', { description: (error as Error).message });
    }
  };

  const showPreview = async (csvData: string, mapping: CsvMapping, combine: CsvCombine) => {
    try {
      const result = await previewCsv.mutateAsync({ csvData, customMapping: mapping, combine });
      setPreview({ mapping, combine, result });
    } catch (error) {
      toast.error('Error processing file', { description: (error as Error).message });
    }
  };

  const pickFile = async (file: File) => {
    if (!isCsvFile(file)) {
      toast.error('Invalid file type', { description: 'Please select a CSV file' });
      return;
    }
    if (file.size > COMPANY_CSV_MAX_BYTES) {
      toast.error('Error processing file', {
        description: `The file is larger than ${COMPANY_CSV_MAX_BYTES / 1024 / 1024} MB`,
      });
      return;
    }
    let csvData: string;
    let headers: CompanyCsvHeadersResponse;
    try {
      csvData = await readCsvFile(file);
      headers = await inspect.mutateAsync(csvData);
    } catch (error) {
      toast.error('Error processing file', { description: (error as Error).message });
      return;
    }
    if (headers.needs_mapping) setInspection({ ...headers, fileName: file.name, csvData });
    else await runImport(csvData, null);
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="hidden"
        data-testid="company-csv-input"
        aria-label="CSV file to load"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void pickFile(file);
        }}
      />
      <Button variant="outline" onClick={() => input.current?.click()} disabled={busy}>
        {busy ? <Spinner className="size-4 text-current" label="Loading data" /> : <UploadIcon />}
        Load Data
      </Button>

      <MapCsvColumnsDialog
        inspection={inspection}
        preview={preview?.result ?? null}
        busy={previewCsv.isPending}
        importing={importCsv.isPending}
        onCancel={() => {
          setInspection(null);
          setPreview(null);
        }}
        onContinue={(mapping, combine) =>
          inspection && void showPreview(inspection.csvData, mapping, combine)
        }
        onBack={() => setPreview(null)}
        onImport={() =>
          inspection && preview && void runImport(inspection.csvData, preview.mapping, preview.combine)
        }
      />

      <Dialog open={result !== null} onOpenChange={(open) => !open && setResult(null)}>
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>Import finished with skipped rows</DialogTitle>
            <DialogDescription>
              {result &&
                `${formatCount(result.imported, 'company was', 'companies were')} imported; ${formatCount(result.skipped, 'row was', 'rows were')} skipped.`}
            </DialogDescription>
          </DialogHeader>
          <ul
            className="max-h-80 divide-y overflow-y-auto rounded-lg border text-sm"
            aria-label="Skipped rows"
          >
            {result?.errors.map((error) => (
              <li key={`${error.row}-${error.error}`} className="flex gap-3 px-3 py-2">
                <span className="w-16 shrink-0 font-medium tabular-nums">Row {error.row}</span>
                <span className="text-muted-foreground">{error.error}</span>
              </li>
            ))}
          </ul>
          {result && result.skipped > result.errors.length && (
            <p className="text-xs text-muted-foreground">
              Showing the first {formatNumber(result.errors.length)} problems.
            </p>
          )}
          <DialogFooter>
            <Button onClick={() => setResult(null)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
