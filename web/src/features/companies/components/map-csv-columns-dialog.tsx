import {
  type CompanyCsvField,
  CompanyCsvFieldSchema,
  type CompanyCsvHeadersResponse,
  type CompanyCsvTarget,
} from '@relate/contracts';
import { ArrowRightIcon, InfoIcon } from 'lucide-react';
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
import { CSV_FIELD_LABELS, EXPECTED_COLUMNS, IGNORE } from '../csv-file';

export type CsvMapping = Record<string, CompanyCsvTarget>;

/** The server's reading of the headers, with unrecognised columns set to ignore. */
export const initialMapping = (inspection: CompanyCsvHeadersResponse): CsvMapping =>
  Object.fromEntries(inspection.headers.map((header) => [header, inspection.recognised[header] ?? IGNORE]));

interface MapCsvColumnsDialogProps {
  /** The file waiting for a mapping, or null when the dialog is closed. */
  inspection: (CompanyCsvHeadersResponse & { fileName: string }) | null;
  importing: boolean;
  onCancel: () => void;
  onContinue: (mapping: CsvMapping) => void;
}

/** 'Map CSV Columns': each column to a company field or ignored, then 'Continue Import'. */
export function MapCsvColumnsDialog({
  inspection,
  importing,
  onCancel,
  onContinue,
}: MapCsvColumnsDialogProps) {
  const [mapping, setMapping] = useState<CsvMapping>({});

  useEffect(() => {
    if (inspection) setMapping(initialMapping(inspection));
  }, [inspection]);

  const hasName = Object.values(mapping).includes('record');
  const fields = CompanyCsvFieldSchema.options;
  const used = (field: CompanyCsvField, header: string) =>
    Object.entries(mapping).some(([other, target]) => other !== header && target === field);

  return (
    <Dialog open={inspection !== null} onOpenChange={(open) => !open && !importing && onCancel()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Map CSV Columns</DialogTitle>
          <DialogDescription>
            Some columns of <span className="font-medium text-foreground">{inspection?.fileName}</span> were
            not recognised. Choose the company field each column fills, or ignore it.
            {inspection &&
              ` The file holds ${inspection.total_rows.toLocaleString()} ${inspection.total_rows === 1 ? 'row' : 'rows'}.`}
          </DialogDescription>
        </DialogHeader>

        <div className="flex gap-2 rounded-lg border bg-muted/40 p-3 text-xs text-muted-foreground">
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" />
          <p>
            <span className="font-medium text-foreground">Expected columns:</span> {EXPECTED_COLUMNS}
          </p>
        </div>

        <ul className="grid gap-2" aria-label="CSV columns">
          {inspection?.headers.map((header) => {
            const recognised = inspection.recognised[header];
            const id = `csv-column-${header.replace(/\W+/g, '-')}`;
            return (
              <li
                key={header}
                className="grid items-center gap-2 rounded-lg border px-3 py-2 sm:grid-cols-[1fr_auto_14rem]"
              >
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

        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={importing}>
            Cancel
          </Button>
          <Button onClick={() => onContinue(mapping)} disabled={!hasName || importing}>
            {importing && <Spinner className="size-4 text-current" label="Importing" />}
            Continue Import
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
