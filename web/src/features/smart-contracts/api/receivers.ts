// The Royalty Receivers tab's calls and the invitation page's:
// a content item's receivers with their invitation status, adding one (which mails the
// invitation), removing one, and the signed invitation link's read, accept and decline. Parsed
// with the schemas of domain/contracts/royalties.ts; the websocket invalidates these keys when the
// receivers read model changes.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  acceptInvitationResponseSchema,
  addReceiverResponseSchema,
  invitationSchema,
  receiverListSchema,
} from '../../../../../domain/contracts/royalties';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import { ROYALTY_ANALYTICS_KEY, ROYALTY_INVITATION_KEY, ROYALTY_RECEIVERS_KEY, SMART_CONTRACTS_KEY } from '../../../lib/query-keys';
import { getParsed } from './smart-contracts';

export type AddReceiverResponse = z.infer<typeof addReceiverResponseSchema>;
export type Invitation = z.infer<typeof invitationSchema>;
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
      (await getParsed(`${ROYALTY_RECEIVERS_KEY[0]}?contentId=${encodeURIComponent(contentId ?? '')}`, receiverListSchema, signal)).receivers,
    enabled: contentId !== null,
    retry: retryUnlessRefused,
  });
}

export async function addReceiver(input: AddReceiverInput): Promise<AddReceiverResponse> {
  return addReceiverResponseSchema.parse(await apiRequest<unknown>('POST', ROYALTY_RECEIVERS_KEY[0], input));
}

/** Adding mails an invitation: never resent on its own. */
export function useAddReceiver() {
  return useOneShotMutation(addReceiver, [ROYALTY_RECEIVERS_KEY, SMART_CONTRACTS_KEY, ROYALTY_ANALYTICS_KEY]);
}

export async function removeReceiver(receiverId: string): Promise<void> {
  await apiRequest<unknown>('DELETE', `${ROYALTY_RECEIVERS_KEY[0]}/${encodeURIComponent(receiverId)}`);
}

export function useRemoveReceiver() {
  return useOneShotMutation(removeReceiver, [ROYALTY_RECEIVERS_KEY, SMART_CONTRACTS_KEY, ROYALTY_ANALYTICS_KEY]);
}

const invitationUrl = (token: string) => `${ROYALTY_INVITATION_KEY[0]}/${encodeURIComponent(token)}`;

/** Public: whoever holds the signed link may read the invitation. A tampered link is refused (4xx). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: [...ROYALTY_INVITATION_KEY, token],
    queryFn: async ({ signal }) => (await getParsed(invitationUrl(token), z.object({ invitation: invitationSchema }), signal)).invitation,
    retry: retryUnlessRefused,
  });
}

export async function acceptInvitation(token: string): Promise<AcceptInvitationResponse> {
  return acceptInvitationResponseSchema.parse(await apiRequest<unknown>('POST', `${invitationUrl(token)}/accept`));
}

/** The decline's answer is read for its message only; the invitation itself is refetched. */
const declineResponseSchema = z.object({ message: z.string().optional() });

export async function declineInvitation(token: string): Promise<z.infer<typeof declineResponseSchema>> {
  return declineResponseSchema.parse((await apiRequest<unknown>('POST', `${invitationUrl(token)}/decline`)) ?? {});
}

export function useAcceptInvitation() {
  return useOneShotMutation(acceptInvitation, [ROYALTY_INVITATION_KEY, ROYALTY_RECEIVERS_KEY]);
}

export function useDeclineInvitation() {
  return useOneShotMutation(declineInvitation, [ROYALTY_INVITATION_KEY, ROYALTY_RECEIVERS_KEY]);
}
