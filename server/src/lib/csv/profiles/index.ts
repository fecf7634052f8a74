import { fieldBag } from '../../field-bag';
import { CONTACT_PROFILES } from './contacts';
import { guessContactField } from './guess';
import { type CombineMode, normaliseHeader, recogniseProfile, type SuggestedMapping } from './types';

export { COMPANY_PROFILES } from './companies';
export type { CombineMode, SuggestedMapping } from './types';
export { normaliseHeader, recogniseProfile } from './types';

const SKIP = 'skip';

/** The fields a contact target writes (full_name only itself: it fills the names only when no column does). */
export function contactTargetFields(target: string): string[] {
  if (target === SKIP) return [];
  if (target === 'phone_by_label') return ['phone', 'mobile'];
  if (target.startsWith('custom_')) return [`custom_${target.slice(7).trim().toLowerCase()}`];
  return [target];
}

/**
 * The mapping the import dialog starts from: a recognised export's own meaning of its columns, else
 * a guess from each header's name (or its values). A guess never puts a second column on a field: the
 * later column starts as skipped and says which column already fills it.
 */
export function suggestContactMapping(headers: string[], samples: string[][]): SuggestedMapping {
  const profile = recogniseProfile(headers, CONTACT_PROFILES);
  const mapping = fieldBag<string>();
  const reasons = fieldBag<string>();
  const combine = fieldBag<CombineMode>();
  const filledBy = new Map<string, string>();
  const labels = new Map<string, string>();

  headers.forEach((header, index) => {
    const key = normaliseHeader(header);
    let target: string | undefined;
    if (profile) {
      target = profile.columns[key];
      if (!target && profile.customRest && !profile.reasons?.[key]) target = `custom_${header}`;
      if (!target) {
        mapping[header] = SKIP;
        reasons[header] = profile.reasons?.[key] ?? `Not a field ${profile.name} fills in Relate`;
        return;
      }
    } else {
      target = guessContactField(header, samples[index] ?? []);
      if (!target) {
        mapping[header] = SKIP;
        return;
      }
    }
    const fields = contactTargetFields(target);
    const taken = fields.find((field) => filledBy.has(field) && labels.get(field) !== target);
    const deliberate = profile?.combine?.[fields[0]];
    if (taken && !(deliberate && target === mapping[filledBy.get(taken)!])) {
      mapping[header] = SKIP;
      reasons[header] = `Looks like ${fieldLabel(taken)} too, which ${filledBy.get(taken)} already fills`;
      return;
    }
    if (taken && deliberate) combine[fields[0]] = deliberate;
    mapping[header] = target;
    for (const field of fields) {
      if (!filledBy.has(field)) filledBy.set(field, header);
      if (target === 'phone_by_label') labels.set(field, target);
    }
  });
  return { profile: profile ? { id: profile.id, name: profile.name } : null, mapping, reasons, combine };
}

/** 'job_title' → 'Job Title', 'custom_email 2' → 'Email 2'. */
export function fieldLabel(field: string): string {
  const words = field.startsWith('custom_') ? field.slice(7) : field.replaceAll('_', ' ');
  return words.replace(/\b\w/g, (letter) => letter.toUpperCase());
}
