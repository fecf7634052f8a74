import { fieldBag } from '../../field-bag';
import { CONTACT_PROFILES, LABELLED_CUSTOM } from './contacts';
import { guessContactField } from './guess';
import {
  type CombineMode,
  type ImportProfile,
  normaliseHeader,
  recogniseProfile,
  type SuggestedMapping,
} from './types';

export { COMPANY_PROFILES } from './companies';
export { looksLikePhone } from './guess';
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
 * The target of Google's "Custom Field 1 - Value": a custom field named by its label column, when
 * every row that has a value names the same field; else undefined, with the reason.
 */
function labelledCustom(headers: string[], header: string, samples: string[][]) {
  const base = header.replace(/ - value$/i, '');
  const labelIndex = headers.findIndex((other) => other.toLowerCase() === `${base} - label`.toLowerCase());
  const labels = new Set(
    (samples[labelIndex] ?? []).map((label) => label.replace(/^\* /, '').trim()).filter(Boolean),
  );
  if (labels.size === 1) return { target: `custom_${[...labels][0]}` };
  return {
    reason:
      labels.size === 0
        ? 'No name for this custom field in the first rows'
        : `Rows name this field differently (${[...labels].join(', ')}): choose a field`,
  };
}

/** Record ids, owner ids, uuids: the numbering of the system the file comes from, never a contact field. */
const IDENTIFIER = /(^| )(id|ids|uuid|guid)( |$)/;
const isIdentifierHeader = (header: string) => IDENTIFIER.test(normaliseHeader(header));
const IDENTIFIER_REASON = 'An id of the system the file comes from: Relate numbers its contacts itself';
const EMPTY_REASON = 'Empty in every row';

/** The target a header starts from, or why it starts as skipped. */
function proposal(
  headers: string[],
  index: number,
  samples: string[][],
  profile: ImportProfile | undefined,
  inAssociated: boolean,
): { target?: string; reason?: string } {
  const header = headers[index];
  const key = normaliseHeader(header);
  if (!profile) {
    if (isIdentifierHeader(header)) return { reason: IDENTIFIER_REASON };
    return { target: guessContactField(header, samples[index] ?? []) };
  }
  if (inAssociated && profile.associated) {
    const target = profile.associated.columns[key.replace(/ \(\d+\)$/, '')];
    return target ? { target } : { reason: profile.associated.reason };
  }
  const target = profile.columns[key];
  if (target === LABELLED_CUSTOM) return labelledCustom(headers, header, samples);
  if (target) return { target };
  if (profile.customRest && !profile.reasons?.[key]) return { target: `custom_${header}` };
  return { reason: profile.reasons?.[key] ?? `Not a field ${profile.name} fills in Relate` };
}

/**
 * The mapping the import dialog starts from: a recognised export's own meaning of its columns, else
 * a guess from each header's name (or its values); ids are never proposed. A guess never puts a second
 * column on a field: the later column starts as skipped and says which column already fills it. With
 * `filled` (per column: has it a value in any row), a column that would create a custom field but is
 * empty in every row starts as skipped.
 */
export function suggestContactMapping(
  headers: string[],
  samples: string[][],
  filled?: boolean[],
): SuggestedMapping {
  const profile = recogniseProfile(headers, CONTACT_PROFILES);
  const mapping = fieldBag<string>();
  const reasons = fieldBag<string>();
  const combine = fieldBag<CombineMode>();
  const filledBy = new Map<string, string>();
  const labels = new Map<string, string>();
  let inAssociated = false;

  headers.forEach((header, index) => {
    if (profile?.associated && normaliseHeader(header) === profile.associated.from) inAssociated = true;
    const { target, reason } = proposal(headers, index, samples, profile, inAssociated);
    if (target?.startsWith('custom_') && filled && !filled[index] && !profile?.customRest) {
      mapping[header] = SKIP;
      reasons[header] = EMPTY_REASON;
      return;
    }
    if (!target) {
      mapping[header] = SKIP;
      if (reason) reasons[header] = reason;
      return;
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
