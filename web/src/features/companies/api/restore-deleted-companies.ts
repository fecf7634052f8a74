import type { TrashCount } from '@relate/contracts';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { companyKeys } from './keys';

/** Undo of a delete: the companies its trash_batch moved to the Trash come back. */
export const useRestoreDeletedCompanies = () =>
  useAppMutation({
    mutationFn: (batch: string) =>
      fetchJson<TrashCount>('/trash/restore', { method: 'POST', body: { batch } }),
    invalidates: [companyKeys.all],
  });
