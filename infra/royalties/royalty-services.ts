// Everything the contract routes use, assembled once: the contracts' workflow client, the XRPL
// anchor, and (for the in-process client) the ports payouts go through. The receivers, the split and
// the payout executor come from their own modules where the app is assembled; until they are given,
// payouts say plainly that they are not wired rather than pay anything.
import type { PayoutExecutor, ReceiversOf } from '../../domain/royalties/ports';
import type { Queryable } from '../db/db';
import type { EventStore } from '../eventstore/event-store';
import type { WalletServices } from '../wallets/services';
import type { XrplLedger } from '../xrpl/ledger';
import { createRoyaltyContractActivities, type SplitPayout } from '../../workflows/royalty-contract/activities';
import { inProcessRoyaltyContractClient, type RoyaltyContractClient } from '../../workflows/royalty-contract/client';
import { contractAnchor, type ContractAnchor } from './contract-anchor';

export interface RoyaltyServices {
  contracts: RoyaltyContractClient;
  anchor: ContractAnchor;
}

export interface RoyaltyPorts {
  receiversOf?: ReceiversOf;
  payoutExecutor?: PayoutExecutor;
  splitPayout?: SplitPayout;
  /** The Temporal client; the in-process client (no scheduled runs) when absent. */
  contracts?: RoyaltyContractClient;
}

export const PAYOUTS_NOT_WIRED = 'Payouts are not wired on this server (no payout executor or split was given to the app)';

const noReceivers: ReceiversOf = async () => [];

export function openRoyaltyServices(deps: { eventStore: EventStore; db: Queryable; wallets: WalletServices; ledger: XrplLedger }, ports: RoyaltyPorts = {}): RoyaltyServices {
  const anchor = contractAnchor({ eventStore: deps.eventStore, wallets: deps.wallets, platformAccount: deps.ledger.account, network: deps.ledger.network });
  if (ports.contracts) return { contracts: ports.contracts, anchor };
  const unwired = () => {
    throw new Error(PAYOUTS_NOT_WIRED);
  };
  const activities = createRoyaltyContractActivities({
    eventStore: deps.eventStore,
    db: deps.db,
    receiversOf: ports.receiversOf ?? noReceivers,
    payoutExecutor: ports.payoutExecutor ?? { pay: unwired },
    splitPayout: ports.splitPayout ?? unwired,
  });
  return { contracts: inProcessRoyaltyContractClient(activities), anchor };
}
