// Reads of the royalties read model, shaped as the API's contracts, payout runs and analytics.
import type { Contract, PayoutRun } from '../../domain/contracts/royalties';
import { nextDistributionAt } from '../../domain/royalties/schedule';
import type { ContractStatus, ContractTemplate, DistributionSchedule } from '../../domain/royalties/terms';
import type { Queryable } from '../../infra/db/db';
import { explorerLinks, type XrplNetwork } from '../../infra/xrpl/ledger';

interface ContractRow {
  contract_id: string;
  content_id: string;
  owner_id: string;
  content_title: string;
  template_type: ContractTemplate;
  status: ContractStatus;
  royalty_split: number;
  distribution_schedule: DistributionSchedule;
  minimum_threshold: string;
  total_earnings: string;
  distributed_amount: string;
  terms: Record<string, unknown>;
  canonical: string;
  terms_sha256: string;
  signature: { algorithm: 'Ed25519'; keyId: string; publicKey: string; value: string };
  network: string;
  deploy_status: Contract['deployment']['status'];
  deploy_account: string | null;
  deploy_tx_hash: string | null;
  deploy_reason: string | null;
  xrp_amount: string;
  usd_amount: string;
  created_at: Date;
}

const COLUMNS = `contract_id, content_id, owner_id::text AS owner_id, content_title, template_type, status, royalty_split, distribution_schedule,
  minimum_threshold::text, total_earnings::text, distributed_amount::text, terms, canonical, terms_sha256, signature, network, deploy_status,
  deploy_account, deploy_tx_hash, deploy_reason, xrp_amount, usd_amount, created_at`;

export interface StoredContract {
  contract: Contract;
  ownerId: string;
  signedTerms: { terms: Record<string, unknown>; canonical: string; sha256: string; signature: ContractRow['signature'] };
}

function toContract(row: ContractRow, now: Date): StoredContract {
  const totalEarnings = Number(row.total_earnings);
  const distributedAmount = Number(row.distributed_amount);
  const next = row.status === 'active' ? nextDistributionAt(row.created_at, row.distribution_schedule, now) : null;
  const onLedger = row.deploy_tx_hash && (row.deploy_status === 'submitted' || row.deploy_status === 'validated');
  return {
    ownerId: row.owner_id,
    signedTerms: { terms: row.terms, canonical: row.canonical, sha256: row.terms_sha256, signature: row.signature },
    contract: {
      contractId: row.contract_id,
      contentId: row.content_id,
      contentTitle: row.content_title,
      templateType: row.template_type,
      contractStatus: row.status,
      royaltySplit: row.royalty_split,
      platformShare: 100 - row.royalty_split,
      distributionSchedule: row.distribution_schedule,
      minimumThreshold: Number(row.minimum_threshold),
      totalEarnings,
      distributedAmount,
      pendingAmount: totalEarnings - distributedAmount,
      nextDistribution: next ? next.toISOString() : null,
      termsSha256: row.terms_sha256,
      deployment: {
        status: row.deploy_status,
        network: row.network,
        account: row.deploy_account,
        txHash: row.deploy_tx_hash,
        xrpAmount: row.xrp_amount,
        usdAmount: row.usd_amount,
        reason: row.deploy_reason,
        explorerUrl: onLedger ? explorerLinks(row.network as XrplNetwork, row.deploy_tx_hash!).xrpscan : null,
      },
      createdAt: row.created_at.toISOString(),
    },
  };
}

export async function listContracts(db: Queryable, ownerId: string, now = new Date()): Promise<Contract[]> {
  const { rows } = await db.query<ContractRow>(`SELECT ${COLUMNS} FROM royalty_contracts WHERE owner_id = $1 ORDER BY created_at DESC, contract_id`, [ownerId]);
  return rows.map((row) => toContract(row, now).contract);
}

export async function findContract(db: Queryable, contractId: string, now = new Date()): Promise<StoredContract | null> {
  const { rows } = await db.query<ContractRow>(`SELECT ${COLUMNS} FROM royalty_contracts WHERE contract_id = $1`, [contractId]);
  return rows[0] ? toContract(rows[0], now) : null;
}

/** The content's contract (the latest, should there ever be more than one). */
export async function findContractByContent(db: Queryable, contentId: string, now = new Date()): Promise<StoredContract | null> {
  const { rows } = await db.query<ContractRow>(`SELECT ${COLUMNS} FROM royalty_contracts WHERE content_id = $1 ORDER BY created_at DESC LIMIT 1`, [contentId]);
  return rows[0] ? toContract(rows[0], now) : null;
}

interface RunRow {
  run_id: string;
  contract_id: string;
  content_title: string;
  trigger: PayoutRun['trigger'];
  status: PayoutRun['status'];
  amount_cents: string;
  started_at: Date;
  completed_at: Date | null;
  lines: Array<{ party: 'platform' | 'creator' | 'receiver'; receiver_id: string | null; name: string; percentage: string | number; amount_cents: number; method: PayoutRun['lines'][number]['method'] | null; tx_hash: string | null; reason: string | null }>;
}

/** The owner's payout runs, newest first, each with its lines in order. */
export async function listPayoutRuns(db: Queryable, ownerId: string, contractId?: string): Promise<PayoutRun[]> {
  const { rows } = await db.query<RunRow>(
    `SELECT r.run_id, r.contract_id, c.content_title, r.trigger, r.status, r.amount_cents::text, r.started_at, r.completed_at,
       coalesce((SELECT json_agg(json_build_object('party', l.party, 'receiver_id', l.receiver_id, 'name', l.name, 'percentage', l.percentage,
         'amount_cents', l.amount_cents, 'method', l.method, 'tx_hash', l.tx_hash, 'reason', l.reason) ORDER BY l.line_index) FROM royalty_payout_lines l WHERE l.run_id = r.run_id), '[]') AS lines
     FROM royalty_payout_runs r JOIN royalty_contracts c ON c.contract_id = r.contract_id
     WHERE r.owner_id = $1 AND ($2::text IS NULL OR r.contract_id = $2)
     ORDER BY r.started_at DESC, r.run_id`,
    [ownerId, contractId ?? null],
  );
  return rows.map(toPayoutRun);
}

export async function findPayoutRun(db: Queryable, runId: string): Promise<PayoutRun | null> {
  const { rows } = await db.query<{ owner_id: string }>('SELECT owner_id::text AS owner_id, contract_id FROM royalty_payout_runs WHERE run_id = $1', [runId]);
  if (!rows[0]) return null;
  const runs = await listPayoutRuns(db, rows[0].owner_id);
  return runs.find((run) => run.runId === runId) ?? null;
}

function toPayoutRun(row: RunRow): PayoutRun {
  return {
    runId: row.run_id,
    contractId: row.contract_id,
    contentTitle: row.content_title,
    trigger: row.trigger,
    status: row.status,
    amount: Number(row.amount_cents),
    lines: row.lines.map((line) => ({
      party: line.party,
      receiverId: line.receiver_id,
      name: line.name,
      percentage: Number(line.percentage),
      amount: Number(line.amount_cents),
      // A line not yet paid shows how it will be treated: the platform's share is kept, the rest credited.
      method: line.method ?? (line.party === 'platform' ? 'recorded' : 'token_credit'),
      txHash: line.tx_hash,
      reason: line.reason,
    })),
    startedAt: row.started_at.toISOString(),
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
  };
}

export interface RoyaltyAnalytics {
  totals: { totalEarnings: number; distributed: number; pending: number; contracts: number; receivers: number; payouts: number };
  byMonth: Array<{ month: string; earnings: number; distributed: number }>;
  bySource: Array<{ source: string; amount: number }>;
  byContract: Array<{ contractId: string; contentTitle: string; totalEarnings: number; distributedAmount: number; pendingAmount: number }>;
}

/** The owner's figures, each summed from the recorded earnings and payout runs. */
export async function royaltyAnalytics(db: Queryable, ownerId: string): Promise<RoyaltyAnalytics> {
  const contracts = await listContracts(db, ownerId);
  const months = await royaltiesByBucket(db, ownerId, null, 'month');
  const { rows: sources } = await db.query<{ source: string; amount: string }>(
    'SELECT source, sum(amount_cents)::text AS amount FROM royalty_earnings WHERE owner_id = $1 GROUP BY source ORDER BY source',
    [ownerId],
  );
  const { rows: counts } = await db.query<{ payouts: string; receivers: string }>(
    `SELECT (SELECT count(*) FROM royalty_payout_runs WHERE owner_id = $1)::text AS payouts,
       (SELECT count(DISTINCT l.receiver_id) FROM royalty_payout_lines l JOIN royalty_payout_runs r ON r.run_id = l.run_id WHERE r.owner_id = $1 AND l.receiver_id IS NOT NULL)::text AS receivers`,
    [ownerId],
  );
  const totalEarnings = contracts.reduce((sum, c) => sum + c.totalEarnings, 0);
  const distributed = contracts.reduce((sum, c) => sum + c.distributedAmount, 0);
  return {
    totals: {
      totalEarnings,
      distributed,
      pending: totalEarnings - distributed,
      contracts: contracts.length,
      receivers: Number(counts[0]?.receivers ?? 0),
      payouts: Number(counts[0]?.payouts ?? 0),
    },
    byMonth: months.map((m) => ({ month: m.bucket, earnings: m.earnings, distributed: m.distributed })),
    bySource: sources.map((s) => ({ source: s.source, amount: Number(s.amount) })),
    byContract: contracts.map((c) => ({ contractId: c.contractId, contentTitle: c.contentTitle, totalEarnings: c.totalEarnings, distributedAmount: c.distributedAmount, pendingAmount: c.pendingAmount })),
  };
}

/**
 * The owner's recorded earnings and the payout runs started, per UTC day (YYYY-MM-DD) or month
 * (YYYY-MM), since `since` (all when null).
 */
export async function royaltiesByBucket(db: Queryable, ownerId: string, since: Date | null, bucket: 'day' | 'month'): Promise<Array<{ bucket: string; earnings: number; distributed: number }>> {
  const { rows } = await db.query<{ bucket: string; earnings: string; distributed: string }>(
    `SELECT to_char(at, $4) AS bucket, sum(earnings)::text AS earnings, sum(distributed)::text AS distributed FROM (
       SELECT date_trunc($3, occurred_at AT TIME ZONE 'UTC') AS at, sum(amount_cents) AS earnings, 0 AS distributed
         FROM royalty_earnings WHERE owner_id = $1 AND ($2::timestamptz IS NULL OR occurred_at >= $2) GROUP BY 1
       UNION ALL
       SELECT date_trunc($3, started_at AT TIME ZONE 'UTC'), 0, sum(amount_cents)
         FROM royalty_payout_runs WHERE owner_id = $1 AND ($2::timestamptz IS NULL OR started_at >= $2) GROUP BY 1
     ) m GROUP BY at ORDER BY at`,
    [ownerId, since, bucket, bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'],
  );
  return rows.map((row) => ({ bucket: row.bucket, earnings: Number(row.earnings), distributed: Number(row.distributed) }));
}

/** What the owner's contracts earned and have not paid out yet, and the payout runs started since `since` (all when null). */
export async function payoutSummary(db: Queryable, ownerId: string, since: Date | null): Promise<{ pending: number; runs: number; running: number }> {
  const { rows } = await db.query<{ pending: string | null; runs: string; running: string }>(
    `SELECT (SELECT sum(total_earnings - distributed_amount) FROM royalty_contracts WHERE owner_id = $1)::text AS pending,
       count(*)::text AS runs, count(*) FILTER (WHERE status = 'running')::text AS running
     FROM royalty_payout_runs WHERE owner_id = $1 AND ($2::timestamptz IS NULL OR started_at >= $2)`,
    [ownerId, since],
  );
  const row = rows[0]!;
  return { pending: Number(row.pending ?? 0), runs: Number(row.runs), running: Number(row.running) };
}

/** The owner's tracks that earned most since `since` (all when null), by their contracts' recorded earnings. */
export async function topEarningContents(db: Queryable, ownerId: string, since: Date | null, limit: number): Promise<Array<{ contentId: string; title: string; amount: number }>> {
  const { rows } = await db.query<{ content_id: string; content_title: string; amount: string }>(
    `SELECT c.content_id, c.content_title, e.amount::text FROM (
       SELECT contract_id, sum(amount_cents) AS amount FROM royalty_earnings WHERE owner_id = $1 AND ($2::timestamptz IS NULL OR occurred_at >= $2) GROUP BY contract_id
     ) e JOIN royalty_contracts c ON c.contract_id = e.contract_id ORDER BY e.amount DESC, c.content_title LIMIT $3`,
    [ownerId, since, limit],
  );
  return rows.map((row) => ({ contentId: row.content_id, title: row.content_title, amount: Number(row.amount) }));
}

/** The owner's latest earnings and payout runs, newest first: the royalties' part of the recent activity. */
export async function recentRoyaltyEvents(db: Queryable, ownerId: string, limit: number): Promise<Array<{ kind: 'earnings' | 'payout'; title: string; description: string; amount: number; status: string | null; at: Date }>> {
  const { rows } = await db.query<{ kind: 'earnings' | 'payout'; title: string; description: string; amount: string; status: string | null; at: Date }>(
    `(SELECT 'earnings' AS kind, c.content_title AS title, e.description, e.amount_cents::text AS amount, NULL AS status, e.occurred_at AS at
        FROM royalty_earnings e JOIN royalty_contracts c ON c.contract_id = e.contract_id WHERE e.owner_id = $1 ORDER BY e.occurred_at DESC LIMIT $2)
     UNION ALL
     (SELECT 'payout', c.content_title, r.trigger, r.amount_cents::text, r.status, coalesce(r.completed_at, r.started_at)
        FROM royalty_payout_runs r JOIN royalty_contracts c ON c.contract_id = r.contract_id WHERE r.owner_id = $1 ORDER BY r.started_at DESC LIMIT $2)`,
    [ownerId, limit],
  );
  return rows.map((row) => ({ kind: row.kind, title: row.title, description: row.description, amount: Number(row.amount), status: row.status, at: row.at }));
}
