// Who holds the reference recordings a copyright check matched, read from the audio index (a
// reference's owner there is its holder's user id, owner_name the name uploaders see). The review
// case of a held upload records them so only those holders may release the hold or claim the work.
import type { ReferenceHoldersOf } from '../../domain/disputes/ports';
import type { Queryable } from '../db/db';

export function indexedReferenceHolders(db: Queryable): ReferenceHoldersOf {
  return async (referenceIds) => {
    if (referenceIds.length === 0) return new Map();
    const { rows } = await db.query<{ work_id: string; owner: string; owner_name: string }>(
      `SELECT work_id, owner, owner_name FROM audio_descriptors WHERE source = 'reference' AND work_id = ANY($1::text[])`,
      [referenceIds],
    );
    return new Map(rows.map((r) => [r.work_id, { holderId: r.owner, holderName: r.owner_name }]));
  };
}
