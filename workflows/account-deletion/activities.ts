// The account deletion's activities. Every write goes through its aggregate's decider: the user
// stream (DeleteAccount), each API key (RevokeApiKey) and each license offer (WithdrawOffer), with
// ids derived from the workflow so a retried activity appends nothing twice. Sessions are rows of
// their own (infra/auth/session-store.ts) and are deleted, and so are the user's data export
// archives in the file store.
import { deletionBlockers, type DeletionBlocker } from '../../domain/account-data/deletion-rules';
import { apiKeyDecider } from '../../domain/developer/api-key.decider';
import { apiKeyStreamId } from '../../domain/developer/api-key.events';
import { decideUser, evolveUser, initialUserState } from '../../domain/identity/user.decider';
import { userStreamId } from '../../domain/identity/user.events';
import { licenseOfferDecider, licenseOfferStreamId } from '../../domain/licensing/license-offer.decider';
import { activeOffers, deletionFacts, exportArchives, unrevokedApiKeys } from '../../infra/account-data/owned-records';
import type { SessionStore } from '../../infra/auth/session-store';
import type { Queryable } from '../../infra/db/db';
import type { ContentStorage } from '../../infra/storage/storage';
import { handleCommand, type CommandContext } from '../../infra/eventstore/command-handler';
import { formatPosition, type AppendResult, type EventStore } from '../../infra/eventstore/event-store';
import { currentWorkflowIdOrNull, finalRefusal } from '../activity-context';
import { deterministicEventId } from '../track-lifecycle/activities';
import type { AccountDeletionInput, StorePosition } from './shared';

export interface AccountDeletionActivityDeps {
  eventStore: EventStore;
  db: Queryable;
  sessions: SessionStore;
  storage: ContentStorage;
}

const userDecider = { decide: decideUser, evolve: evolveUser, initialState: initialUserState };

/** Why an offer left the marketplace, as its stream records it. */
export const OFFER_WITHDRAWN_ON_DELETION = 'The creator deleted their account';

function positionOf(result: AppendResult | null): StorePosition {
  return result ? formatPosition(result.lastPosition) : null;
}

export function createAccountDeletionActivities({ eventStore, db, sessions, storage }: AccountDeletionActivityDeps) {
  const context = (input: AccountDeletionInput, key: string): CommandContext => {
    const workflowId = currentWorkflowIdOrNull();
    return { correlationId: input.correlationId, actor: input.actor, workflowId, eventIds: workflowId ? (index) => deterministicEventId(workflowId, key, index) : undefined };
  };

  return {
    async deletionBlockersOf(input: AccountDeletionInput): Promise<DeletionBlocker[]> {
      return deletionBlockers(await deletionFacts(db, input.userId));
    },

    async markAccountDeleted(input: AccountDeletionInput): Promise<StorePosition> {
      try {
        const { result } = await handleCommand(eventStore, userStreamId(input.userId), userDecider, { type: 'DeleteAccount', data: { userId: input.userId, deletedAt: new Date().toISOString() } }, context(input, 'accountDeleted'));
        return positionOf(result);
      } catch (error) {
        return finalRefusal(error);
      }
    },

    async endAccountSessions(input: AccountDeletionInput): Promise<number> {
      return sessions.destroyAllOf(input.userId);
    },

    async revokeAccountApiKeys(input: AccountDeletionInput): Promise<{ count: number; position: StorePosition }> {
      let position: StorePosition = null;
      const keys = await unrevokedApiKeys(db, input.userId);
      for (const keyId of keys) {
        const { result } = await handleCommand(eventStore, apiKeyStreamId(keyId), apiKeyDecider, { type: 'RevokeApiKey', data: { keyId, revokedBy: input.userId } }, context(input, `apiKeyRevoked:${keyId}`));
        position = positionOf(result) ?? position;
      }
      return { count: keys.length, position };
    },

    async withdrawAccountOffers(input: AccountDeletionInput): Promise<{ count: number; position: StorePosition }> {
      let position: StorePosition = null;
      const offers = await activeOffers(db, input.userId);
      for (const offerId of offers) {
        const { result } = await handleCommand(eventStore, licenseOfferStreamId(offerId), licenseOfferDecider, { type: 'WithdrawOffer', data: { actorId: input.userId, reason: OFFER_WITHDRAWN_ON_DELETION } }, context(input, `offerWithdrawn:${offerId}`));
        position = positionOf(result) ?? position;
      }
      return { count: offers.length, position };
    },

    async removeAccountExports(input: AccountDeletionInput): Promise<number> {
      const archives = await exportArchives(db, input.userId);
      for (const storedName of archives) await storage.delete(storedName);
      return archives.length;
    },
  };
}

export type AccountDeletionActivities = ReturnType<typeof createAccountDeletionActivities>;
