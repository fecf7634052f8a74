import type { App } from '../src/app';
import type { TestUser } from './test-app';

/**
 * What the model-based tests of the Google syncs (google-*.model.test.ts) share: an object known to
 * both sides, and what it holds after a sync followed by "apply all".
 */
export interface Tracked<V extends Record<string, string>> {
  /** null once deleted at Google */
  google: V | null;
  /** null until the first sync brought it over, or once deleted in Relate */
  relate: V | null;
  relateId: number | null;
  /** what both sides agreed on at the last sync */
  agreed: V | null;
}

/** What an object holds after a sync and "apply all": field by field, the side that changed wins. */
function settle<V extends Record<string, string>>(
  tracked: Tracked<V>,
  fields: readonly (keyof V)[],
  keepRelate: boolean,
): V | null {
  const { google: theirs, relate: ours, agreed } = tracked;
  if (!theirs) return null; // deleted at Google: "apply all" deletes it here too
  if (!agreed) return ours === null && tracked.relateId !== null ? null : { ...theirs }; // new from Google
  if (!ours) return null; // deleted in Relate: the push deletes it at Google
  const settled = { ...agreed };
  for (const field of fields) {
    const googleChanged = theirs[field] !== agreed[field];
    const relateChanged = ours[field] !== agreed[field];
    if (googleChanged && relateChanged && theirs[field] !== ours[field])
      settled[field] = keepRelate ? ours[field] : theirs[field];
    else settled[field] = relateChanged ? ours[field] : theirs[field];
  }
  return settled;
}

/** Every tracked object as the sync left it: both sides and the agreement hold the settled values. */
export function settleAll<V extends Record<string, string>>(
  all: Tracked<V>[],
  fields: readonly (keyof V)[],
  keepRelate: boolean,
): void {
  for (const tracked of all) {
    const settled = settle(tracked, fields, keepRelate);
    tracked.google = settled && { ...settled };
    tracked.relate = settled && { ...settled };
    tracked.agreed = settled && { ...settled };
  }
}

/**
 * A sync of `noun` as the user runs it: Sync, then "apply all" (conflicts settled with Relate's or
 * Google's version), then the pushes the job runner sends.
 */
export async function syncAndApplyAll(
  app: App,
  user: TestUser,
  noun: 'contacts' | 'calendar',
  keepRelate: boolean,
): Promise<void> {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: user.headers, payload });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json();
  };
  await call('GET', `/api/auth/google/${noun}`);
  const { items } = (await call('GET', `/api/auth/google/${noun}/review`)) as {
    items: { id: string; kind: string }[];
  };
  if (items.length > 0)
    await call('POST', `/api/auth/google/${noun}/apply`, {
      item_ids: items.map((item) => item.id),
      keep_relate: keepRelate ? items.filter((item) => item.kind === 'conflict').map((item) => item.id) : [],
    });
  while ((await app.services.jobs.runDue(50)) > 0);
}
