// Messages the server pushes over the websocket at /api/ws. Each is sent after the read model it
// describes has committed, so a client that refetches on receipt sees the change.
import { z } from 'zod';

export const REALTIME_PATH = '/api/ws';
/** Close code of a socket whose account an operator suspended (its sessions ended with it). */
export const ACCOUNT_SUSPENDED_CLOSE_CODE = 4403;
/** Close code of every socket when its API process stops (a deploy, a scale-in): reconnect at once and resume. */
export const SERVICE_RESTART_CLOSE_CODE = 1012;
/** The query parameter a reconnecting browser gives its last seen seq in: `/api/ws?after=<seq>`. */
export const RESUME_AFTER_PARAM = 'after';

/** A place in the change log; null for a change that was not logged (an in-process projector without the log). */
const seqSchema = z.number().int().nonnegative().nullable();

export const realtimeMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    userId: z.string(),
    /** The change log's last seq when the socket opened: where the browser resumes from if it hears nothing after. */
    seq: seqSchema,
    /**
     * True when the changes after the browser's `after` follow (before any live change): it missed
     * nothing. False when it gave none, or they are no longer kept: then it refetches everything.
     */
    resumed: z.boolean(),
  }),
  z.object({
    type: z.literal('event'),
    /** The read model that changed; the web maps it to the query keys to invalidate. */
    readModel: z.enum(['vault', 'user', 'tokens', 'royalties', 'receivers', 'distributions', 'works', 'proofs', 'licenses', 'disputes', 'operations', 'developer', 'generated-music', 'notifications', 'account', 'support', 'references']),
    streamId: z.string(),
    eventType: z.string(),
    /** The content item (or user) the event is about. */
    subjectId: z.string(),
    workflowId: z.string().nullable(),
    recordedAt: z.string(),
    /** Its place in the change log: the browser remembers the last and resumes after it. */
    seq: seqSchema,
  }),
]);
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;
