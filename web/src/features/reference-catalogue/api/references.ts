// The reference catalogue's calls (a rights holder's deliveries and references). Every answer is
// parsed with its schema from domain/contracts/references.ts; the websocket invalidates
// REFERENCES_KEY as each recording of a delivery is indexed (read model `references`), so the
// progress moves without polling.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  referenceDeliveryDetailSchema,
  referenceDeliveryListSchema,
  referenceDeliverySchema,
  referenceListSchema,
  referenceRemovedSchema,
  type ReferenceDelivery,
} from '../../../../../domain/contracts/references';
import { getParsed, parseAnswer, requestParsed, retryUnlessRefused, throwIfNotOk } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import { REFERENCES_KEY } from '../../../lib/query-keys';

const DELIVERIES_URL = '/api/references/deliveries';
const deliveryStartedSchema = z.object({ delivery: referenceDeliverySchema });

export function useReferenceDeliveries(enabled: boolean) {
  return useQuery({
    queryKey: [...REFERENCES_KEY, 'deliveries'],
    queryFn: async ({ signal }) => (await getParsed(referenceDeliveryListSchema, DELIVERIES_URL, { signal })).deliveries,
    enabled,
    retry: retryUnlessRefused,
  });
}

export function useReferenceDelivery(id: string | null) {
  return useQuery({
    queryKey: [...REFERENCES_KEY, 'deliveries', id],
    queryFn: ({ signal }) => getParsed(referenceDeliveryDetailSchema, `${DELIVERIES_URL}/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    retry: retryUnlessRefused,
  });
}

export function useReferences(q: string, page: number, enabled: boolean) {
  const params = new URLSearchParams({ page: String(page), ...(q.trim() ? { q: q.trim() } : {}) });
  return useQuery({
    queryKey: [...REFERENCES_KEY, 'list', q.trim(), page],
    queryFn: ({ signal }) => getParsed(referenceListSchema, `/api/references?${params.toString()}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** POST /api/references/deliveries as multipart: the recordings under "recordings", the CSV under "csv". */
async function uploadDelivery({ recordings, csv }: { recordings: readonly File[]; csv: File }): Promise<ReferenceDelivery> {
  const form = new FormData();
  for (const file of recordings) form.append('recordings', file, file.name);
  form.append('csv', csv, csv.name);
  const response = await fetch(DELIVERIES_URL, { method: 'POST', credentials: 'include', body: form });
  await throwIfNotOk(response);
  return parseAnswer(deliveryStartedSchema, await response.json(), 'POST', DELIVERIES_URL).delivery;
}

export function useUploadDelivery() {
  return useOneShotMutation(uploadDelivery, [REFERENCES_KEY]);
}

export function useSftpDelivery() {
  return useOneShotMutation(async (folder: string) => (await requestParsed(deliveryStartedSchema, 'POST', `${DELIVERIES_URL}/sftp`, { folder })).delivery, [REFERENCES_KEY]);
}

export function useRemoveReference() {
  return useOneShotMutation((id: string) => requestParsed(referenceRemovedSchema, 'DELETE', `/api/references/${encodeURIComponent(id)}`), [REFERENCES_KEY]);
}
