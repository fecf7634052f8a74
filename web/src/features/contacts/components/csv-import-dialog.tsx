import type {
  CsvColumnsResponse,
  CsvCombineMode,
  CsvImportResponse,
  CsvPreviewResponse,
} from '@relate/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
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
import { getCsvColumns, importCsvWithMapping, previewCsvImport, undoCsvImport } from '../api/csv-api';
import { findClashes, SKIP, targetFields, unresolved } from '../csv-mapping';
import { ImportProgress } from './csv-import/import-progress';
import { MappingStep } from './csv-import/mapping-step';
import { PreviewStep } from './csv-import/preview-step';
import { ResultStep, type UndoState } from './csv-import/result-step';
import { UploadStep } from './csv-import/upload-step';

type Step = 'upload' | 'mapping' | 'preview' | 'importing' | 'result';

interface CsvImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customFieldNames: string[];
}

/** Files the dialog takes: CSV, and vCard (.vcf, .vcard) from address books and phones. */
const IMPORTABLE = /\.(csv|vcf|vcard)$/i;

/**
 * Simple CSV Import (spec section 2 "CSV import dialogs"): upload → mapping → preview → importing →
 * result, one component per step. A failure returns to mapping. A vCard file has nothing to map: it goes
 * from upload straight to the preview, and a failure returns there.
 */
export function CsvImportDialog({ open, onOpenChange, customFieldNames }: CsvImportDialogProps) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [inspection, setInspection] = useState<CsvColumnsResponse | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [combine, setCombine] = useState<Record<string, CsvCombineMode>>({});
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<CsvPreviewResponse | null>(null);
  const [result, setResult] = useState<CsvImportResponse | null>(null);
  const [undo, setUndo] = useState<UndoState>({ status: 'idle' });
  /** The share of the file sent (0-1); at 1 the server is saving the rows. */
  const [uploaded, setUploaded] = useState(0);

  const columns = inspection?.csv_columns ?? [];
  const vcard = inspection?.format === 'vcard';
  const unit = vcard ? 'card' : 'row';
  const clashes = useMemo(() => findClashes(columns, mapping), [columns, mapping]);
  const blocking = unresolved(clashes, combine);
  const mapped = Object.values(mapping).some((target) => target !== SKIP);

  const reset = () => {
    setStep('upload');
    setFile(null);
    setInspection(null);
    setMapping({});
    setCombine({});
    setPreview(null);
    setResult(null);
    setUndo({ status: 'idle' });
    if (input.current) input.current.value = '';
  };

  const close = (next: boolean) => {
    if (step === 'importing' || undo.status === 'undoing') return;
    onOpenChange(next);
    if (!next) reset();
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    if (!IMPORTABLE.test(chosen.name)) {
      toast.error('Invalid file', { description: 'Please select a CSV file' });
      if (input.current) input.current.value = '';
      return;
    }
    setBusy(true);
    const { data, error } = await getCsvColumns(chosen);
    setBusy(false);
    if (error || !data?.success) {
      toast.error('Error', { description: error?.message || data?.error || 'Failed to read CSV file' });
      return;
    }
    setFile(chosen);
    setInspection(data);
    setMapping(data.suggested_mapping);
    setCombine(data.combine);
    if (data.format === 'vcard') return showPreview(chosen);
    setStep('mapping');
    toast.success('Columns loaded');
  };

  const map = (column: string, target: string) => {
    const next = { ...mapping, [column]: target };
    setMapping(next);
    // A choice of how to combine a field is kept only while that field still has several columns.
    const shared = new Set(findClashes(columns, next).map((clash) => clash.field));
    setCombine((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => shared.has(field))),
    );
  };

  /** The preview of `target` (the chosen file; a vCard's as soon as it is chosen, with no mapping). */
  const showPreview = async (target = file) => {
    if (!target) return;
    setBusy(true);
    const { data, error } = await previewCsvImport(target, { mapping, combine: relevantCombine() });
    setBusy(false);
    if (error || !data) {
      toast.error('Error', { description: error?.message || 'Failed to read CSV file' });
      return;
    }
    setPreview(data);
    setStep('preview');
  };

  /** Only the choices for fields that really have several columns go to the server. */
  const relevantCombine = () => {
    const fields = new Set(columns.flatMap((column) => targetFields(mapping[column] ?? SKIP)));
    return Object.fromEntries(Object.entries(combine).filter(([field]) => fields.has(field)));
  };

  const runImport = async () => {
    if (!file) return;
    setUploaded(0);
    setStep('importing');
    const { data, error } = await importCsvWithMapping(
      file,
      { mapping, combine: relevantCombine() },
      setUploaded,
    );
    if (error || !data?.success) {
      toast.error('Import failed', { description: error?.message || data?.error || 'Failed to import CSV' });
      setStep(vcard ? 'preview' : 'mapping'); // a failure returns to mapping (spec section 2)
      return;
    }
    setResult(data);
    setStep('result');
    toast.success(`Import successful: Imported ${formatCount(data.imported_count, 'contact', 'contacts')}`);
    void queryClient.invalidateQueries({ queryKey: ['people'] });
    void queryClient.invalidateQueries({ queryKey: ['custom-fields'] });
  };

  const undoImport = async () => {
    if (result?.import_id == null) return;
    setUndo({ status: 'undoing' });
    const { data, error } = await undoCsvImport(result.import_id);
    if (error || !data) {
      setUndo({ status: 'refused', message: error?.message || 'The import could not be undone.' });
      toast.error('Undo failed', { description: error?.message });
      return;
    }
    setUndo({ status: 'undone', deleted: data.deleted });
    toast.success('Import undone', {
      description: `${formatCount(data.deleted, 'contact', 'contacts')} removed`,
    });
    void queryClient.invalidateQueries({ queryKey: ['people'] });
  };

  const total = inspection?.total_rows ?? 0;
  const description = {
    upload:
      'Choose a .csv file exported from a spreadsheet, an address book or a CRM, or a .vcf vCard file from Apple Contacts, Google Contacts, Outlook or a phone.',
    mapping: `${file?.name}: ${formatCount(total, 'row', 'rows')}. Choose a contact field for each column.`,
    preview: vcard
      ? `${file?.name}: ${formatCount(total, 'card', 'cards')} (${inspection?.profile?.name ?? 'vCard'}). Each field is read as it is; check what will be stored before anything is written.`
      : 'Check what will be stored before anything is written.',
    importing: 'Importing your contacts...',
    result: 'Import finished.',
  }[step];

  return (
    <Dialog open={open} onOpenChange={close}>
      {/* The steps scroll between a fixed header and footer: the buttons stay in view (1280×800, phones). */}
      <DialogContent className="flex max-w-2xl flex-col overflow-hidden">
        <DialogHeader className="shrink-0">
          <DialogTitle>Simple CSV Import</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>

        <div
          className="-mx-1 grid min-h-0 flex-1 gap-4 overflow-y-auto px-1"
          data-testid="import-dialog-body"
        >
          {step === 'upload' && <UploadStep input={input} reading={busy} onChoose={choose} />}
          {step === 'mapping' && inspection && (
            <MappingStep
              inspection={inspection}
              mapping={mapping}
              combine={combine}
              clashes={clashes}
              customFieldNames={customFieldNames}
              onMap={map}
              onCombine={(field, mode) => setCombine((current) => ({ ...current, [field]: mode }))}
            />
          )}
          {step === 'preview' && preview && (
            <PreviewStep preview={preview} customFieldNames={customFieldNames} unit={unit} />
          )}
          {step === 'importing' && (
            <ImportProgress uploaded={uploaded} fileName={file?.name} rows={total} unit={unit} />
          )}
          {step === 'result' && result && (
            <ResultStep result={result} undo={undo} onUndo={undoImport} unit={unit} />
          )}
        </div>

        <DialogFooter className="shrink-0 sm:items-center">
          {step === 'mapping' && (
            <>
              {blocking.length > 0 && (
                <p className="text-sm text-destructive sm:mr-auto" role="alert">
                  {blocking.length === 1 ? 'One field gets' : `${formatNumber(blocking.length)} fields get`}{' '}
                  several columns: choose first.
                </p>
              )}
              <Button variant="outline" onClick={reset}>
                Choose another file
              </Button>
              <Button onClick={() => showPreview()} disabled={!mapped || blocking.length > 0 || busy}>
                {busy && <Spinner className="size-4 text-current" label="Reading" />}
                Preview
              </Button>
            </>
          )}
          {step === 'preview' && preview && (
            <>
              {vcard ? (
                <Button variant="outline" onClick={reset}>
                  Choose another file
                </Button>
              ) : (
                <Button variant="outline" onClick={() => setStep('mapping')}>
                  Back to mapping
                </Button>
              )}
              <Button onClick={runImport} disabled={preview.importable_rows === 0}>
                Import {formatCount(preview.importable_rows, unit, `${unit}s`)}
              </Button>
            </>
          )}
          {step === 'result' && (
            <Button onClick={() => close(false)} disabled={undo.status === 'undoing'}>
              Done
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
