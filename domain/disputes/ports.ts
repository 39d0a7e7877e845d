// What a case's workflow asks of the rest of the platform, and what the API asks of the workflows.
// Each side is built against these types; the implementations are handed in where the app is assembled.
import type { AutoAction } from '../contracts/disputes';

/** The frozen state of a work while any case about it is open. */
export interface FreezeResult {
  payoutsFrozen: boolean;
  licensingFrozen: boolean;
  contractId: string | null;
  /** Plain words for the confirmation, e.g. "Payouts frozen: contract ... is now disputed". */
  detail: string;
}

/** The effects of a case on the work, each idempotent per disputeId (a retried activity repeats nothing). */
export interface DisputeEffects {
  /** Freezes the work's payouts (its royalty contract goes `disputed`) and licensing (purchases refused). */
  freeze(input: { disputeId: string; workId: string }): Promise<FreezeResult>;
  /** Lifts this case's freeze; the work stays frozen while another open case holds it. */
  unfreeze(input: { disputeId: string; workId: string }): Promise<{ contractId: string | null; detail: string }>;
  /** Moves up to `amountCents` of the contract's pending earnings to the claimant's tokens, once per reference. */
  compensate(input: { disputeId: string; workId: string; toUserId: string; amountCents: number; reference: string }): Promise<{
    paidCents: number;
    contractId: string | null;
    note: string | null;
  }>;
  /** Tells the work's owner a case was opened (mail when configured, and in the app). */
  notifyOwner(input: { disputeId: string; ownerId: string; subject: string }): Promise<{ channel: 'email' | 'in_app'; detail: string }>;
  /** The work's pending royalty earnings plus its license revenue, in cents: the estimated value at stake. */
  estimatedValueCents(workId: string): Promise<number>;
}

/** True while any open case freezes the work (read from events, so a freeze that returned holds at once). */
export type WorkFrozenOf = (workId: string) => Promise<boolean>;

/** Filing answers the automatic actions taken, in order. */
export interface FiledCase {
  disputeId: string;
  autoActions: AutoAction[];
}
