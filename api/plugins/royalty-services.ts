// What the contract routes use, assembled once: the contracts' workflow client (given: Temporal's
// in production, an in-process one in tests) and the XRPL anchor.
import type { EventStore } from '../../infra/eventstore/event-store';
import { contractAnchor, type ContractAnchor } from '../../infra/royalties/contract-anchor';
import type { WalletServices } from '../../infra/wallets/services';
import type { XrplLedger } from '../../infra/xrpl/ledger';
import type { RoyaltyContractClient } from '../../workflows/royalty-contract/client';

export interface RoyaltyServices {
  contracts: RoyaltyContractClient;
  anchor: ContractAnchor;
}

export function openRoyaltyServices(deps: { eventStore: EventStore; wallets: WalletServices; ledger: XrplLedger }, contracts: RoyaltyContractClient): RoyaltyServices {
  const anchor = contractAnchor({ eventStore: deps.eventStore, wallets: deps.wallets, platformAccount: deps.ledger.account, network: deps.ledger.network });
  return { contracts, anchor };
}
