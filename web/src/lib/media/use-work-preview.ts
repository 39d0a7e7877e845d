// A registered work's public preview (docs/ip-protection.md): GET /api/works/<id>/preview hands
// anyone a signed link to its first 30 seconds as an MP3, valid 30 to 40 minutes. Asked again only
// when less than five minutes of the link are left, so a playing preview is not reloaded.
import { useQuery } from '@tanstack/react-query';
import { workPreviewResponseSchema } from '../../../../domain/contracts/media';
import { getParsed, retryUnlessRefused } from '../api-client';
import { WORK_PREVIEW_SEGMENT, WORKS_KEY } from '../query-keys';

const RENEW_BEFORE_MS = 5 * 60 * 1000;

export function useWorkPreview(workId: string, enabled = true) {
  return useQuery({
    queryKey: [...WORKS_KEY, workId, WORK_PREVIEW_SEGMENT],
    queryFn: ({ signal }) => getParsed(workPreviewResponseSchema, `${WORKS_KEY[0]}/${encodeURIComponent(workId)}/${WORK_PREVIEW_SEGMENT}`, { signal }),
    enabled,
    staleTime: (query) => (query.state.data ? Math.max(0, new Date(query.state.data.expiresAt).getTime() - Date.now() - RENEW_BEFORE_MS) : 0),
    refetchOnWindowFocus: false,
    retry: retryUnlessRefused,
  });
}
