import { API_BASE, request } from '@/lib/api-client';
import { accessToken } from '@/lib/auth-storage';

/** Downloads every contact as CSV (the server streams it; the browser saves it as a file). */
export async function exportContacts(): Promise<void> {
  await request('/auth/me'); // refreshes an expired access token before the download needs it
  const response = await fetch(`${API_BASE}/people/export`, {
    headers: { authorization: `Bearer ${accessToken() ?? ''}` },
  });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `contacts-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
