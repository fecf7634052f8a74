import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companiesKey } from './get-companies';

/** A mutation after which every companies query (list, stats, duplicates) is fetched again. */
export function useCompaniesMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}
