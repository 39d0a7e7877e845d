// Dispute management's calls: the list with its filters, one case, its
// history folded through any event (time travel), filing, evidence (multipart), and every action the
// server may allow. Every answer is parsed with its schema from domain/contracts/disputes.ts; the
// websocket invalidates DISPUTES_KEY when the disputes read model changes, so nothing here polls.
// The work picker searches the public registry.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  disputeHistoryResponseSchema,
  disputeListResponseSchema,
  disputeResponseSchema,
  fileDisputeResponseSchema,
  type appealRequestSchema,
  type assignRequestSchema,
  type changeStatusRequestSchema,
  type Dispute,
  type EvidenceType,
  type FileDisputeRequest,
  type postMessageRequestSchema,
  type requestEvidenceRequestSchema,
  type resolveRequestSchema,
  type respondRequestSchema,
} from '../../../../../domain/contracts/disputes';
import { workSearchResponseSchema, type Work } from '../../../../../domain/contracts/registry';
import { getParsed, parseAnswer, requestParsed, retryUnlessRefused, throwIfNotOk } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import { DISPUTES_KEY, WORK_SEARCH_KEY, WORKS_KEY } from '../../../lib/query-keys';

export type DisputeHistory = z.infer<typeof disputeHistoryResponseSchema>;
export type FileDisputeResponse = z.infer<typeof fileDisputeResponseSchema>;


export const disputeUrl = (disputeId: string) => `${DISPUTES_KEY[0]}/${encodeURIComponent(disputeId)}`;
export const evidenceDownloadUrl = (disputeId: string, evidenceId: string) => `${disputeUrl(disputeId)}/evidence/${encodeURIComponent(evidenceId)}`;

/** The list for these query parameters (labels.ts disputeSearchParams); the last answer stays while the next loads. */
export function useDisputes(searchParams: string) {
  return useQuery({
    queryKey: [...DISPUTES_KEY, searchParams],
    queryFn: ({ signal }) => getParsed(disputeListResponseSchema, `${DISPUTES_KEY[0]}?${searchParams}`, { signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

export function useDispute(disputeId: string | null) {
  return useQuery({
    queryKey: [...DISPUTES_KEY, disputeId],
    queryFn: async ({ signal }) => (await getParsed(disputeResponseSchema, disputeUrl(disputeId ?? ''), { signal })).dispute,
    enabled: disputeId !== null,
    retry: retryUnlessRefused,
  });
}

export const historyUrl = (disputeId: string, upTo: number | null) => `${disputeUrl(disputeId)}/history${upTo === null ? '' : `?upTo=${upTo}`}`;

/** The case's events and its state after the first `upTo` of them (all when null). */
export function useDisputeHistory(disputeId: string, upTo: number | null) {
  return useQuery({
    queryKey: [...DISPUTES_KEY, disputeId, 'history', upTo],
    queryFn: ({ signal }) => getParsed(disputeHistoryResponseSchema, historyUrl(disputeId, upTo), { signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** Registered works whose title, creator or identifier matches `text`, for the file dialog's picker. */
export async function searchRegisteredWorks(text: string, signal?: AbortSignal): Promise<Work[]> {
  const params = new URLSearchParams({ query: text.trim(), limit: '10' });
  return (await getParsed(workSearchResponseSchema, `${WORK_SEARCH_KEY[0]}?${params.toString()}`, { signal })).works;
}

const REFRESHES = [DISPUTES_KEY, WORK_SEARCH_KEY, WORKS_KEY] as const;

export async function fileDispute(request: FileDisputeRequest): Promise<FileDisputeResponse> {
  return requestParsed(fileDisputeResponseSchema, 'POST', `${DISPUTES_KEY[0]}/file`, request);
}

/** Filing freezes a work's payouts and licensing: never resent on its own. */
export function useFileDispute() {
  return useOneShotMutation(fileDispute, REFRESHES);
}

export interface EvidenceUpload {
  disputeId: string;
  file: File | null;
  type: EvidenceType;
  description: string;
}

/** POST /api/disputes/:id/evidence as multipart: the text fields first, then the file when there is one. */
export async function addEvidence({ disputeId, file, type, description }: EvidenceUpload): Promise<Dispute> {
  const form = new FormData();
  form.append('type', type);
  if (description.trim()) form.append('description', description.trim());
  if (file) form.append('file', file, file.name);
  const url = `${disputeUrl(disputeId)}/evidence`;
  const response = await fetch(url, { method: 'POST', credentials: 'include', body: form });
  await throwIfNotOk(response);
  return parseAnswer(disputeResponseSchema, await response.json(), 'POST', url).dispute;
}

export function useAddEvidence() {
  return useOneShotMutation(addEvidence, REFRESHES);
}

/** Each action the server may allow (viewer.allowedActions), with its request body. */
export type DisputeActionRequest =
  | { action: 'respond'; body: z.input<typeof respondRequestSchema> }
  | { action: 'messages'; body: z.input<typeof postMessageRequestSchema> }
  | { action: 'assign'; body: z.input<typeof assignRequestSchema> }
  | { action: 'status'; body: z.input<typeof changeStatusRequestSchema> }
  | { action: 'request-evidence'; body: z.input<typeof requestEvidenceRequestSchema> }
  | { action: 'resolve'; body: z.input<typeof resolveRequestSchema> }
  | { action: 'appeal'; body: z.input<typeof appealRequestSchema> };

/** POST /api/disputes/:id/<action>; answers the case as it stands after the action. */
export async function actOnDispute({ disputeId, request }: { disputeId: string; request: DisputeActionRequest }): Promise<Dispute> {
  return (await requestParsed(disputeResponseSchema, 'POST', `${disputeUrl(disputeId)}/${request.action}`, request.body)).dispute;
}

/** An action moves the case (and may pay compensation): never resent on its own. */
export function useDisputeAction() {
  return useOneShotMutation(actOnDispute, REFRESHES);
}
