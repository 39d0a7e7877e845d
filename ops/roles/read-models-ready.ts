// An API process started before any projector (GOOSE_ROLE=api on a fresh database) waits until the
// leading projector has created every read model, rather than answering errors about missing tables.
import type { Queryable } from '../../infra/db/db';
import { logger } from '../../infra/logger/logger';
import { allProjections } from '../../projections/all';
import type { Projection } from '../../projections/projection';

/** Resolves once each projection has its checkpoint (its tables exist); polls every `pollMs`. */
export async function readModelsReady(db: Queryable, { pollMs = 500, projections = allProjections }: { pollMs?: number; projections?: readonly Projection[] } = {}): Promise<void> {
  const names = projections.map((projection) => projection.name);
  let told = false;
  for (;;) {
    // Before the first projector runs, projection_checkpoints itself is missing: nothing is ready.
    const { rows } = await db
      .query<{ n: number }>('SELECT count(*)::integer AS n FROM projection_checkpoints WHERE name = ANY($1::text[])', [names])
      .catch(() => ({ rows: [{ n: 0 }] }));
    if (rows[0]!.n === names.length) return;
    if (!told) logger.info('waiting for a projector to create the read models (start GOOSE_ROLE=projector)');
    told = true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
