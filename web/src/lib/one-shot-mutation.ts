// A mutation that starts work on the server (a master, a copyright check, a ledger write): never
// resent on its own, since a retry after a lost answer would start the work twice; once it settles
// either way, the reads it changed are refetched.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export function useOneShotMutation<TData, TVariables>(mutationFn: (variables: TVariables) => Promise<TData>, refreshes: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: false,
    onSettled: () => Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
