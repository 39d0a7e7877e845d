// HTTP payloads of the holds on a rights holder's references: the uploads the copyright check held
// because they matched a reference of theirs, with the held upload's title and the matched passages
// (never the uploader's files), and what the holder may do: release the hold or claim the work
// through the case (POST /api/disputes/{id}/release-hold, /claim).
import { z } from 'zod';
import { DISPUTE_ACTIONS } from './disputes';

const range = z.object({ startSeconds: z.number(), endSeconds: z.number() });

export const REFERENCE_HOLD_STATES = ['held', 'released', 'claimed', 'cleared', 'refused'] as const;

export const referenceHoldSchema = z.object({
  /** The review case (GET /api/disputes/{id}). */
  disputeId: z.string(),
  trackTitle: z.string(),
  /** The uploader's public username. */
  uploaderName: z.string(),
  heldAt: z.string(),
  /** held: waiting for the holder or a reviewer; released / claimed: the holder's step; cleared / refused: decided. */
  state: z.enum(REFERENCE_HOLD_STATES),
  /** The holder's references the upload matched, with the stretch in the upload and in the reference. */
  matches: z.array(
    z.object({
      title: z.string(),
      kind: z.enum(['recording', 'music', 'passage']).nullable(),
      similarity: z.number(),
      upload: range.nullable(),
      reference: range.nullable(),
    }),
  ),
  /** Who decided and how, once decided. */
  decision: z.object({ outcome: z.string(), byName: z.string(), decidedAt: z.string() }).nullable(),
  /** The held upload's checked audio, as the reviewer hears it (while the case is open to the holder). */
  audioUrl: z.string(),
  /** What the holder may do now (release_hold, claim_work; add_evidence and message once they claimed). */
  allowedActions: z.array(z.enum(DISPUTE_ACTIONS)),
});
export type ReferenceHold = z.infer<typeof referenceHoldSchema>;

export const referenceHoldListSchema = z.object({ holds: z.array(referenceHoldSchema) });
export type ReferenceHoldList = z.infer<typeof referenceHoldListSchema>;
