import type { ContactColumn } from '@relate/contracts';
import { usePreferences, useSavePreferences } from '@/lib/preferences';
import { readUserCache, removeUserCache, writeUserCache } from '@/lib/user-cache';

const isColumnList = (value: unknown): value is ContactColumn[] => Array.isArray(value);

/** The user's columns: a locally kept copy of a save that failed wins, else the saved preferences. */
export function useContactColumns(): ContactColumn[] | undefined {
  const preferences = usePreferences();
  return readUserCache('contact_columns', isColumnList) ?? preferences.data?.contact_columns;
}

/** Saves column settings; when the server refuses, keeps them locally (spec section 8). */
export const useSaveContactColumns = () =>
  useSavePreferences<{ contact_columns: ContactColumn[] }>({
    before: ({ contact_columns }) => writeUserCache('contact_columns', contact_columns),
    onSuccess: () => removeUserCache('contact_columns'),
  });
