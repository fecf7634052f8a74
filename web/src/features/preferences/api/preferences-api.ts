import { fetchJson } from '@/lib/api-client';
import { preferenceKeys } from '@/lib/preferences';
import { useAppMutation } from '@/lib/query';

export { usePreferences } from '@/lib/preferences';

/** Saves calendar settings (merged with the stored ones by the server). */
export const useSaveCalendarSettings = () =>
  useAppMutation({
    mutationFn: (calendar_settings: { defaultView?: string; startWeekday?: string }) =>
      fetchJson('/user-preferences', { method: 'POST', body: { calendar_settings } }),
    invalidates: [preferenceKeys.all],
  });
