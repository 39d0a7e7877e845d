// What belongs to one user, found through the read models' owner columns: the streams a data
// export copies, the API keys and license offers a deletion revokes and withdraws, and the facts
// that block a deletion. Reads only; every change goes through the aggregates' deciders.
import type { DeletionFacts } from '../../domain/account-data/deletion-rules';
import { disputeStreamId } from '../../domain/disputes/dispute.events';
import { apiKeyStreamId } from '../../domain/developer/api-key.events';
import { generationStreamId } from '../../domain/creation/generation.events';
import { releaseStreamId } from '../../domain/distribution/release.events';
import { salesStatementStreamId } from '../../domain/distribution/sales-statement.events';
import { supportConversationStreamId } from '../../domain/support/agent-conversation.events';
import { supportTicketStreamId } from '../../domain/support/support-ticket.events';
import { waitingListStreamId } from '../../domain/waiting-list/waiting-list.events';
import { userStreamId } from '../../domain/identity/user.events';
import { inboxStreamId } from '../../domain/notifications/inbox.events';
import { licenseStreamId } from '../../domain/licensing/license.decider';
import { licenseOfferStreamId } from '../../domain/licensing/license-offer.decider';
import { paymentCustomerStreamId } from '../../domain/payments/payment-customer.events';
import { workStreamId } from '../../domain/registry/work.events';
import { royaltyContractStreamId } from '../../domain/royalties/royalty-contract.events';
import { royaltyReceiversStreamId } from '../../domain/royalties/royalty-receivers.events';
import { tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { trackStreamId } from '../../domain/track/track.events';
import { walletsStreamId } from '../../domain/wallets/wallet.events';
import type { Queryable } from '../db/db';

/** One kind of the user's records: the read model table that lists them and the stream each id names. */
interface OwnedKind {
  /** The folder of the archive its streams go in. */
  folder: string;
  sql: string;
  streamOf(id: string): string;
}

const OWNED_KINDS: readonly OwnedKind[] = [
  { folder: 'tracks', sql: 'SELECT id::text AS id FROM vault_items WHERE owner_id = $1', streamOf: trackStreamId },
  { folder: 'works', sql: 'SELECT id FROM registry_works WHERE owner_id = $1', streamOf: workStreamId },
  { folder: 'generations', sql: 'SELECT generation_id::text AS id FROM generated_music WHERE owner_id = $1', streamOf: generationStreamId },
  { folder: 'contracts', sql: 'SELECT contract_id AS id FROM royalty_contracts WHERE owner_id = $1', streamOf: royaltyContractStreamId },
  { folder: 'receivers', sql: 'SELECT DISTINCT content_id::text AS id FROM royalty_receivers WHERE owner_id = $1', streamOf: royaltyReceiversStreamId },
  { folder: 'releases', sql: 'SELECT id::text AS id FROM distributions WHERE owner_id = $1', streamOf: releaseStreamId },
  { folder: 'statements', sql: 'SELECT statement_id AS id FROM statements WHERE importer_id = $1::text', streamOf: salesStatementStreamId },
  { folder: 'license-offers', sql: 'SELECT offer_id::text AS id FROM marketplace_offers WHERE owner_id = $1', streamOf: licenseOfferStreamId },
  { folder: 'licenses', sql: 'SELECT id::text AS id FROM purchased_licenses WHERE owner_id = $1 OR buyer_id = $1', streamOf: licenseStreamId },
  { folder: 'disputes', sql: 'SELECT id::text AS id FROM disputes WHERE owner_id = $1 OR claimant_id = $1', streamOf: disputeStreamId },
  { folder: 'api-keys', sql: 'SELECT id FROM api_keys WHERE owner_id = $1::text', streamOf: apiKeyStreamId },
  { folder: 'support-tickets', sql: 'SELECT id FROM support_tickets WHERE requester_id = $1', streamOf: supportTicketStreamId },
  { folder: 'support-conversations', sql: 'SELECT conversation_id AS id FROM support_agent_conversations WHERE user_id = $1::text', streamOf: supportConversationStreamId },
  { folder: 'waiting-list', sql: 'SELECT entry_id AS id FROM waiting_list_entries WHERE user_id = $1::text', streamOf: waitingListStreamId },
];

export interface OwnedStream {
  folder: string;
  streamId: string;
}

/** Every stream of the user's: their account, token account, wallets and payment customer, and each record the read models list as theirs. */
export async function ownedStreams(db: Queryable, userId: string): Promise<OwnedStream[]> {
  const own: OwnedStream[] = [
    { folder: 'account', streamId: userStreamId(userId) },
    { folder: 'account', streamId: tokenAccountStreamId(userId) },
    { folder: 'account', streamId: walletsStreamId(userId) },
    { folder: 'account', streamId: paymentCustomerStreamId(userId) },
    // Notifications read, deleted and preferences chosen.
    { folder: 'account', streamId: inboxStreamId(userId) },
  ];
  for (const kind of OWNED_KINDS) {
    const { rows } = await db.query<{ id: string }>(kind.sql, [userId]);
    for (const row of rows) own.push({ folder: kind.folder, streamId: kind.streamOf(row.id) });
  }
  const seen = new Set<string>();
  return own.filter((stream) => !seen.has(stream.streamId) && seen.add(stream.streamId));
}

/** The user's API keys not revoked yet (active or suspended): a deletion revokes them. */
export async function unrevokedApiKeys(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM api_keys WHERE owner_id = $1::text AND status <> 'revoked' ORDER BY created_at`, [userId]);
  return rows.map((row) => row.id);
}

/** The user's license offers still on the marketplace: a deletion withdraws them. */
export async function activeOffers(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ offer_id: string }>(`SELECT offer_id::text AS offer_id FROM marketplace_offers WHERE owner_id = $1 AND status = 'active' ORDER BY created_at`, [userId]);
  return rows.map((row) => row.offer_id);
}

/** The stored names of the user's export archives in the file store: a deletion removes them. */
export async function exportArchives(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ stored_name: string }>('SELECT stored_name FROM account_exports WHERE owner_id = $1 AND stored_name IS NOT NULL', [userId]);
  return rows.map((row) => row.stored_name);
}

/** The facts the deletion rules (domain/account-data/deletion-rules.ts) decide on. */
export async function deletionFacts(db: Queryable, userId: string): Promise<DeletionFacts> {
  const { rows } = await db.query<{ open_disputes: string; unpaid_cents: string; pending_payouts: string; balance_micros: string; held_micros: string }>(
    `SELECT
       (SELECT count(*) FROM disputes WHERE (owner_id = $1 OR claimant_id = $1) AND status NOT IN ('resolved', 'dismissed'))::text AS open_disputes,
       (SELECT coalesce(sum(greatest(total_earnings - distributed_amount, 0)), 0) FROM royalty_contracts WHERE owner_id = $1)::text AS unpaid_cents,
       (SELECT count(*) FROM royalty_payout_runs WHERE owner_id = $1 AND status = 'running')::text AS pending_payouts,
       (SELECT coalesce(max(balance_micros), 0) FROM token_accounts WHERE user_id = $1)::text AS balance_micros,
       (SELECT coalesce(max(held_micros), 0) FROM token_accounts WHERE user_id = $1)::text AS held_micros`,
    [userId],
  );
  const row = rows[0]!;
  return {
    openDisputes: Number(row.open_disputes),
    unpaidEarningsCents: Number(row.unpaid_cents),
    pendingPayouts: Number(row.pending_payouts),
    tokenBalanceMicros: Number(row.balance_micros),
    heldTokenMicros: Number(row.held_micros),
  };
}
