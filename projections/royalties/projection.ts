// The royalties read model: one row per contract (terms, deployment, earnings and what was paid
// out; a dispute's compensation counts as paid out), each earnings entry (for analytics by month
// and source), and each payout run with its lines (Royalty History). Each event applies once: a
// contract row records the stream version it has folded, and an event at or below it is a replay.
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { ROYALTY_CONTRACT_EVENT_TYPES, type RoyaltyContractEvent } from '../../domain/royalties/royalty-contract.events';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

export const royaltiesProjection: Projection = {
  name: 'royalties',
  // 3: royalty_earnings by owner and time, for the analytics overview. 4: a statement's earnings dated by its period.
  version: 4,
  tables: ['royalty_contracts', 'royalty_earnings', 'royalty_payout_runs', 'royalty_payout_lines'],
  schema: `
    CREATE TABLE IF NOT EXISTS royalty_contracts (
      contract_id text PRIMARY KEY,
      content_id text NOT NULL,
      owner_id uuid NOT NULL,
      content_title text NOT NULL,
      template_type text NOT NULL,
      status text NOT NULL,
      royalty_split integer NOT NULL,
      distribution_schedule text NOT NULL,
      minimum_threshold bigint NOT NULL,
      total_earnings bigint NOT NULL DEFAULT 0,
      distributed_amount bigint NOT NULL DEFAULT 0,
      terms jsonb NOT NULL,
      canonical text NOT NULL,
      terms_sha256 text NOT NULL,
      signature jsonb NOT NULL,
      network text NOT NULL,
      deploy_status text NOT NULL DEFAULT 'signing',
      deploy_account text,
      deploy_tx_hash text,
      deploy_reason text,
      xrp_amount text NOT NULL,
      usd_amount text NOT NULL,
      created_at timestamptz NOT NULL,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS royalty_contracts_owner_idx ON royalty_contracts (owner_id, created_at DESC);
    CREATE INDEX IF NOT EXISTS royalty_contracts_content_idx ON royalty_contracts (content_id);
    CREATE TABLE IF NOT EXISTS royalty_earnings (
      contract_id text NOT NULL,
      reference text NOT NULL,
      owner_id uuid NOT NULL,
      amount_cents bigint NOT NULL,
      source text NOT NULL,
      description text NOT NULL,
      occurred_at timestamptz NOT NULL,
      PRIMARY KEY (contract_id, reference)
    );
    CREATE INDEX IF NOT EXISTS royalty_earnings_owner_idx ON royalty_earnings (owner_id, occurred_at) INCLUDE (amount_cents, contract_id);
    CREATE TABLE IF NOT EXISTS royalty_payout_runs (
      run_id text PRIMARY KEY,
      contract_id text NOT NULL,
      owner_id uuid NOT NULL,
      trigger text NOT NULL,
      status text NOT NULL,
      amount_cents bigint NOT NULL,
      started_at timestamptz NOT NULL,
      completed_at timestamptz
    );
    CREATE INDEX IF NOT EXISTS royalty_payout_runs_owner_idx ON royalty_payout_runs (owner_id, started_at DESC);
    CREATE TABLE IF NOT EXISTS royalty_payout_lines (
      run_id text NOT NULL,
      line_index integer NOT NULL,
      party text NOT NULL,
      receiver_id text,
      user_id text,
      name text NOT NULL,
      percentage numeric NOT NULL,
      amount_cents bigint NOT NULL,
      method text,
      tx_hash text,
      reason text,
      paid_at timestamptz,
      PRIMARY KEY (run_id, line_index)
    );`,
  handles: ROYALTY_CONTRACT_EVENT_TYPES,
  async apply(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange | null> {
    const event = { type: recorded.type, data: recorded.data } as RoyaltyContractEvent;
    const at = recorded.recordedAt;
    if (event.type === 'RoyaltyContractCreated') {
      const d = event.data;
      const { rows } = await tx.query<{ owner_id: string }>(
        `INSERT INTO royalty_contracts (contract_id, content_id, owner_id, content_title, template_type, status, royalty_split, distribution_schedule,
           minimum_threshold, terms, canonical, terms_sha256, signature, network, xrp_amount, usd_amount, created_at, stream_version)
         VALUES ($1, $2, $3, $4, $5, 'active', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
         ON CONFLICT (contract_id) DO NOTHING RETURNING owner_id::text AS owner_id`,
        [d.contractId, d.contentId, d.ownerId, d.contentTitle, d.templateType, d.royaltySplit, d.distributionSchedule, d.minimumThreshold,
          JSON.stringify(d.terms), d.canonical, d.termsSha256, JSON.stringify(d.signature), d.network, d.xrpAmount, d.usdAmount, at, recorded.streamVersion],
      );
      return rows[0] ? readModelChange('royalties', recorded, rows[0].owner_id, d.contentId) : null;
    }
    // Claims the event for its contract: moves the version on, or finds it applied already.
    const claimed = await tx.query<{ owner_id: string; content_id: string }>(
      `UPDATE royalty_contracts SET stream_version = $2 WHERE contract_id = $1 AND stream_version < $2 RETURNING owner_id::text AS owner_id, content_id`,
      [event.data.contractId, recorded.streamVersion],
    );
    const contract = claimed.rows[0];
    if (!contract) return null;
    const contractId = event.data.contractId;
    switch (event.type) {
      case 'RoyaltyContractAnchorSigned':
        await tx.query(`UPDATE royalty_contracts SET deploy_account = $2, deploy_tx_hash = $3 WHERE contract_id = $1`, [contractId, event.data.account, event.data.txHash]);
        break;
      case 'RoyaltyContractAnchorStatusRecorded':
        await tx.query(`UPDATE royalty_contracts SET deploy_status = $2, deploy_reason = $3 WHERE contract_id = $1`, [contractId, event.data.status, event.data.reason]);
        break;
      case 'RoyaltyContractStatusChanged':
        await tx.query(`UPDATE royalty_contracts SET status = $2 WHERE contract_id = $1`, [contractId, event.data.status]);
        break;
      case 'RoyaltyEarningsRecorded': {
        const { amountCents, reference, source, description, period } = event.data;
        await tx.query(`UPDATE royalty_contracts SET total_earnings = total_earnings + $2 WHERE contract_id = $1`, [contractId, amountCents]);
        await tx.query(
          `INSERT INTO royalty_earnings (contract_id, reference, owner_id, amount_cents, source, description, occurred_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
          // A statement's earnings count in its month (its first day), not on the day they were recorded.
          [contractId, reference, contract.owner_id, amountCents, source, description, period === undefined ? at : `${period}-01T00:00:00.000Z`],
        );
        break;
      }
      case 'RoyaltyPayoutRunStarted': {
        const { runId, trigger, amountCents, lines } = event.data;
        await tx.query(`UPDATE royalty_contracts SET distributed_amount = distributed_amount + $2 WHERE contract_id = $1`, [contractId, amountCents]);
        await tx.query(
          `INSERT INTO royalty_payout_runs (run_id, contract_id, owner_id, trigger, status, amount_cents, started_at) VALUES ($1, $2, $3, $4, 'running', $5, $6) ON CONFLICT DO NOTHING`,
          [runId, contractId, contract.owner_id, trigger, amountCents, at],
        );
        for (const [index, line] of lines.entries()) {
          await tx.query(
            `INSERT INTO royalty_payout_lines (run_id, line_index, party, receiver_id, user_id, name, percentage, amount_cents) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
            [runId, index, line.party, line.receiverId, line.userId, line.name, line.percentage, line.amountCents],
          );
        }
        break;
      }
      case 'RoyaltyPayoutLinePaid':
        await tx.query(`UPDATE royalty_payout_lines SET method = $3, tx_hash = $4, reason = $5, paid_at = $6 WHERE run_id = $1 AND line_index = $2`, [
          event.data.runId, event.data.lineIndex, event.data.method, event.data.txHash, event.data.reason ?? null, at,
        ]);
        break;
      case 'RoyaltyPayoutRunCompleted':
        await tx.query(`UPDATE royalty_payout_runs SET status = 'completed', completed_at = $2 WHERE run_id = $1`, [event.data.runId, at]);
        break;
      case 'RoyaltyContractDisputeHoldPlaced':
      case 'RoyaltyContractDisputeHoldLifted':
        // The status they bring is its own RoyaltyContractStatusChanged.
        break;
      case 'RoyaltyCompensationDeducted':
        // Money that left pending: counted with what was paid out, so pending stays earnings minus distributed.
        await tx.query(`UPDATE royalty_contracts SET distributed_amount = distributed_amount + $2 WHERE contract_id = $1`, [contractId, event.data.amountCents]);
        break;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown royalty contract event ${JSON.stringify(unknown)}`);
      }
    }
    return readModelChange('royalties', recorded, contract.owner_id, contract.content_id);
  },
};
