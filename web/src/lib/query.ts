import {
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';

/**
 * The query layer's conventions:
 * - Each feature declares its keys in `api/keys.ts` as a factory rooted in one name, e.g.
 *   `peopleKeys = { all: ['people'], list: (params) => [...all, 'list', params], detail: (id) => [...all, 'detail', id] }`.
 *   Every query of the feature uses a key from its factory; nothing spells a key as a literal array.
 * - Writes go through `useAppMutation`, which declares which keys it makes stale. A component never calls
 *   `invalidateQueries` itself, and a feature only invalidates its own keys (other features' caches are
 *   refreshed by the route or the notifications stream, which may know several factories).
 */
export interface AppMutationOptions<TData, TVariables, TContext = unknown>
  extends Omit<UseMutationOptions<TData, Error, TVariables, TContext>, 'mutationFn'> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Keys (usually a factory's `all`) refetched once the mutation settles, whether it succeeded or not. */
  invalidates?: readonly QueryKey[];
}

export function useAppMutation<TData, TVariables = void, TContext = unknown>({
  invalidates = [],
  onSettled,
  ...options
}: AppMutationOptions<TData, TVariables, TContext>): UseMutationResult<TData, Error, TVariables, TContext> {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSettled: async (...args) => {
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onSettled?.(...args);
    },
  });
}

/** Refetches the given keys now (for the notifications stream, which learns of changes made elsewhere). */
export function invalidateKeys(
  queryClient: ReturnType<typeof useQueryClient>,
  keys: readonly QueryKey[],
): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}
