// Where money a content item earned (a statement line, a license sale) becomes pending earnings of
// its royalty contract: once per reference, however often it is recorded. Content without a
// contract keeps nothing here (the answer says so with a null contract id). Also answers the
// creator's share of a content item for the receivers' limit.
import type { CreatorShareOf, RoyaltyEarningsSink } from '../../domain/royalties/ports';
import { royaltyContractDecider } from '../../domain/royalties/royalty-contract.decider';
import { royaltyContractStreamId, type RoyaltyContractEvent } from '../../domain/royalties/royalty-contract.events';
import { DEFAULT_CONTRACT_TEMPLATE, TEMPLATE_CREATOR_SHARE } from '../../domain/royalties/terms';
import { handleCommand } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';
import { logger } from '../logger/logger';
import { contractIdFor } from './contract-id';

export function royaltyEarningsSink(eventStore: EventStore): RoyaltyEarningsSink {
  return {
    async record(earnings, context) {
      const contractId = contractIdFor(earnings.contentId);
      const streamId = royaltyContractStreamId(contractId);
      const recorded = await eventStore.readStream(streamId);
      if (recorded.length === 0) {
        logger.info({ contentId: earnings.contentId, reference: earnings.reference }, 'earnings not attributed: the content has no royalty contract');
        return { contractId: null };
      }
      const { amountCents, source, reference, description, period } = earnings;
      const data = { amountCents, source, reference, description, ...(period === undefined ? {} : { period }) };
      await handleCommand(eventStore, streamId, royaltyContractDecider, { type: 'RecordEarnings', data }, context);
      return { contractId };
    },
  };
}

export function creatorShareOf(eventStore: EventStore): CreatorShareOf {
  return async (contentId) => {
    const events = await eventStore.readStream(royaltyContractStreamId(contractIdFor(contentId)));
    const state = events.reduce((s, e) => royaltyContractDecider.evolve(s, { type: e.type, data: e.data } as RoyaltyContractEvent), royaltyContractDecider.initialState);
    return state.created ? state.royaltySplit : TEMPLATE_CREATOR_SHARE[DEFAULT_CONTRACT_TEMPLATE];
  };
}
