import type { CompaniesParams } from './get-companies';

/** Every companies query key (see `@/lib/query`). */
export const companyKeys = {
  all: ['companies'] as const,
  list: (params: CompaniesParams) => [...companyKeys.all, 'list', params] as const,
  duplicates: () => [...companyKeys.all, 'duplicates'] as const,
};
