// Messages the server pushes over the websocket at /api/ws. Each is sent after the read model it
// describes has committed, so a client that refetches on receipt sees the change.
import { z } from 'zod';

export const REALTIME_PATH = '/api/ws';
/** Close code of a socket whose account an operator suspended (its sessions ended with it). */
export const ACCOUNT_SUSPENDED_CLOSE_CODE = 4403;

export const realtimeMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), userId: z.string() }),
  z.object({
    type: z.literal('event'),
    /** The read model that changed; the web maps it to the query keys to invalidate. */
    readModel: z.enum(['vault', 'user', 'tokens', 'royalties', 'receivers', 'distributions', 'works', 'proofs', 'licenses', 'disputes', 'operations', 'developer', 'generated-music', 'notifications', 'account', 'support']),
    streamId: z.string(),
    eventType: z.string(),
    /** The content item (or user) the event is about. */
    subjectId: z.string(),
    workflowId: z.string().nullable(),
    recordedAt: z.string(),
  }),
]);
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;
