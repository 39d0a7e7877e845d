// The vault list for the Copyright Oracle tab. The websocket keeps it current; the view
// also polls GET /api/vault every 2 s, but only while a track is mastering or being
// analysed, and stops when nothing is running.
import { useQuery } from '@tanstack/react-query';
import { vaultQueryOptions } from '../../../lib/track/api/get-vault';
import { isWorkflowActive } from '../workflow-status';

export const WORKFLOW_POLL_MS = 2_000;

export function useWorkflowVault() {
  return useQuery({
    ...vaultQueryOptions(),
    refetchInterval: (query) => (query.state.data?.some(isWorkflowActive) ? WORKFLOW_POLL_MS : false),
  });
}
