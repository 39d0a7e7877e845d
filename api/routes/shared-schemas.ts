// Request shapes many route areas share.
import { z } from 'zod';

/** `/:id` of any stored item: ids are opaque here (UUIDs, content-derived ids); what is unknown answers 404. */
export const idParams = z.object({ id: z.string().min(1).max(200) });
