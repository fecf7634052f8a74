import { API_BASE, request } from '@/lib/api-client';
import { accessToken } from '@/lib/auth-storage';

/** What an export is: every contact as CSV, or contacts (all, or the chosen ids) as one vCard file. */
export type ContactsExport = { format: 'csv' } | { format: 'vcard'; ids?: number[] };

const path = (target: ContactsExport) =>
  target.format === 'csv'
    ? '/people/export'
    : `/people/export/vcard${target.ids ? `?ids=${target.ids.join(',')}` : ''}`;

/** Why the server refused: its message for the field at fault (more than 1,000 ids), or the status. */
async function failure(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as {
    error?: string;
    details?: { message?: string }[];
  } | null;
  return body?.details?.[0]?.message ?? body?.error ?? `HTTP error! status: ${response.status}`;
}

/** Downloads the contacts (the server streams them; the browser saves them as a file). */
export async function exportContacts(target: ContactsExport = { format: 'csv' }): Promise<void> {
  await request('/auth/me'); // refreshes an expired access token before the download needs it
  const response = await fetch(`${API_BASE}${path(target)}`, {
    headers: { authorization: `Bearer ${accessToken() ?? ''}` },
  });
  if (!response.ok) throw new Error(await failure(response));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `contacts-${new Date().toISOString().slice(0, 10)}.${target.format === 'csv' ? 'csv' : 'vcf'}`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
