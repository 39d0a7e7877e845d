// The contract anchor's activities. The deploy payment is signed and recorded on the contract's
// stream before it is sent, and only the recorded payment is ever sent: a retried signing before
// the record signs the same sequence again (only one can apply), and a retried submission sends the
// same payment, which the ledger applies once.
import { royaltyContractDecider, type RoyaltyContractCommand, type RoyaltyContractState } from '../../domain/royalties/royalty-contract.decider';
import { RoyaltyContractAnchorSigned, RoyaltyContractCreated, royaltyContractStreamId, type RoyaltyContractEvent } from '../../domain/royalties/royalty-contract.events';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { EventStore } from '../../infra/eventstore/event-store';
import type { AnchorOutcome, ContractAnchor, SignedDeployPayment } from '../../infra/royalties/contract-anchor';
import type { AnchorAnswer, ContractAnchorInput, SigningStep } from './shared';
import { currentWorkflowIdOrNull } from '../activity-context';

export interface ContractAnchorActivityDeps {
  eventStore: EventStore;
  anchor: ContractAnchor;
}

export function createContractAnchorActivities({ eventStore, anchor }: ContractAnchorActivityDeps) {
  const streamId = (contractId: string) => royaltyContractStreamId(contractId);

  /** The contract's state, the signed terms' hash (what the payment's memo carries) and the payment recorded, if any. */
  async function load(contractId: string): Promise<{ state: RoyaltyContractState; termsSha256: string | null; signed: SignedDeployPayment | null }> {
    const events = await eventStore.readStream(streamId(contractId));
    const state = events.reduce((folded, e) => royaltyContractDecider.evolve(folded, { type: e.type, data: e.data } as RoyaltyContractEvent), royaltyContractDecider.initialState);
    const created = events.find((e) => e.type === RoyaltyContractCreated.type)?.data as ReturnType<typeof RoyaltyContractCreated.create>['data'] | undefined;
    const recorded = events.find((e) => e.type === RoyaltyContractAnchorSigned.type)?.data as ReturnType<typeof RoyaltyContractAnchorSigned.create>['data'] | undefined;
    return { state, termsSha256: created?.termsSha256 ?? null, signed: recorded ? { account: recorded.account, txHash: recorded.txHash, txBlob: recorded.txBlob } : null };
  }

  const run = (input: ContractAnchorInput, command: RoyaltyContractCommand) =>
    handleCommand(eventStore, streamId(input.contractId), royaltyContractDecider, command, { correlationId: input.correlationId, actor: input.actor, workflowId: currentWorkflowIdOrNull() });

  const recordStatus = async (input: ContractAnchorInput, outcome: AnchorOutcome): Promise<AnchorAnswer> => {
    await run(input, { type: 'RecordAnchorStatus', data: { status: outcome.status, reason: outcome.reason, ledgerIndex: outcome.ledgerIndex } });
    return { status: outcome.status, signed: outcome.signed !== null };
  };

  return {
    async signAnchor(input: ContractAnchorInput): Promise<SigningStep> {
      const { state, termsSha256, signed } = await load(input.contractId);
      if (!state.ownerId || !termsSha256) throw new Error(`No royalty contract ${input.contractId} to anchor`);
      if (state.anchor.status !== 'signing') return { kind: 'recorded', answer: { status: state.anchor.status, signed: signed !== null } };
      if (signed) return { kind: 'submit' };
      const signing = await anchor.sign({ contractId: input.contractId, creatorId: state.ownerId, termsSha256 });
      const payment = signing.kind === 'final' ? signing.outcome.signed : signing.signed;
      if (payment) await run(input, { type: 'RecordAnchorSigned', data: payment });
      return signing.kind === 'final' ? { kind: 'recorded', answer: await recordStatus(input, signing.outcome) } : { kind: 'submit' };
    },

    async submitAnchor(input: ContractAnchorInput): Promise<AnchorAnswer> {
      const { state, signed } = await load(input.contractId);
      if (state.anchor.status !== 'signing') return { status: state.anchor.status, signed: signed !== null };
      if (!signed) throw new Error(`Royalty contract ${input.contractId} has no signed deploy payment to send`);
      return recordStatus(input, await anchor.submit({ contractId: input.contractId, signed }));
    },
  };
}

export type ContractAnchorActivities = ReturnType<typeof createContractAnchorActivities>;
