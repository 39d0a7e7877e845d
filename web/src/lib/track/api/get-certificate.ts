// GET /api/copyright-certificate/{id}: the certificate of a registered vault item,
// plus the addresses of its PDF (inline for the viewer, attachment to save).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { certificateResponseSchema, type CertificateResponse } from '../../../../../domain/contracts/lifecycle';
import { getParsed, retryUnlessRefused } from '../../api-client';
import { CERTIFICATE_KEY } from '../../query-keys';

const base = CERTIFICATE_KEY[0];

export const certificateUrl = (contentId: string) => `${base}/${encodeURIComponent(contentId)}`;
/** The PDF inline, for an <iframe> or a new tab. */
export const certificatePdfViewUrl = (contentId: string) => `${certificateUrl(contentId)}/view`;
/** The PDF as an attachment named pdfFileName. */
export const certificatePdfDownloadUrl = (contentId: string) => `${certificateUrl(contentId)}?format=pdf`;

export function getCertificate(contentId: string, { signal }: { signal?: AbortSignal } = {}): Promise<CertificateResponse> {
  return getParsed(certificateResponseSchema, certificateUrl(contentId), { signal });
}

export const certificateQueryOptions = (contentId: string) =>
  queryOptions({
    queryKey: [...CERTIFICATE_KEY, contentId],
    queryFn: ({ signal }) => getCertificate(contentId, { signal }),
    // A refusal (no certificate yet, not yours) is answered the same way on a second try.
    retry: retryUnlessRefused,
  });

export function useCertificate(contentId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...certificateQueryOptions(contentId), enabled });
}
