// Reads of the reference-holds model: the holds on one holder's references, newest first.
import type { Queryable } from '../../infra/db/db';

export interface StoredReferenceHold {
  disputeId: string;
  trackTitle: string;
  uploaderName: string;
  heldAt: string;
  releasedAt: string | null;
  claimedAt: string | null;
  outcome: string | null;
  decidedAt: string | null;
  decidedByName: string | null;
  matches: { title: string; kind: 'recording' | 'music' | 'passage' | null; similarity: number; upload: { startSeconds: number; endSeconds: number } | null; reference: { startSeconds: number; endSeconds: number } | null }[];
}

interface Row {
  dispute_id: string;
  track_title: string;
  uploader_name: string;
  held_at: Date | string;
  released_at: Date | string | null;
  claimed_at: Date | string | null;
  outcome: string | null;
  decided_at: Date | string | null;
  decided_by_name: string | null;
  matches: StoredReferenceHold['matches'] | string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function listReferenceHolds(db: Queryable, holderId: string, limit = 100): Promise<StoredReferenceHold[]> {
  const { rows } = await db.query<Row>(`SELECT * FROM reference_holds WHERE holder_id = $1::uuid ORDER BY held_at DESC, dispute_id LIMIT $2`, [holderId, limit]);
  return rows.map((r) => ({
    disputeId: r.dispute_id,
    trackTitle: r.track_title,
    uploaderName: r.uploader_name,
    heldAt: iso(r.held_at)!,
    releasedAt: iso(r.released_at),
    claimedAt: iso(r.claimed_at),
    outcome: r.outcome,
    decidedAt: iso(r.decided_at),
    decidedByName: r.decided_by_name,
    matches: typeof r.matches === 'string' ? (JSON.parse(r.matches) as StoredReferenceHold['matches']) : r.matches,
  }));
}
