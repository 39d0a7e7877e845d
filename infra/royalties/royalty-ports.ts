// The ports royalty payouts go through, each defaulting to the platform's own: the worker and the
// tests' in-process contracts client build the payout activities from these.
import type { PayoutExecutor, ReceiversOf, SplitPayout } from '../../domain/royalties/ports';
import { splitPayout } from '../../domain/royalties/split';
import type { Queryable } from '../db/db';
import type { EventStore } from '../eventstore/event-store';
import type { TokenLedger } from '../tokens/token-ledger';
import { createPayoutExecutor } from './payout-executor';
import { receiversOf } from './receivers-of';

/** What payouts go through; each defaults to the platform's own (the receivers read model, the split, token credits). */
export interface RoyaltyPorts {
  receiversOf?: ReceiversOf;
  payoutExecutor?: PayoutExecutor;
  splitPayout?: SplitPayout;
}

/**
 * The payout ports, the missing ones filled with the platform's own: receivers from the read model,
 * the largest-remainder split, and an executor that credits tokens (XRPL lines fall back to tokens:
 * no XRPL sender is given here; `openPayoutExecutor` builds one from XRPL_URL).
 */
export function royaltyActivityPorts(
  deps: { eventStore: EventStore; db: Queryable; tokenLedger: TokenLedger },
  ports: RoyaltyPorts,
): Required<RoyaltyPorts> {
  return {
    receiversOf: ports.receiversOf ?? receiversOf(deps.db),
    payoutExecutor: ports.payoutExecutor ?? createPayoutExecutor({ eventStore: deps.eventStore, ledger: deps.tokenLedger, xrpl: null }),
    splitPayout: ports.splitPayout ?? splitPayout,
  };
}
