// Everything the contract routes use, assembled once: the contracts' workflow client, the XRPL
// anchor, and (for the in-process client) the ports payouts go through.
import type { PayoutExecutor, ReceiversOf } from '../../domain/royalties/ports';
import { splitPayout } from '../../domain/royalties/split';
import { receiversOf } from '../../projections/receivers/queries';
import type { TokenLedger } from '../tokens/token-ledger';
import { createPayoutExecutor } from './payout-executor';
import type { Queryable } from '../db/db';
import type { EventStore } from '../eventstore/event-store';
import type { WalletServices } from '../wallets/services';
import type { XrplLedger } from '../xrpl/ledger';
import { createRoyaltyContractActivities, type RoyaltyContractActivityDeps, type SplitPayout } from '../../workflows/royalty-contract/activities';
import { inProcessRoyaltyContractClient, type RoyaltyContractClient } from '../../workflows/royalty-contract/client';
import { contractAnchor, type ContractAnchor } from './contract-anchor';

export interface RoyaltyServices {
  contracts: RoyaltyContractClient;
  anchor: ContractAnchor;
}

/** What payouts go through; each defaults to the platform's own (the receivers read model, the split, token credits). */
export interface RoyaltyPorts {
  receiversOf?: ReceiversOf;
  payoutExecutor?: PayoutExecutor;
  splitPayout?: SplitPayout;
  /** The Temporal client; the in-process client (no scheduled runs) when absent. */
  contracts?: RoyaltyContractClient;
}

/**
 * The payout ports, the missing ones filled with the platform's own: receivers from the read model,
 * the largest-remainder split, and an executor that credits tokens (XRPL lines fall back to tokens:
 * no XRPL sender is given here; `openPayoutExecutor` builds one from XRPL_URL).
 */
export function royaltyActivityPorts(
  deps: { eventStore: EventStore; db: Queryable; tokenLedger: TokenLedger },
  ports: RoyaltyPorts,
): Pick<RoyaltyContractActivityDeps, 'receiversOf' | 'payoutExecutor' | 'splitPayout'> {
  return {
    receiversOf: ports.receiversOf ?? receiversOf(deps.db),
    payoutExecutor: ports.payoutExecutor ?? createPayoutExecutor({ eventStore: deps.eventStore, ledger: deps.tokenLedger, xrpl: null }),
    splitPayout: ports.splitPayout ?? splitPayout,
  };
}

export function openRoyaltyServices(
  deps: { eventStore: EventStore; db: Queryable; wallets: WalletServices; ledger: XrplLedger; tokenLedger: TokenLedger },
  ports: RoyaltyPorts = {},
): RoyaltyServices {
  const anchor = contractAnchor({ eventStore: deps.eventStore, wallets: deps.wallets, platformAccount: deps.ledger.account, network: deps.ledger.network });
  if (ports.contracts) return { contracts: ports.contracts, anchor };
  const activities = createRoyaltyContractActivities({ eventStore: deps.eventStore, db: deps.db, ...royaltyActivityPorts(deps, ports) });
  return { contracts: inProcessRoyaltyContractClient(activities), anchor };
}
