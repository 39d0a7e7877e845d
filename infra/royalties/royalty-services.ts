// Everything the contract routes use, assembled once: the contracts' workflow client and the XRPL
// anchor; and the ports payouts go through, filled with the platform's own.
import type { PayoutExecutor, ReceiversOf, SplitPayout } from '../../domain/royalties/ports';
import { splitPayout } from '../../domain/royalties/split';
import { receiversOf } from '../../projections/receivers/queries';
import type { TokenLedger } from '../tokens/token-ledger';
import { createPayoutExecutor } from './payout-executor';
import type { Queryable } from '../db/db';
import type { EventStore } from '../eventstore/event-store';
import type { WalletServices } from '../wallets/services';
import type { XrplLedger } from '../xrpl/ledger';
import type { RoyaltyContractClient } from '../../workflows/royalty-contract/client';
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
  /** The contracts' workflow client, which the app needs: the Temporal client (route tests: the in-process one). */
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
): { receiversOf: ReceiversOf; payoutExecutor: PayoutExecutor; splitPayout: SplitPayout } {
  return {
    receiversOf: ports.receiversOf ?? receiversOf(deps.db),
    payoutExecutor: ports.payoutExecutor ?? createPayoutExecutor({ eventStore: deps.eventStore, ledger: deps.tokenLedger, xrpl: null }),
    splitPayout: ports.splitPayout ?? splitPayout,
  };
}

export function openRoyaltyServices(
  deps: { eventStore: EventStore; wallets: WalletServices; ledger: XrplLedger },
  ports: RoyaltyPorts = {},
): RoyaltyServices {
  const anchor = contractAnchor({ eventStore: deps.eventStore, wallets: deps.wallets, platformAccount: deps.ledger.account, network: deps.ledger.network });
  if (!ports.contracts) throw new Error('The royalty contracts need their workflow client (royaltyPorts.contracts)');
  return { contracts: ports.contracts, anchor };
}
