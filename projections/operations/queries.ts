// The operations page's ledger failures, across every user: no read model of its own, it reads
// the vault (registrations that failed on the ledger), the royalties model (contract anchors the
// ledger refused, payout lines not paid as asked) and the users model for owners' names.
import type { LedgerFailuresResponse } from '../../domain/contracts/operations';
import type { Queryable } from '../../infra/db/db';

/** An XRPL engine result named in a recorded reason (tecNO_DST, tefPAST_SEQ, …). */
const RESULT_CODE = /\b(?:tec|tef|tel|tem|ter|tes)[A-Z_]+\b/;

export function resultCodeIn(reason: string | null): string | null {
  return reason?.match(RESULT_CODE)?.[0] ?? null;
}

/** What the page cannot do about each kind of failure, said plainly. */
export const LEDGER_FAILURE_NOTES = [
  'A failed registration is retried by handing the failed step back to the track\'s workflow (Retry).',
  'A contract anchor the ledger refused has no retry path here: the owner deploys the contract again from Smart Contracts.',
  'A payout line not paid as asked (credited in tokens or recorded unpaid) has no retry path here: its money is already accounted for in the contract.',
];

/** How many of each list are answered, newest first. */
export const LEDGER_FAILURES_LIMIT = 200;

export async function listLedgerFailures(db: Queryable): Promise<Omit<LedgerFailuresResponse, 'notes'>> {
  const registrations = await db.query<{
    id: string; owner_id: string; username: string | null; title: string; result_code: string | null; reason: string; tx_hash: string | null; updated_at: Date; retries: number;
  }>(
    `SELECT v.id::text AS id, v.owner_id::text AS owner_id, u.username, v.state->'upload'->>'title' AS title,
            v.state->'stages'->'failure'->>'resultCode' AS result_code, v.state->'stages'->'failure'->>'reason' AS reason,
            COALESCE(v.state->'stages'->'registration'->'submitted'->>'txHash', v.state->'stages'->'registration'->'signed'->>'txHash') AS tx_hash,
            v.updated_at, COALESCE((v.state->'stages'->'registration'->>'retries')::int, 0) AS retries
       FROM vault_items v LEFT JOIN users u ON u.id = v.owner_id
      WHERE v.state->>'status' = 'probed' AND v.state->'stages'->'failure'->>'step' = 'register'
      ORDER BY v.updated_at DESC LIMIT $1`,
    [LEDGER_FAILURES_LIMIT],
  );
  const anchors = await db.query<{
    contract_id: string; content_id: string; content_title: string; owner_id: string; username: string | null; network: string; deploy_reason: string | null; deploy_tx_hash: string | null; created_at: Date;
  }>(
    `SELECT c.contract_id, c.content_id, c.content_title, c.owner_id::text AS owner_id, u.username, c.network, c.deploy_reason, c.deploy_tx_hash, c.created_at
       FROM royalty_contracts c LEFT JOIN users u ON u.id = c.owner_id
      WHERE c.deploy_status = 'failed' ORDER BY c.created_at DESC LIMIT $1`,
    [LEDGER_FAILURES_LIMIT],
  );
  const payouts = await db.query<{
    contract_id: string; content_title: string; owner_id: string; run_id: string; line_index: number; name: string; amount_cents: string; method: string | null; reason: string; paid_at: Date | null;
  }>(
    `SELECT r.contract_id, c.content_title, r.owner_id::text AS owner_id, l.run_id, l.line_index, l.name, l.amount_cents::text AS amount_cents, l.method, l.reason, l.paid_at
       FROM royalty_payout_lines l JOIN royalty_payout_runs r ON r.run_id = l.run_id JOIN royalty_contracts c ON c.contract_id = r.contract_id
      WHERE l.reason IS NOT NULL ORDER BY l.paid_at DESC NULLS LAST, l.run_id, l.line_index LIMIT $1`,
    [LEDGER_FAILURES_LIMIT],
  );
  return {
    registrations: registrations.rows.map((r) => ({
      trackId: r.id, title: r.title, ownerId: r.owner_id, ownerName: r.username, resultCode: r.result_code, reason: r.reason, txHash: r.tx_hash,
      failedAt: new Date(r.updated_at).toISOString(), retries: Number(r.retries),
    })),
    contractAnchors: anchors.rows.map((a) => ({
      contractId: a.contract_id, contentId: a.content_id, contentTitle: a.content_title, ownerId: a.owner_id, ownerName: a.username, network: a.network,
      resultCode: resultCodeIn(a.deploy_reason), reason: a.deploy_reason, txHash: a.deploy_tx_hash, createdAt: new Date(a.created_at).toISOString(),
    })),
    payouts: payouts.rows.map((p) => ({
      contractId: p.contract_id, contentTitle: p.content_title, ownerId: p.owner_id, runId: p.run_id, lineIndex: Number(p.line_index), recipient: p.name,
      amountCents: Number(p.amount_cents), method: p.method, resultCode: resultCodeIn(p.reason), reason: p.reason, at: p.paid_at ? new Date(p.paid_at).toISOString() : null,
    })),
  };
}
