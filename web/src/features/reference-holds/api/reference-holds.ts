// The holds on the signed-in holder's references (GET /api/references/holds) and the two things a
// holder may do about one: release it or claim the work (POST /api/disputes/:id/release-hold, /claim).
// Answers are parsed with their contracts; the websocket invalidates DISPUTES_KEY when a case moves.
import { useQuery } from '@tanstack/react-query';
import { disputeResponseSchema } from '../../../../../domain/contracts/disputes';
import { referenceHoldListSchema } from '../../../../../domain/contracts/reference-holds';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import { DISPUTES_KEY, NOTIFICATIONS_KEY } from '../../../lib/query-keys';

export const REFERENCE_HOLDS_KEY = [...DISPUTES_KEY, 'reference-holds'] as const;
const REFRESHES = [DISPUTES_KEY, NOTIFICATIONS_KEY] as const;
const caseUrl = (disputeId: string) => `/api/disputes/${encodeURIComponent(disputeId)}`;

export function useReferenceHolds() {
  return useQuery({
    queryKey: REFERENCE_HOLDS_KEY,
    queryFn: async ({ signal }) => (await getParsed(referenceHoldListSchema, '/api/references/holds', { signal })).holds,
    retry: retryUnlessRefused,
  });
}

export async function releaseHold({ disputeId, note }: { disputeId: string; note: string }) {
  return (await requestParsed(disputeResponseSchema, 'POST', `${caseUrl(disputeId)}/release-hold`, note.trim() ? { note } : {})).dispute;
}

export async function claimWork({ disputeId, note }: { disputeId: string; note: string }) {
  return (await requestParsed(disputeResponseSchema, 'POST', `${caseUrl(disputeId)}/claim`, { note })).dispute;
}

/** Each decides or moves the case: never resent on its own. */
export function useReleaseHold() {
  return useOneShotMutation(releaseHold, REFRESHES);
}

export function useClaimWork() {
  return useOneShotMutation(claimWork, REFRESHES);
}
