// GET /api/verify/{certificateId}: the public verification of a certificate (no sign-in): its
// facts and the server's three checks (signature, file hash, ledger transaction).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerificationResponse } from '../../../../../domain/contracts/lifecycle';
import { apiGet, retryUnlessRefused } from '../../../lib/api-client';

const VERIFY_URL = '/api/verify';

export async function getVerification(certificateId: string, { signal }: { signal?: AbortSignal } = {}): Promise<VerificationResponse> {
  const verification = await apiGet<VerificationResponse>(`${VERIFY_URL}/${encodeURIComponent(certificateId)}`, { on401: 'throw', signal });
  if (!verification) throw new Error('The verification answer was empty');
  return verification;
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
