// GET /api/verify/{certificateId}: the public verification of a certificate (no sign-in): its
// facts and the server's three checks (signature, file hash, ledger transaction).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { verificationResponseSchema, type VerificationResponse } from '../../../../../domain/contracts/lifecycle';
import { getParsed, retryUnlessRefused } from '../../../lib/api-client';

const VERIFY_URL = '/api/verify';

export function getVerification(certificateId: string, { signal }: { signal?: AbortSignal } = {}): Promise<VerificationResponse> {
  return getParsed(verificationResponseSchema, `${VERIFY_URL}/${encodeURIComponent(certificateId)}`, { signal });
}

export const verificationQueryOptions = (certificateId: string) =>
  queryOptions({
    queryKey: [VERIFY_URL, certificateId],
    queryFn: ({ signal }) => getVerification(certificateId, { signal }),
    // An unknown id is answered the same way on a second try.
    retry: retryUnlessRefused,
    // The ledger check can change (a transaction gets validated): read it fresh on each visit.
    staleTime: 0,
  });

export function useVerification(certificateId: string) {
  return useQuery({ ...verificationQueryOptions(certificateId), enabled: certificateId !== '' });
}
