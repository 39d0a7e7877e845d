// The support centre's calls: the user's own tickets, one ticket with its messages, opening a
// ticket, replying (text or a file, multipart), and the support side (the queue with its filters,
// canned replies, internal notes, taking a ticket, moving its status). Every answer is parsed with
// its schema from domain/contracts/support.ts; the websocket invalidates SUPPORT_KEY when the
// support read model changes (a reply, a note, a move), so nothing here polls.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  cannedRepliesResponseSchema,
  supportMessageResponseSchema,
  supportTicketDetailResponseSchema,
  supportTicketListResponseSchema,
  supportTicketResponseSchema,
  type CreateSupportTicketBody,
  type SupportQueueQuery,
  type SupportTicketStatus,
} from '../../../../../domain/contracts/support';
import { getParsed, parseAnswer, requestParsed, retryUnlessRefused, throwIfNotOk } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import { NOTIFICATIONS_KEY, SUPPORT_KEY } from '../../../lib/query-keys';

const TICKETS_URL = `${SUPPORT_KEY[0]}/tickets`;
export const ticketUrl = (ticketId: string) => `${TICKETS_URL}/${encodeURIComponent(ticketId)}`;
const REFRESHES = [SUPPORT_KEY, NOTIFICATIONS_KEY] as const;

export function useMyTickets() {
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'mine'],
    queryFn: async ({ signal }) => (await getParsed(supportTicketListResponseSchema, TICKETS_URL, { signal })).tickets,
    retry: retryUnlessRefused,
  });
}

export function useTicket(ticketId: string | null) {
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'ticket', ticketId],
    queryFn: ({ signal }) => getParsed(supportTicketDetailResponseSchema, ticketUrl(ticketId ?? ''), { signal }),
    enabled: ticketId !== null,
    retry: retryUnlessRefused,
  });
}

/** The queue's query string for these filters (defaults left out). */
export function queueSearch(filters: SupportQueueQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== null) params.set(key, String(value));
  return params.toString();
}

export function useSupportQueue(filters: SupportQueueQuery, enabled: boolean) {
  const search = queueSearch(filters);
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'queue', search],
    queryFn: async ({ signal }) => (await getParsed(supportTicketListResponseSchema, `${SUPPORT_KEY[0]}/queue${search ? `?${search}` : ''}`, { signal })).tickets,
    placeholderData: keepPreviousData,
    enabled,
    retry: retryUnlessRefused,
  });
}

export function useCannedReplies(enabled: boolean) {
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'canned-replies'],
    queryFn: ({ signal }) => getParsed(cannedRepliesResponseSchema, `${SUPPORT_KEY[0]}/canned-replies`, { signal }),
    enabled,
    staleTime: Infinity,
    retry: retryUnlessRefused,
  });
}

export function useOpenTicket() {
  return useOneShotMutation(async (body: CreateSupportTicketBody) => (await requestParsed(supportTicketResponseSchema, 'POST', TICKETS_URL, body)).ticket, REFRESHES);
}

export interface OutgoingMessage {
  ticketId: string;
  message: string;
  /** An internal note (support users). */
  internal: boolean;
  file: File | null;
}

/** A reply or an internal note; with a file, one multipart form (the file and its text together). */
export async function sendMessage({ ticketId, message, internal, file }: OutgoingMessage) {
  if (!file) {
    const route = internal ? 'notes' : 'messages';
    return (await requestParsed(supportMessageResponseSchema, 'POST', `${ticketUrl(ticketId)}/${route}`, { message })).message;
  }
  const form = new FormData();
  if (message.trim()) form.append('message', message.trim());
  form.append('internal', internal ? 'true' : 'false');
  form.append('file', file, file.name);
  const url = `${ticketUrl(ticketId)}/attachments`;
  const response = await fetch(url, { method: 'POST', credentials: 'include', body: form });
  await throwIfNotOk(response);
  return parseAnswer(supportMessageResponseSchema, await response.json(), 'POST', url).message;
}

export function useSendMessage() {
  return useOneShotMutation(sendMessage, REFRESHES);
}

export function useChangeStatus() {
  return useOneShotMutation(
    ({ ticketId, status }: { ticketId: string; status: SupportTicketStatus }) => requestParsed(supportTicketDetailResponseSchema, 'POST', `${ticketUrl(ticketId)}/status`, { status }),
    REFRESHES,
  );
}

export function useTakeTicket() {
  return useOneShotMutation((ticketId: string) => requestParsed(supportTicketDetailResponseSchema, 'POST', `${ticketUrl(ticketId)}/assign`, {}), REFRESHES);
}
