import type { InteractionKind, TimelineEntryType } from '@relate/contracts';

export const INTERACTION_LABELS: Record<InteractionKind, string> = {
  call: 'Call',
  meeting: 'Meeting',
  email: 'E-mail',
  message: 'Message',
};

export const ENTRY_LABELS: Record<TimelineEntryType, string> = {
  note: 'Note',
  interaction: 'Interaction',
  field_change: 'Changed',
  created: 'Contact created',
  import: 'Imported',
  merge: 'Merged',
  share: 'Shared',
  sync: 'Google sync',
};

/** A field's API name as a label: `job_title` → "Job title", `custom_fields.Team` → "Team". */
export function fieldLabel(field: string): string {
  if (field.startsWith('custom_fields.')) return field.slice('custom_fields.'.length);
  const words = field.replace(/_/g, ' ').replace(/\burl\b/g, 'URL');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A changed value as text: dates shown as dates, lists joined, empty as "—". */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date.toLocaleDateString();
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
