import type { Cadence } from '@relate/contracts';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const PRESETS: { value: string; label: string; cadence: Cadence | null }[] = [
  { value: 'off', label: 'Off', cadence: null },
  { value: '1-week', label: 'Every week', cadence: { every: 1, unit: 'week' } },
  { value: '2-week', label: 'Every 2 weeks', cadence: { every: 2, unit: 'week' } },
  { value: '1-month', label: 'Every month', cadence: { every: 1, unit: 'month' } },
  { value: '3-month', label: 'Every 3 months', cadence: { every: 3, unit: 'month' } },
  { value: '6-month', label: 'Every 6 months', cadence: { every: 6, unit: 'month' } },
  { value: '12-month', label: 'Every year', cadence: { every: 12, unit: 'month' } },
];
const CUSTOM = 'custom';

const presetOf = (cadence: Cadence | null) =>
  cadence
    ? (PRESETS.find((preset) => preset.value === `${cadence.every}-${cadence.unit}`)?.value ?? CUSTOM)
    : 'off';

/** Off, a common cadence, or every N days, weeks or months. */
export function CadenceSelect({
  cadence,
  disabled,
  onChange,
}: {
  cadence: Cadence | null;
  disabled?: boolean;
  onChange: (cadence: Cadence | null) => void;
}) {
  const [custom, setCustom] = useState(presetOf(cadence) === CUSTOM);
  const [every, setEvery] = useState(String(cadence?.every ?? 10));
  const unit = cadence?.unit ?? 'day';
  const selected = custom ? CUSTOM : presetOf(cadence);
  const commitEvery = (text: string) => {
    const value = Number(text);
    if (Number.isInteger(value) && value >= 1 && value <= 366) onChange({ every: value, unit });
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Select
        value={selected}
        disabled={disabled}
        onValueChange={(value) => {
          setCustom(value === CUSTOM);
          if (value === CUSTOM) onChange({ every: Number(every) || 10, unit });
          else onChange(PRESETS.find((preset) => preset.value === value)?.cadence ?? null);
        }}
      >
        <SelectTrigger className="w-44" aria-label="Stay in touch">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PRESETS.map((preset) => (
            <SelectItem key={preset.value} value={preset.value}>
              {preset.label}
            </SelectItem>
          ))}
          <SelectItem value={CUSTOM}>Custom…</SelectItem>
        </SelectContent>
      </Select>
      {custom && (
        <>
          <span className="text-sm text-muted-foreground">every</span>
          <Input
            type="number"
            min={1}
            max={366}
            value={every}
            disabled={disabled}
            aria-label="Every"
            className="w-20"
            onChange={(event) => setEvery(event.target.value)}
            onBlur={(event) => commitEvery(event.target.value)}
          />
          <Select
            value={unit}
            disabled={disabled}
            onValueChange={(value) => onChange({ every: Number(every) || 1, unit: value as Cadence['unit'] })}
          >
            <SelectTrigger className="w-28" aria-label="Unit">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="day">days</SelectItem>
              <SelectItem value="week">weeks</SelectItem>
              <SelectItem value="month">months</SelectItem>
            </SelectContent>
          </Select>
        </>
      )}
    </div>
  );
}
