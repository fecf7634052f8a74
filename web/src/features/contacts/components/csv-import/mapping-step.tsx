import type { CsvColumnsResponse, CsvCombineMode } from '@relate/contracts';
import { CircleAlertIcon, SparklesIcon, WandSparklesIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { cn } from '@/lib/utils';
import {
  type Clash,
  COMBINE_LABELS,
  FULL_NAME,
  PHONE_BY_LABEL,
  SKIP,
  sampleValues,
  targetLabel,
} from '../../csv-mapping';
import { CONTACT_FIELDS, CUSTOM_PREFIX } from '../../fields';

interface MappingStepProps {
  inspection: CsvColumnsResponse;
  mapping: Record<string, string>;
  combine: Record<string, CsvCombineMode>;
  clashes: Clash[];
  customFieldNames: string[];
  onMap: (column: string, target: string) => void;
  onCombine: (field: string, mode: CsvCombineMode) => void;
}

/** Google's "Phone 1 - Value" has a "Phone 1 - Label" (or "- Type") beside it that says what kind of number it is. */
const hasLabelColumn = (columns: string[], column: string) => {
  const base = /^(.*) - Value$/i.exec(column)?.[1];
  return base !== undefined && columns.some((other) => /^(.*) - (Label|Type)$/i.exec(other)?.[1] === base);
};

const others = (clash: Clash, column: string) => clash.headers.filter((other) => other !== column).join(', ');

/** Step 2: a field for every column; clashes are marked and block the import until settled. */
export function MappingStep({
  inspection,
  mapping,
  combine,
  clashes,
  customFieldNames,
  onMap,
  onCombine,
}: MappingStepProps) {
  const clashOf = (column: string) => clashes.find((clash) => clash.headers.includes(column));
  return (
    <div className="grid min-w-0 gap-3">
      <ProfileNote profile={inspection.profile} />
      {clashes.length > 0 && (
        <ul className="grid gap-2" aria-label="Columns sharing a field">
          {clashes.map((clash) => (
            <ClashNote
              key={clash.field}
              clash={clash}
              mode={combine[clash.field]}
              label={targetLabel(clash.field, customFieldNames)}
              onCombine={(mode) => onCombine(clash.field, mode)}
            />
          ))}
        </ul>
      )}
      <ul className="grid max-h-[46vh] gap-2 overflow-y-auto pr-1" aria-label="CSV columns">
        {inspection.csv_columns.map((column) => {
          const target = mapping[column] ?? SKIP;
          const clash = clashOf(column);
          const reason = target === SKIP ? inspection.reasons[column] : undefined;
          const settled = clash && !clash.needsOtherField && combine[clash.field];
          return (
            <li
              key={column}
              className={cn(
                'grid items-center gap-2 rounded-lg border px-3 py-2 sm:grid-cols-[minmax(0,1fr)_15rem]',
                clash && !settled && 'border-destructive/60 bg-destructive/5',
              )}
            >
              <div className="min-w-0">
                <p className="truncate text-sm font-medium" title={column}>
                  {column}
                </p>
                <ColumnSamples values={sampleValues(inspection.preview, column)} />
                {reason && <p className="text-xs text-muted-foreground italic">Skipped: {reason}</p>}
                {clash && (
                  <p className={cn('text-xs', settled ? 'text-muted-foreground' : 'text-destructive')}>
                    {settled
                      ? `Shares ${targetLabel(clash.field, customFieldNames)} with ${others(clash, column)} (${COMBINE_LABELS[combine[clash.field]].toLowerCase()})`
                      : `Clash: ${targetLabel(clash.field, customFieldNames)} also gets ${others(clash, column)}`}
                  </p>
                )}
              </div>
              <TargetSelect
                column={column}
                value={target}
                labelled={hasLabelColumn(inspection.csv_columns, column)}
                customFieldNames={customFieldNames}
                onChange={(value) => onMap(column, value)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ProfileNote({ profile }: { profile: CsvColumnsResponse['profile'] }) {
  if (!profile)
    return (
      <div className="flex gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
        <WandSparklesIcon className="mt-0.5 size-4 shrink-0 text-primary" />
        <p className="text-muted-foreground">
          Columns were matched by their names and values. A column Relate is unsure of starts as Skip.
        </p>
      </div>
    );
  return (
    <div className="flex gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
      <SparklesIcon className="mt-0.5 size-4 shrink-0 text-primary" />
      <p>
        <span className="font-medium">Recognised: {profile.name}.</span>{' '}
        <span className="text-muted-foreground">Columns are matched as {profile.name} means them.</span>
      </p>
    </div>
  );
}

function ClashNote({
  clash,
  mode,
  label,
  onCombine,
}: {
  clash: Clash;
  mode: CsvCombineMode | undefined;
  label: string;
  onCombine: (mode: CsvCombineMode) => void;
}) {
  const columns = clash.headers.map((header) => `"${header}"`).join(', ');
  const settled = mode && !clash.needsOtherField;
  return (
    <li
      className={cn(
        'grid gap-2 rounded-lg border p-3 text-sm',
        settled ? 'bg-muted/40' : 'border-destructive/50 bg-destructive/5',
      )}
      data-testid="clash"
    >
      <p className="flex gap-2">
        <CircleAlertIcon
          className={cn('mt-0.5 size-4 shrink-0', settled ? 'text-primary' : 'text-destructive')}
        />
        <span>
          <span className="font-medium">{label}</span> gets {clash.headers.length} columns: {columns}.{' '}
          {clash.needsOtherField
            ? 'Choose another field for one of them.'
            : settled
              ? `${COMBINE_LABELS[mode]}.`
              : 'Choose how to combine them, or another field for one of them.'}
        </span>
      </p>
      {!clash.needsOtherField && (
        <div className="flex flex-wrap gap-2 pl-6">
          <Button
            size="sm"
            variant={mode === 'join' ? 'default' : 'outline'}
            onClick={() => onCombine('join')}
          >
            Join with a space
          </Button>
          <Button
            size="sm"
            variant={mode === 'first' ? 'default' : 'outline'}
            onClick={() => onCombine('first')}
          >
            Keep first
          </Button>
          {mode === 'lines' && <Badge variant="secondary">One per line</Badge>}
        </div>
      )}
    </li>
  );
}

function TargetSelect({
  column,
  value,
  labelled,
  customFieldNames,
  onChange,
}: {
  column: string;
  value: string;
  labelled: boolean;
  customFieldNames: string[];
  onChange: (value: string) => void;
}) {
  const customTargets = [...customFieldNames.map((name) => `${CUSTOM_PREFIX}${name}`)];
  const lower = new Set(customTargets.map((target) => target.toLowerCase()));
  for (const extra of [value, `${CUSTOM_PREFIX}${column}`])
    if (extra.startsWith(CUSTOM_PREFIX) && !lower.has(extra.toLowerCase())) {
      customTargets.push(extra);
      lower.add(extra.toLowerCase());
    }
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={`Field for ${column}`} className="h-8 w-full">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={SKIP}>Skip</SelectItem>
        <SelectItem value={FULL_NAME}>Full Name (split into first and last)</SelectItem>
        {(labelled || value === PHONE_BY_LABEL) && (
          <SelectItem value={PHONE_BY_LABEL}>Phone or Mobile (by its label)</SelectItem>
        )}
        <SelectGroup>
          <SelectLabel>Contact fields</SelectLabel>
          {CONTACT_FIELDS.map((field) => (
            <SelectItem key={field.key} value={field.key}>
              {field.label}
              {field.required ? ' *' : ''}
            </SelectItem>
          ))}
        </SelectGroup>
        <SelectGroup>
          <SelectLabel>Custom fields</SelectLabel>
          {customTargets.map((target) => (
            <SelectItem key={target} value={target}>
              {customFieldNames.some(
                (name) => `${CUSTOM_PREFIX}${name}`.toLowerCase() === target.toLowerCase(),
              )
                ? targetLabel(target, customFieldNames)
                : `New custom field: ${target.slice(CUSTOM_PREFIX.length)}`}
            </SelectItem>
          ))}
        </SelectGroup>
      </SelectContent>
    </Select>
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
