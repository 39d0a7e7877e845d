// Reads of the payable money: per partner and period what its statements claimed, what it paid,
// what the funds released to the contracts and what stays unreconciled (the operations page), and
// one content item's payable claims (the creator's royalty breakdown).
import type { Queryable } from '../../infra/db/db';

export interface PartnerPeriodRow {
  partnerId: string;
  period: string;
  claimed: number;
  funded: number;
  released: number;
  unreconciled: number;
}

/** Every (partner, period) with claims or funds, newest period first. */
export async function listPartnerPeriods(db: Queryable, limit = 200): Promise<PartnerPeriodRow[]> {
  const { rows } = await db.query<{ partner_id: string; period: string; claimed: string; funded: string; released: string }>(
    `WITH claims AS (SELECT partner_id, period, sum(amount_cents) AS claimed FROM payable_claims GROUP BY partner_id, period),
          funds AS (SELECT partner_id, period, sum(amount_cents) AS funded FROM partner_funds GROUP BY partner_id, period),
          releases AS (SELECT partner_id, period, sum(amount_cents) AS released FROM payable_releases GROUP BY partner_id, period)
     SELECT k.partner_id, k.period, COALESCE(c.claimed, 0)::text AS claimed, COALESCE(f.funded, 0)::text AS funded, COALESCE(r.released, 0)::text AS released
     FROM (SELECT partner_id, period FROM claims UNION SELECT partner_id, period FROM funds) k
     LEFT JOIN claims c USING (partner_id, period) LEFT JOIN funds f USING (partner_id, period) LEFT JOIN releases r USING (partner_id, period)
     ORDER BY k.period DESC, k.partner_id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => {
    const claimed = Number(r.claimed);
    const released = Number(r.released);
    return { partnerId: r.partner_id, period: r.period, claimed, funded: Number(r.funded), released, unreconciled: claimed - released };
  });
}

/** One content item's payable claims and what the partners' funds released to them, in cents. */
export async function findPayableOfContent(db: Queryable, contentId: string, ownerId: string): Promise<{ claimed: number; released: number; unreconciled: number }> {
  const { rows } = await db.query<{ claimed: string; released: string }>(
    `SELECT (SELECT COALESCE(sum(amount_cents), 0) FROM payable_claims WHERE content_id = $1 AND owner_id = $2)::text AS claimed,
            (SELECT COALESCE(sum(amount_cents), 0) FROM payable_releases WHERE content_id = $1 AND owner_id = $2)::text AS released`,
    [contentId, ownerId],
  );
  const claimed = Number(rows[0]?.claimed ?? 0);
  const released = Number(rows[0]?.released ?? 0);
  return { claimed, released, unreconciled: claimed - released };
}
