// What the lifecycle routes share: finding the signed-in owner's track, refusing a command the
// track cannot take now (409 with the reason), the workflow input rebuilt from the track's
// upload, and waiting for the read model to show what a finished command recorded.
import type { FastifyRequest } from 'fastify';
import type { VaultItem } from '../../../domain/contracts/vault';
import { refusal } from '../../../domain/track/track.decider';
import type { Queryable } from '../../../infra/db/db';
import { findOwnedTrack, toVaultItem, type VaultRow } from '../../../projections/vault/queries';
import type { CommandContext, TrackLifecycleInput } from '../../../workflows/track-lifecycle/shared';
import { requireUserId } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';

export async function ownedTrack(db: Queryable, request: FastifyRequest, id: string): Promise<{ ownerId: string; row: VaultRow }> {
  const ownerId = requireUserId(request);
  const row = await findOwnedTrack(db, ownerId, id);
  if (!row) throw new HttpError(404, `No content item with id ${id}`);
  return { ownerId, row };
}

/** 409 with the reason when the track cannot take `command` now. */
export function refuseUnlessAllowed(row: VaultRow, command: Parameters<typeof refusal>[1]): void {
  const why = refusal(row.state, command);
  if (why) throw new HttpError(409, why);
}

export function commandContext(request: FastifyRequest, ownerId: string): CommandContext {
  return { correlationId: request.id, actor: `user:${ownerId}` };
}

/** The workflow's input, for a track whose workflow run must be started again. */
export function lifecycleInput(row: VaultRow, context: CommandContext): TrackLifecycleInput {
  if (row.state.status === 'none') throw new HttpError(409, 'The upload has not been received yet');
  const upload = row.state.upload;
  return {
    trackId: row.id,
    ownerId: upload.ownerId,
    title: upload.title,
    description: upload.description,
    contentType: upload.contentType,
    royaltySplit: upload.royaltySplit,
    genre: upload.genre,
    originalName: upload.originalName,
    // Intake has run: a new run finds the file stored and does not look in staging.
    stagingName: `${row.id}.part`,
    detectedExtension: upload.detectedExtension,
    detectedMimeType: upload.detectedMimeType,
    size: upload.size,
    ...context,
  };
}

/** The track's vault item once the read model shows `done` (it trails the event store by a moment). */
export async function viewWhen(db: Queryable, ownerId: string, trackId: string, done: (item: VaultItem) => boolean, timeoutMs = 5000): Promise<VaultItem> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await findOwnedTrack(db, ownerId, trackId);
    if (!row) throw new HttpError(404, `No content item with id ${trackId}`);
    const item = toVaultItem(row);
    if (done(item) || Date.now() > deadline) return item;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The origin the browser used, for links in certificates (PUBLIC_URL wins when set). */
export function publicOrigin(request: FastifyRequest): string {
  const configured = process.env.PUBLIC_URL?.replace(/\/+$/, '');
  if (configured) return configured;
  return `${request.protocol}://${request.host}`;
}
