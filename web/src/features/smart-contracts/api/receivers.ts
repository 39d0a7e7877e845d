// The Royalty Receivers tab's calls and the invitation page's:
// a content item's receivers with their invitation status, adding one (which mails the
// invitation), removing one, and the signed invitation link's read, accept and decline. Parsed
// with the schemas of domain/contracts/royalties.ts; the websocket invalidates these keys when the
// receivers read model changes.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  acceptInvitationResponseSchema,
  addReceiverResponseSchema,
  declineInvitationResponseSchema,
  invitationResponseSchema,
  receiverListSchema,
  removeReceiverResponseSchema,
  type Invitation,
} from '../../../../../domain/contracts/royalties';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import { ROYALTY_ANALYTICS_KEY, ROYALTY_INVITATION_KEY, ROYALTY_RECEIVERS_KEY, SMART_CONTRACTS_KEY } from '../../../lib/query-keys';

export type AddReceiverResponse = z.infer<typeof addReceiverResponseSchema>;
export type { Invitation };
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

export interface AddReceiverInput {
  contentId: string;
  receiverName: string;
  receiverEmail: string;
  royaltyPercentage: number;
  receiverWallet: string | null;
}

/** One content item's receivers; the query key includes the content id. */
export function useReceivers(contentId: string | null) {
  return useQuery({
    queryKey: [...ROYALTY_RECEIVERS_KEY, contentId ?? ''],
    queryFn: async ({ signal }) =>
      (await getParsed(receiverListSchema, `${ROYALTY_RECEIVERS_KEY[0]}?contentId=${encodeURIComponent(contentId ?? '')}`, { signal })).receivers,
    enabled: contentId !== null,
    retry: retryUnlessRefused,
  });
}

export async function addReceiver(input: AddReceiverInput): Promise<AddReceiverResponse> {
  return requestParsed(addReceiverResponseSchema, 'POST', ROYALTY_RECEIVERS_KEY[0], input);
}

/** Adding mails an invitation: never resent on its own. */
export function useAddReceiver() {
  return useOneShotMutation(addReceiver, [ROYALTY_RECEIVERS_KEY, SMART_CONTRACTS_KEY, ROYALTY_ANALYTICS_KEY]);
}

export async function removeReceiver(receiverId: string): Promise<void> {
  await requestParsed(removeReceiverResponseSchema, 'DELETE', `${ROYALTY_RECEIVERS_KEY[0]}/${encodeURIComponent(receiverId)}`);
}

export function useRemoveReceiver() {
  return useOneShotMutation(removeReceiver, [ROYALTY_RECEIVERS_KEY, SMART_CONTRACTS_KEY, ROYALTY_ANALYTICS_KEY]);
}

const invitationUrl = (token: string) => `${ROYALTY_INVITATION_KEY[0]}/${encodeURIComponent(token)}`;

/** Public: whoever holds the signed link may read the invitation. A tampered link is refused (4xx). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: [...ROYALTY_INVITATION_KEY, token],
    queryFn: async ({ signal }) => (await getParsed(invitationResponseSchema, invitationUrl(token), { signal })).invitation,
    retry: retryUnlessRefused,
  });
}

export async function acceptInvitation(token: string): Promise<AcceptInvitationResponse> {
  return requestParsed(acceptInvitationResponseSchema, 'POST', `${invitationUrl(token)}/accept`);
}

/** Answers the invitation as it now stands, with a message. */
export function declineInvitation(token: string): Promise<AcceptInvitationResponse> {
  return requestParsed(declineInvitationResponseSchema, 'POST', `${invitationUrl(token)}/decline`);
}

export function useAcceptInvitation() {
  return useOneShotMutation(acceptInvitation, [ROYALTY_INVITATION_KEY, ROYALTY_RECEIVERS_KEY]);
}

export function useDeclineInvitation() {
  return useOneShotMutation(declineInvitation, [ROYALTY_INVITATION_KEY, ROYALTY_RECEIVERS_KEY]);
}
