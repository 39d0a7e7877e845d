// A stand-in for the dispute workflow's client in route tests: every command goes through the
// real case decider and handleCommand, so refusals are the decider's own; freezing and notifying
// are recorded as a stand-in that says so in its details (the real effects live in infra/disputes).
import { randomUUID } from 'node:crypto';
import type { AutoAction } from '../../domain/contracts/disputes';
import { disputeDecider, type DisputeCommand } from '../../domain/disputes/dispute.decider';
import { disputeStreamId } from '../../domain/disputes/dispute.events';
import type { DisputeActionRequest, DisputeActor, DisputeCommands, FileCaseInput } from '../../domain/disputes/ports';
import { userStreamId } from '../../domain/identity/user.events';
import { trackStreamId } from '../../domain/track/track.events';
import type { EventStore } from '../../infra/eventstore/event-store';
import { handleCommand } from '../../infra/eventstore/command-handler';

const STAND_IN = '(test stand-in: nothing was frozen or sent)';

export function deciderDisputeCommands(eventStore: EventStore): DisputeCommands {
  const run = async (disputeId: string, command: DisputeCommand, actor: string) => {
    await handleCommand(eventStore, disputeStreamId(disputeId), disputeDecider, command, { correlationId: randomUUID(), actor, workflowId: `dispute-${disputeId}` });
    return { streamVersion: (await eventStore.readStream(disputeStreamId(disputeId))).length };
  };

  const workOf = async (workId: string) => {
    const track = await eventStore.readStream(trackStreamId(workId));
    const upload = track.find((e) => e.type === 'TrackUploadReceived')?.data as { ownerId: string; title: string } | undefined;
    if (!upload) return null;
    const user = (await eventStore.readStream(userStreamId(upload.ownerId))).find((e) => e.type === 'UserRegistered')?.data as { username: string } | undefined;
    return { title: upload.title, ownerId: upload.ownerId, ownerName: user?.username ?? 'unknown', registered: track.some((e) => e.type === 'TrackCertificateIssued'), heldCheckId: null };
  };

  return {
    async file(input: FileCaseInput, actor: DisputeActor) {
      const disputeId = input.disputeId ?? randomUUID();
      const at = new Date().toISOString();
      const by = actor.userId ? `user:${actor.userId}` : 'oracle';
      await run(
        disputeId,
        {
          type: 'File',
          data: { ...input, disputeId, checkId: input.checkId ?? null, work: await workOf(input.workId), claimant: actor, estimatedValueCents: 0, openCaseId: null, filedAt: at },
        },
        by,
      );
      const detail = `Licensing and payouts frozen ${STAND_IN}`;
      await run(disputeId, { type: 'RecordFreeze', data: { payoutsFrozen: true, licensingFrozen: true, contractId: null, detail, at } }, 'workflow');
      await run(disputeId, { type: 'RecordOwnerNotified', data: { channel: 'in_app', detail: `Owner told in the app ${STAND_IN}`, at } }, 'workflow');
      const autoActions: AutoAction[] = [
        { action: 'case_opened', detail: `Case ${disputeId} opened` },
        { action: 'payouts_frozen', detail },
        { action: 'licensing_frozen', detail },
        { action: 'owner_notified', detail: `Owner told in the app ${STAND_IN}` },
      ];
      return { disputeId, autoActions };
    },

    async act(disputeId: string, request: DisputeActionRequest, actor: DisputeActor) {
      const at = new Date().toISOString();
      const by = `user:${actor.userId}`;
      switch (request.action) {
        case 'respond':
          return run(disputeId, { type: 'Respond', data: { actor, message: request.message, at } }, by);
        case 'add_evidence':
          return run(disputeId, { type: 'AddEvidence', data: { actor, evidenceId: request.evidenceId, evidenceType: request.type, description: request.description, file: request.file, at } }, by);
        case 'message':
          return run(disputeId, { type: 'PostMessage', data: { actor, messageId: request.messageId, message: request.message, at } }, by);
        case 'assign':
          return run(disputeId, { type: 'Assign', data: { actor, reviewer: request.reviewer, at } }, by);
        case 'change_status':
          return run(disputeId, { type: 'ChangeStatus', data: { actor, status: request.status, note: request.note, at } }, by);
        case 'request_evidence':
          return run(disputeId, { type: 'RequestEvidence', data: { actor, from: request.from, note: request.note, at } }, by);
        case 'resolve':
          return run(disputeId, { type: 'Resolve', data: { actor, outcome: request.outcome, details: request.details, compensationCents: request.compensationCents, at } }, by);
        case 'review_decision':
          return run(disputeId, { type: 'DecideReview', data: { actor, outcome: request.outcome, details: request.details, at } }, by);
        case 'appeal':
          return run(disputeId, { type: 'Appeal', data: { actor, reason: request.reason, at } }, by);
        default: {
          const unknown: never = request;
          throw new Error(`Unknown dispute action ${JSON.stringify(unknown)}`);
        }
      }
    },
  };
}
