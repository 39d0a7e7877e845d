// A stand-in for a case's effects on its work (the real ones are infra/disputes/dispute-effects.ts):
// it records every call, holds a freeze per case, and pays a compensation once per reference from
// a pending amount the test sets, so the dispute workflow's tests can count what happened.
import type { DisputeEffects } from '../../domain/disputes/ports';
import { howTold } from '../../infra/notifications/mail-reach';

export interface RecordingDisputeEffects extends DisputeEffects {
  calls: { effect: string; disputeId: string; reference?: string }[];
  frozenBy: Set<string>;
  paid: Map<string, number>;
  pendingCents: number;
}

export function recordingDisputeEffects(pendingCents = 10_000): RecordingDisputeEffects {
  const effects: RecordingDisputeEffects = {
    calls: [],
    frozenBy: new Set(),
    paid: new Map(),
    pendingCents,
    async freeze({ disputeId }) {
      effects.calls.push({ effect: 'freeze', disputeId });
      effects.frozenBy.add(disputeId);
      return { payoutsFrozen: true, licensingFrozen: true, contractId: 'contract-1', detail: 'Payouts and licensing of the work are frozen' };
    },
    async unfreeze({ disputeId }) {
      effects.calls.push({ effect: 'unfreeze', disputeId });
      effects.frozenBy.delete(disputeId);
      return { contractId: 'contract-1', detail: 'The freeze is lifted' };
    },
    async compensate({ disputeId, amountCents, reference }) {
      effects.calls.push({ effect: 'compensate', disputeId, reference });
      if (!effects.paid.has(reference)) {
        const paid = Math.min(amountCents, effects.pendingCents);
        effects.pendingCents -= paid;
        effects.paid.set(reference, paid);
      }
      const paidCents = effects.paid.get(reference)!;
      return { paidCents, contractId: 'contract-1', note: paidCents < amountCents ? `Only ${paidCents} cents were pending` : null };
    },
    async notifyOwner({ disputeId }) {
      effects.calls.push({ effect: 'notify', disputeId });
      // As the real effect says it of an owner with no confirmed address.
      return howTold({ kind: 'dispute_against_you', email: null, wanted: true });
    },
    async estimatedValueCents() {
      return effects.pendingCents;
    },
  };
  return effects;
}
