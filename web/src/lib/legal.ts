// The legal documents as every screen reads them: the list (the sign-up form sends the terms'
// version it showed) and one document with its Markdown; and each document's own address,
// /legal/<id>, which opens it in a dialog over the page. Shared: the footer, the sign-up form and
// the terms-acceptance dialog all use them.
import { useQuery } from '@tanstack/react-query';
import { legalDocumentIdSchema, legalDocumentSchema, legalDocumentsResponseSchema, type LegalDocumentId } from '../../../domain/contracts/knowledge';
import { getParsed } from './api-client';
import { LEGAL_KEY } from './query-keys';

/** The documents change only with a deployment: read once per visit. */
const ONCE = { staleTime: Infinity, retry: 1 } as const;

export function useLegalDocuments() {
  return useQuery({
    queryKey: LEGAL_KEY,
    queryFn: async ({ signal }) => (await getParsed(legalDocumentsResponseSchema, LEGAL_KEY[0], { signal })).documents,
    ...ONCE,
  });
}

export function useLegalDocument(id: LegalDocumentId | null) {
  return useQuery({
    queryKey: [...LEGAL_KEY, id],
    queryFn: ({ signal }) => getParsed(legalDocumentSchema, `${LEGAL_KEY[0]}/${id}`, { signal }),
    enabled: id !== null,
    ...ONCE,
  });
}

/** The address that opens a document's dialog. */
export function legalPath(id: LegalDocumentId): string {
  return `/legal/${id}`;
}

/** The document an address (/legal/<id>) opens, or null. */
export function legalDocumentOfPath(pathname: string): LegalDocumentId | null {
  const match = /^\/legal\/([^/]+)\/?$/.exec(pathname);
  const parsed = legalDocumentIdSchema.safeParse(match?.[1]);
  return parsed.success ? parsed.data : null;
}
