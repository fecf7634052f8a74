import type { ApplyGoogleReviewResponse } from '@relate/contracts';
import { formatCount, formatNumber } from '@/lib/format';

/**
 * The toast's line after applying review items: "Created 3, linked 1, updated 2." and, when items changed
 * meaning since the preview, "1 item changed since the preview and waits for review again."
 */
export function appliedSummary(result: ApplyGoogleReviewResponse, createdVerb: 'Created' | 'Added'): string {
  const counts = [
    `${createdVerb} ${formatNumber(result.created)}`,
    `linked ${formatNumber(result.linked)}`,
    `updated ${formatNumber(result.updated)}`,
    ...(result.deleted ? [`deleted ${formatNumber(result.deleted)}`] : []),
  ];
  const waiting = result.waiting
    ? ` ${formatCount(result.waiting, 'item', 'items')} changed since the preview and ${result.waiting === 1 ? 'waits' : 'wait'} for review again.`
    : '';
  return `${counts.join(', ')}.${waiting}`;
}
