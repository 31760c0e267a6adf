// The one mutation helper: a change sent to the server, after which the queries it touches are fetched again
// (success or failure alike: a refused change may mean the data moved under the user).
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change as a mutation: `refresh` names the query keys (each with all below it) read afresh once it has
 * settled; `afterSuccess` runs after a success only, for what lives outside the query cache.
 */
export function useChange<Input, Output>(
  change: (input: Input) => Promise<Output>,
  refresh: readonly QueryKey[],
  afterSuccess?: () => Promise<unknown>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: afterSuccess && (() => afterSuccess()),
    onSettled: () => Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
