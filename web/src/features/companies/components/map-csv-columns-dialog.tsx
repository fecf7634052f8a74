import {
  type CompanyCsvField,
  CompanyCsvFieldSchema,
  type CompanyCsvHeadersResponse,
  type CompanyCsvPreview,
  type CompanyCsvTarget,
} from '@relate/contracts';
import { ArrowRightIcon, CircleAlertIcon, InfoIcon, SparklesIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format';
import { CSV_FIELD_LABELS, EXPECTED_COLUMNS, IGNORE } from '../csv-file';
import { CompanyCsvPreviewStep } from './company-csv-preview';

export type CsvMapping = Record<string, CompanyCsvTarget>;
export type CsvCombine = Partial<Record<CompanyCsvField, 'join' | 'first'>>;

/** Fields that more than one column fills, in column order. */
export function mappingClashes(headers: string[], mapping: CsvMapping) {
  const byField = new Map<CompanyCsvField, string[]>();
  for (const header of headers) {
    const target = mapping[header];
    if (target && target !== 'ignore') byField.set(target, [...(byField.get(target) ?? []), header]);
  }
  return [...byField]
    .filter(([, columns]) => columns.length > 1)
    .map(([field, columns]) => ({ field, columns }));
}

/** The server's reading of the headers, with unrecognised columns set to ignore. */
export const initialMapping = (inspection: CompanyCsvHeadersResponse): CsvMapping =>
  Object.fromEntries(inspection.headers.map((header) => [header, inspection.recognised[header] ?? IGNORE]));

interface MapCsvColumnsDialogProps {
  /** The file waiting for a mapping, or null when the dialog is closed. */
  inspection: (CompanyCsvHeadersResponse & { fileName: string }) | null;
  /** The preview of the chosen mapping: the dialog's second step, or null while mapping. */
  preview?: CompanyCsvPreview | null;
  /** Reading the preview or importing. */
  busy?: boolean;
  importing: boolean;
  onCancel: () => void;
  /** 'Continue Import': goes on with the mapping (to the preview). */
  onContinue: (mapping: CsvMapping, combine: CsvCombine) => void;
  onBack?: () => void;
  onImport?: () => void;
}

/** 'Map CSV Columns': each column to a company field or ignored, then 'Continue Import'. */
export function MapCsvColumnsDialog({
  inspection,
  preview = null,
  busy = false,
  importing,
  onCancel,
  onContinue,
  onBack,
  onImport,
}: MapCsvColumnsDialogProps) {
  const [mapping, setMapping] = useState<CsvMapping>({});
  const [combine, setCombine] = useState<CsvCombine>({});

  useEffect(() => {
    if (inspection) setMapping(initialMapping(inspection));
    setCombine({});
  }, [inspection]);
  const working = busy || importing;

  const hasName = Object.values(mapping).includes('record');
  const clashes = mappingClashes(inspection?.headers ?? [], mapping);
  const unsettled = clashes.filter((clash) => !combine[clash.field]);
  const fields = CompanyCsvFieldSchema.options;
  const used = (field: CompanyCsvField, header: string) =>
    Object.entries(mapping).some(([other, target]) => other !== header && target === field);

  return (
    <Dialog open={inspection !== null} onOpenChange={(open) => !open && !working && onCancel()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Map CSV Columns</DialogTitle>
          <DialogDescription>
            {preview ? (
              'Check what will be stored before anything is written.'
            ) : (
              <>
                Check the columns of{' '}
                <span className="font-medium text-foreground">{inspection?.fileName}</span>: choose the
                company field each column fills, or ignore it.
                {inspection && ` The file holds ${formatCount(inspection.total_rows, 'row', 'rows')}.`}
              </>
            )}
          </DialogDescription>
        </DialogHeader>

        {preview ? (
          <CompanyCsvPreviewStep preview={preview} />
        ) : (
          <>
            <div className="flex gap-2 rounded-lg border bg-muted/40 p-3 text-xs text-muted-foreground">
              <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" />
              <p>
                <span className="font-medium text-foreground">Expected columns:</span> {EXPECTED_COLUMNS}
              </p>
            </div>

            {inspection?.profile && (
              <div className="flex gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
                <SparklesIcon className="mt-0.5 size-4 shrink-0 text-primary" />
                <p>
                  <span className="font-medium">Recognised: {inspection.profile.name}.</span>{' '}
                  <span className="text-muted-foreground">
                    Columns are matched as {inspection.profile.name} means them.
                  </span>
                </p>
              </div>
            )}

            {clashes.length > 0 && (
              <ul className="grid gap-2" aria-label="Columns sharing a field">
                {clashes.map((clash) => (
                  <li
                    key={clash.field}
                    data-testid="clash"
                    className={
                      combine[clash.field]
                        ? 'grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm'
                        : 'grid gap-2 rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm'
                    }
                  >
                    <p className="flex gap-2">
                      <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" />
                      <span>
                        <span className="font-medium">{CSV_FIELD_LABELS[clash.field]}</span> gets{' '}
                        {formatCount(clash.columns.length, 'column', 'columns')}:{' '}
                        {clash.columns.map((column) => `"${column}"`).join(', ')}. Choose how to combine them,
                        or another field for one of them.
                      </span>
                    </p>
                    <div className="flex flex-wrap gap-2 pl-6">
                      {(['join', 'first'] as const).map((mode) => (
                        <Button
                          key={mode}
                          size="sm"
                          variant={combine[clash.field] === mode ? 'default' : 'outline'}
                          onClick={() => setCombine((current) => ({ ...current, [clash.field]: mode }))}
                        >
                          {mode === 'join' ? 'Join with a space' : 'Keep first'}
                        </Button>
                      ))}
                    </div>
                  </li>
                ))}
              </ul>
            )}

            <ul className="grid gap-2" aria-label="CSV columns">
              {inspection?.headers.map((header) => {
                const recognised = inspection.recognised[header];
                const reason = mapping[header] === IGNORE ? inspection.reasons[header] : undefined;
                const id = `csv-column-${header.replace(/\W+/g, '-')}`;
                return (
                  <li
                    key={header}
                    className="grid items-center gap-2 rounded-lg border px-3 py-2 sm:grid-cols-[1fr_auto_14rem]"
                  >
                    <div className="grid min-w-0 gap-0.5">
                      <div className="flex min-w-0 items-center gap-2">
                        <label htmlFor={id} className="truncate text-sm font-medium">
                          {header}
                        </label>
                        {recognised ? (
                          <Badge variant="success">Recognised</Badge>
                        ) : (
                          <Badge variant="warning">Unrecognised</Badge>
                        )}
                      </div>
                      {reason && <p className="text-xs text-muted-foreground italic">Ignored: {reason}</p>}
                    </div>
                    <ArrowRightIcon className="hidden size-4 text-muted-foreground sm:block" />
                    <Select
                      value={mapping[header] ?? IGNORE}
                      onValueChange={(value) =>
                        setMapping((current) => ({ ...current, [header]: value as CompanyCsvTarget }))
                      }
                    >
                      <SelectTrigger id={id} aria-label={`Field for ${header}`}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={IGNORE}>Ignore this column</SelectItem>
                        {fields.map((field) => (
                          <SelectItem key={field} value={field} disabled={used(field, header)}>
                            {CSV_FIELD_LABELS[field]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </li>
                );
              })}
            </ul>

            {!hasName && (
              <p className="text-sm text-destructive" role="alert">
                Map one column to Record (company name) to continue.
              </p>
            )}
            {hasName && unsettled.length > 0 && (
              <p className="text-sm text-destructive" role="alert">
                Choose how to combine the columns that share a field to continue.
              </p>
            )}
          </>
        )}

        <DialogFooter>
          {preview ? (
            <>
              <Button variant="outline" onClick={onBack} disabled={importing}>
                Back to mapping
              </Button>
              <Button onClick={onImport} disabled={preview.importable_rows === 0 || importing}>
                {importing && <Spinner className="size-4 text-current" label="Importing" />}
                Import {formatCount(preview.importable_rows, 'company', 'companies')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={onCancel} disabled={working}>
                Cancel
              </Button>
              <Button
                onClick={() => onContinue(mapping, combine)}
                disabled={!hasName || unsettled.length > 0 || working}
              >
                {working && <Spinner className="size-4 text-current" label="Reading" />}
                Continue Import
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
