import type { CsvImportResponse } from '@relate/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2Icon, FileUpIcon, Loader2Icon, TriangleAlertIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { getCsvColumns, importCsvWithMapping } from '../api/csv-api';
import { FULL_NAME, guessMapping, SKIP, sampleValues } from '../csv-mapping';
import { CONTACT_FIELDS, CUSTOM_PREFIX } from '../fields';

type Step = 'upload' | 'mapping' | 'importing' | 'result';

interface CsvImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customFieldNames: string[];
}

/** Simple CSV Import: upload → mapping → importing → result (spec section 2 "CSV import dialogs"). */
export function CsvImportDialog({ open, onOpenChange, customFieldNames }: CsvImportDialogProps) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [totalRows, setTotalRows] = useState(0);
  const [preview, setPreview] = useState<Record<string, string>[]>([]);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<CsvImportResponse | null>(null);
  /** The share of the file sent (0-1); at 1 the server is saving the rows. */
  const [uploaded, setUploaded] = useState(0);

  const reset = () => {
    setStep('upload');
    setFile(null);
    setColumns([]);
    setPreview([]);
    setMapping({});
    setResult(null);
    if (input.current) input.current.value = '';
  };

  const close = (next: boolean) => {
    if (step === 'importing') return;
    onOpenChange(next);
    if (!next) reset();
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    if (!chosen.name.toLowerCase().endsWith('.csv')) {
      toast.error('Invalid file', { description: 'Please select a CSV file' });
      if (input.current) input.current.value = '';
      return;
    }
    setReading(true);
    const { data, error } = await getCsvColumns(chosen);
    setReading(false);
    if (error || !data?.success) {
      toast.error('Error', { description: error?.message || data?.error || 'Failed to read CSV file' });
      return;
    }
    setFile(chosen);
    setColumns(data.csv_columns);
    setTotalRows(data.total_rows);
    setPreview(data.preview ?? []);
    setMapping(guessMapping(data.csv_columns));
    setStep('mapping');
    toast.success('Columns loaded');
  };

  const runImport = async () => {
    if (!file) return;
    setUploaded(0);
    setStep('importing');
    const { data, error } = await importCsvWithMapping(file, mapping, setUploaded);
    if (error || !data?.success) {
      toast.error('Import failed', { description: error?.message || data?.error || 'Failed to import CSV' });
      setStep('mapping'); // a failure returns to mapping (spec section 2)
      return;
    }
    setResult(data);
    setStep('result');
    toast.success(`Import successful: Imported ${data.imported_count} contacts`);
    void queryClient.invalidateQueries({ queryKey: ['people'] });
  };

  const mapped = Object.values(mapping).filter((field) => field !== SKIP).length;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Simple CSV Import</DialogTitle>
          <DialogDescription>
            {step === 'upload' &&
              'Choose a .csv file exported from a spreadsheet, Google Contacts or Outlook.'}
            {step === 'mapping' &&
              `${file?.name}: ${totalRows} rows. Choose a contact field for each column.`}
            {step === 'importing' && 'Importing your contacts...'}
            {step === 'result' && 'Import finished.'}
          </DialogDescription>
        </DialogHeader>

        {step === 'upload' && (
          <label className="flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed p-10 text-center transition-colors hover:border-primary/60 hover:bg-primary/5">
            {reading ? (
              <Loader2Icon className="size-8 animate-spin text-primary" />
            ) : (
              <FileUpIcon className="size-8 text-primary" />
            )}
            <span className="font-medium">
              {reading ? 'Reading columns...' : 'Click to choose a CSV file'}
            </span>
            <span className="text-sm text-muted-foreground">
              Up to 50 MB. UTF-8, UTF-16 and Windows-1252 are read.
            </span>
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              aria-label="CSV file"
              disabled={reading}
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </label>
        )}

        {step === 'mapping' && (
          <div className="grid max-h-[50vh] gap-2 overflow-y-auto pr-1">
            {columns.map((column) => (
              <div
                key={column}
                className="grid grid-cols-[1fr_1fr] items-center gap-3 rounded-lg border px-3 py-2"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium" title={column}>
                    {column}
                  </p>
                  <ColumnSamples values={sampleValues(preview, column)} />
                </div>
                <Select
                  value={mapping[column] ?? SKIP}
                  onValueChange={(value) => setMapping((current) => ({ ...current, [column]: value }))}
                >
                  <SelectTrigger aria-label={`Field for ${column}`} className="h-8">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={SKIP}>Skip</SelectItem>
                    <SelectItem value={FULL_NAME}>Full Name (split into first and last)</SelectItem>
                    <SelectGroup>
                      {CONTACT_FIELDS.map((field) => (
                        <SelectItem key={field.key} value={field.key}>
                          {field.label}
                          {field.required ? ' *' : ''}
                        </SelectItem>
                      ))}
                    </SelectGroup>
                    {customFieldNames.map((name) => (
                      <SelectItem key={name} value={`${CUSTOM_PREFIX}${name}`}>
                        {`${CUSTOM_PREFIX}${name}`}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            ))}
          </div>
        )}

        {step === 'importing' && (
          <ImportProgress uploaded={uploaded} fileName={file?.name} rows={totalRows} />
        )}

        {step === 'result' && result && (
          <div className="grid gap-4">
            <div className="grid grid-cols-3 gap-3 text-center">
              <div className="rounded-lg border p-3">
                <p className="text-2xl font-semibold text-success">{result.imported_count}</p>
                <p className="text-xs text-muted-foreground">Imported</p>
              </div>
              <div className="rounded-lg border p-3">
                <p className="text-2xl font-semibold">{result.skipped_count}</p>
                <p className="text-xs text-muted-foreground">Skipped</p>
              </div>
              <div className="rounded-lg border p-3">
                <p className="text-2xl font-semibold">{result.total_rows}</p>
                <p className="text-xs text-muted-foreground">Rows</p>
              </div>
            </div>
            {result.errors.length > 0 ? (
              <div className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
                <p className="flex items-center gap-2 font-medium">
                  <TriangleAlertIcon className="size-4 text-warning" /> {result.errors.length} rows were not
                  imported
                </p>
                <ul className="grid gap-0.5 text-muted-foreground">
                  {result.errors.map((error) => (
                    <li key={`${error.row}-${error.error}`}>
                      Row {error.row}: {error.error}
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="flex items-center gap-2 text-sm text-success">
                <CheckCircle2Icon className="size-4" /> Every row was imported.
              </p>
            )}
          </div>
        )}

        <DialogFooter>
          {step === 'mapping' && (
            <>
              <Button variant="outline" onClick={reset}>
                Choose another file
              </Button>
              <Button onClick={runImport} disabled={mapped === 0}>
                Import {totalRows} rows
              </Button>
            </>
          )}
          {step === 'result' && <Button onClick={() => close(false)}>Done</Button>}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The first values of a column, so the user sees what it holds before choosing a field. */
function ColumnSamples({ values }: { values: string[] }) {
  if (values.length === 0)
    return <p className="text-xs text-muted-foreground italic">No values in the first rows</p>;
  return (
    <p className="truncate text-xs text-muted-foreground" title={values.join(', ')}>
      e.g. {values.join(', ')}
    </p>
  );
}

/** Uploading: how much of the file is sent. Saving: the server is writing the rows, in one transaction. */
function ImportProgress({ uploaded, fileName, rows }: { uploaded: number; fileName?: string; rows: number }) {
  const saving = uploaded >= 1;
  const percent = Math.round(uploaded * 100);
  return (
    <div className="grid gap-3 py-6">
      <div
        role="progressbar"
        aria-label={saving ? 'Saving contacts' : 'Uploading file'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={saving ? undefined : percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        {saving ? (
          <div className="h-full w-1/3 animate-[progress_1.2s_ease-in-out_infinite] rounded-full bg-primary" />
        ) : (
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${percent}%` }}
          />
        )}
      </div>
      <p className="text-center text-sm text-muted-foreground">
        {saving
          ? `Saving ${rows} rows — this takes a few seconds for large files.`
          : `Uploading ${fileName ?? 'the file'}… ${percent}%`}
      </p>
    </div>
  );
}
