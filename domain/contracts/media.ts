// Signed media links and public previews (docs/ip-protection.md): what the API answers when a
// browser element needs a URL for a stored file or a work's preview.
import { z } from 'zod';

/** GET /api/uploads/:name/link: a signed URL to the file and when it stops working. */
export const mediaLinkResponseSchema = z.object({ url: z.string().min(1), expiresAt: z.iso.datetime() });
export type MediaLinkResponse = z.infer<typeof mediaLinkResponseSchema>;

/** How much of a work a preview plays: its first seconds. */
export const PREVIEW_SECONDS = 30;

/** GET /api/works/:id/preview: a signed URL to the work's short preview, for anyone. */
export const workPreviewResponseSchema = z.object({
  url: z.string().min(1),
  expiresAt: z.iso.datetime(),
  /** The preview's length at most (a shorter work plays whole). */
  seconds: z.number().int().positive(),
  /** What the preview is, in plain words, for the page to show beside the player. */
  note: z.string(),
});
export type WorkPreviewResponse = z.infer<typeof workPreviewResponseSchema>;
