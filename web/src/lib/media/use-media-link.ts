// Signed, expiring media links for the browser's players and downloads (docs/ip-protection.md):
// a stored file's `/uploads/<name>` path is swapped for the signed URL GET /api/uploads/<name>/link
// hands its owner. The server rounds expiries to ten minutes, so asking again within that time
// gives the same URL and a playing <audio> is not reloaded; the link is asked for again only when
// less than five minutes of it are left. Other sources pass through unchanged.
import { useQuery } from '@tanstack/react-query';
import { mediaLinkResponseSchema } from '../../../../domain/contracts/media';
import { getParsed, requestParsed } from '../api-client';
import { MEDIA_LINK_KEY } from '../query-keys';

const UPLOAD_PATH = /^\/uploads\/([A-Za-z0-9][A-Za-z0-9._-]*)$/;
const RENEW_BEFORE_MS = 5 * 60 * 1000;

/** The stored file's name when `src` is a bare `/uploads/<name>` path, else null. */
export function storedNameOf(src: string | null | undefined): string | null {
  return (src && UPLOAD_PATH.exec(src)?.[1]) ?? null;
}

const linkUrl = (storedName: string) => `${MEDIA_LINK_KEY[0]}/${encodeURIComponent(storedName)}/link`;

/** A signed URL for `src` when it is a stored file (undefined while it is asked for or when refused); `src` itself otherwise. */
export function useMediaLink(src: string | null | undefined): string | undefined {
  const storedName = storedNameOf(src);
  const link = useQuery({
    queryKey: [...MEDIA_LINK_KEY, storedName, 'link'],
    queryFn: ({ signal }) => getParsed(mediaLinkResponseSchema, linkUrl(storedName!), { signal }),
    enabled: storedName !== null,
    staleTime: (query) => (query.state.data ? Math.max(0, new Date(query.state.data.expiresAt).getTime() - Date.now() - RENEW_BEFORE_MS) : 0),
    refetchOnWindowFocus: false,
    retry: false,
  });
  if (storedName === null) return src ?? undefined;
  return link.data?.url;
}

/** A fresh signed URL for a download about to start (the path itself when it is not a stored file). */
export async function signedMediaUrl(src: string): Promise<string> {
  const storedName = storedNameOf(src);
  if (storedName === null) return src;
  return (await requestParsed(mediaLinkResponseSchema, 'GET', linkUrl(storedName))).url;
}
