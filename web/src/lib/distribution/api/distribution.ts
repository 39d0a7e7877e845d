// The distribution calls (docs/web-distribution.md): the stores, how releases are
// delivered here and the genres (kept 30 minutes), the creator's releases with their live delivery states, submitting a release, its
// royalty breakdown, takedown, its release package, and sales statement import. Every answer is
// parsed with its schema from domain/contracts/distribution.ts. The websocket invalidates the
// releases (and the breakdowns under them) and the statements when the distributions read model
// changes, so nothing here polls.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  coverArtUploadSchema,
  deliveryInfoSchema,
  distributeResponseSchema,
  distributionListSchema,
  genreListSchema,
  importStatementResponseSchema,
  royaltyBreakdownSchema,
  statementListSchema,
  storeListSchema,
  takedownResponseSchema,
  type CoverArtUpload,
  type DistributeRequest,
} from '../../../../../domain/contracts/distribution';
import { getParsed, parseAnswer, requestParsed, retryUnlessRefused, throwIfNotOk } from '../../api-client';
import { useOneShotMutation } from '../../one-shot-mutation';
import {
  DISTRIBUTION_ROYALTIES_SEGMENT,
  DISTRIBUTION_STATEMENTS_KEY,
  DISTRIBUTIONS_KEY,
  SMART_CONTRACTS_KEY,
  TOKEN_BALANCE_KEY,
  TOKEN_TRANSACTIONS_KEY,
  TUNECORE_DELIVERY_KEY,
  TUNECORE_GENRES_KEY,
  TUNECORE_STORES_KEY,
  USER_KEY,
  VAULT_KEY,
} from '../../query-keys';
import { downloadFile } from '../../download-file';

export type DistributeResponse = z.infer<typeof distributeResponseSchema>;
export type RoyaltyBreakdown = z.infer<typeof royaltyBreakdownSchema>['royalties'];
export type StatementList = z.infer<typeof statementListSchema>;
export type ImportStatementResponse = z.infer<typeof importStatementResponseSchema>;
export type TakedownResponse = z.infer<typeof takedownResponseSchema>;

const CATALOGUE_STALE_MS = 30 * 60_000;


const distributionUrl = (distributionId: string) => `${DISTRIBUTIONS_KEY[0]}/${encodeURIComponent(distributionId)}`;

export function useStores({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: TUNECORE_STORES_KEY,
    queryFn: async ({ signal }) => (await getParsed(storeListSchema, TUNECORE_STORES_KEY[0], { signal })).stores,
    staleTime: CATALOGUE_STALE_MS,
    enabled,
    retry: retryUnlessRefused,
  });
}

/** How releases are delivered here: a delivery partner and its stores, or the sandbox (no store, nothing charged). */
export function useDelivery({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: TUNECORE_DELIVERY_KEY,
    queryFn: ({ signal }) => getParsed(deliveryInfoSchema, TUNECORE_DELIVERY_KEY[0], { signal }),
    staleTime: CATALOGUE_STALE_MS,
    enabled,
    retry: retryUnlessRefused,
  });
}

export function useGenres({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: TUNECORE_GENRES_KEY,
    queryFn: async ({ signal }) => (await getParsed(genreListSchema, TUNECORE_GENRES_KEY[0], { signal })).genres,
    staleTime: CATALOGUE_STALE_MS,
    enabled,
    retry: retryUnlessRefused,
  });
}

export const distributionsQueryOptions = () =>
  queryOptions({
    queryKey: DISTRIBUTIONS_KEY,
    queryFn: async ({ signal }) => (await getParsed(distributionListSchema, DISTRIBUTIONS_KEY[0], { signal })).distributions,
    retry: retryUnlessRefused,
  });

/** The signed-in creator's releases, newest first as the server lists them. */
export function useDistributions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...distributionsQueryOptions(), enabled });
}

/** A release's royalties by store; under DISTRIBUTIONS_KEY, so a release change refetches it. */
export function useRoyaltyBreakdown(distributionId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...DISTRIBUTIONS_KEY, distributionId, DISTRIBUTION_ROYALTIES_SEGMENT],
    queryFn: async ({ signal }) => (await getParsed(royaltyBreakdownSchema, `${distributionUrl(distributionId)}/royalties`, { signal })).royalties,
    enabled,
    retry: retryUnlessRefused,
  });
}

export async function distribute(request: DistributeRequest): Promise<DistributeResponse> {
  return requestParsed(distributeResponseSchema, 'POST', '/api/tunecore/distribute', request);
}

/** Submitting charges the yearly fee and starts the release: never resent on our own. */
export function useDistribute() {
  return useOneShotMutation(distribute, [DISTRIBUTIONS_KEY, VAULT_KEY, TOKEN_BALANCE_KEY, TOKEN_TRANSACTIONS_KEY, USER_KEY]);
}

/** The release as taken down and a message; the list itself is refetched. */
export function takeDown(distributionId: string): Promise<TakedownResponse> {
  return requestParsed(takedownResponseSchema, 'POST', `${distributionUrl(distributionId)}/takedown`);
}

export function useTakedown() {
  return useOneShotMutation(takeDown, [DISTRIBUTIONS_KEY, SMART_CONTRACTS_KEY]);
}

/** Saves the release package (DDEX ERN XML) under a name made of the song and its UPC or id. */
export function downloadReleasePackage(release: { id: string; songName: string; upc: string | null }): Promise<void> {
  const base = release.songName.replaceAll(/[^\p{L}\p{N}]+/gu, '_').replaceAll(/^_+|_+$/g, '') || 'release';
  return downloadFile(`${distributionUrl(release.id)}/package`, `${base}_${release.upc ?? release.id}_ern.xml`);
}

export function useStatements({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: DISTRIBUTION_STATEMENTS_KEY,
    queryFn: ({ signal }) => getParsed(statementListSchema, DISTRIBUTION_STATEMENTS_KEY[0], { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

const COVER_ART_URL = '/api/tunecore/cover-art';

/** POST /api/tunecore/cover-art as multipart with the image in `file`; the server checks its type and size. */
export async function uploadCoverArt(file: File): Promise<CoverArtUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(COVER_ART_URL, { method: 'POST', credentials: 'include', body: form });
  await throwIfNotOk(response);
  return parseAnswer(coverArtUploadSchema, await response.json(), 'POST', COVER_ART_URL);
}

/** POST /api/tunecore/statements as multipart with the CSV in `file`. */
export async function importStatement(file: File): Promise<ImportStatementResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(DISTRIBUTION_STATEMENTS_KEY[0], { method: 'POST', credentials: 'include', body: form });
  await throwIfNotOk(response);
  return parseAnswer(importStatementResponseSchema, await response.json(), 'POST', DISTRIBUTION_STATEMENTS_KEY[0]);
}

/** Each line lands once, so a second import changes nothing; it is still never resent on its own. */
export function useImportStatement() {
  return useOneShotMutation(importStatement, [DISTRIBUTION_STATEMENTS_KEY, DISTRIBUTIONS_KEY, SMART_CONTRACTS_KEY]);
}
