// The preview routes' params and answers: a work's id, the preview file's name, and the signed
// link's payload from domain/contracts/media.ts.
import { z } from 'zod';
export { workPreviewResponseSchema } from '../../../domain/contracts/media';
export { mediaLinkQuery } from '../files';

/** `/media/previews/<work id>.mp3`. */
export const previewFileParams = z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.mp3$/i, 'A preview is named <work id>.mp3') });
