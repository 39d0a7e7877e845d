// deliverReviewDecision: how a reviewer's decision on an oracle_review case reaches the held track.
// The case's workflow runs it as an activity: it is a `reviewDecision` update of the track's
// workflow, which records TrackCopyrightReviewDecided in its queue with the track's other commands.
// A track whose workflow is not running gets the decision through the track decider directly (its
// next run reads it from the stream). Delivered twice, it decides nothing the second time.
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { DeliverReviewDecision, ReviewDecisionDelivery } from '../../domain/disputes/oracle-review';
import { ConcurrencyError, DomainError } from '../../domain/shared/errors';
import { trackDecider } from '../../domain/track/track.decider';
import { trackStreamId } from '../../domain/track/track.events';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { EventStore } from '../../infra/eventstore/event-store';
import { logger } from '../../infra/logger/logger';
import { reviewDecisionUpdate, trackLifecycleWorkflowId, type ReviewDecisionCommand } from './shared';

function commandOf(decision: ReviewDecisionDelivery): ReviewDecisionCommand {
  const { checkId, disputeId, outcome, details, reviewerName } = decision;
  return { checkId, disputeId, outcome, details, reviewerName, correlationId: disputeId, actor: `reviewer:${reviewerName}` };
}

/** Records the decision on the track's stream through the track decider (no workflow involved). */
export function recordReviewDecision(eventStore: EventStore): DeliverReviewDecision {
  return async (decision) => {
    const command = commandOf(decision);
    try {
      const { events } = await handleCommand(
        eventStore,
        trackStreamId(decision.trackId),
        trackDecider,
        {
          type: 'DecideCopyrightReview',
          data: { trackId: decision.trackId, checkId: command.checkId, disputeId: command.disputeId, outcome: command.outcome, details: command.details, reviewerName: command.reviewerName, decidedAt: new Date().toISOString() },
        },
        { correlationId: command.correlationId, actor: command.actor },
      );
      return { delivered: true, detail: events.length > 0 ? `The track was ${decision.outcome}` : `The track had already been ${decision.outcome}` };
    } catch (error) {
      // A concurrent write is not a refusal: thrown, so the activity retries.
      if (error instanceof DomainError && !(error instanceof ConcurrencyError)) return { delivered: false, detail: error.message };
      throw error;
    }
  };
}

/** Sends the decision to the track's workflow as an update; to the stream directly when no workflow runs for the track. */
export function temporalReviewDecisionDelivery(client: Client, eventStore: EventStore): DeliverReviewDecision {
  const direct = recordReviewDecision(eventStore);
  return async (decision) => {
    let outcome;
    try {
      outcome = await client.workflow.getHandle(trackLifecycleWorkflowId(decision.trackId)).executeUpdate(reviewDecisionUpdate, { args: [commandOf(decision)] });
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError) && !/already completed|not found/i.test(String((error as Error).message))) throw error;
      logger.info({ trackId: decision.trackId, disputeId: decision.disputeId }, 'no workflow runs for the track: the review decision is recorded on its stream');
      return direct(decision);
    }
    if (outcome.ok) return { delivered: true, detail: `The track was ${decision.outcome}` };
    return { delivered: false, detail: outcome.reason };
  };
}
