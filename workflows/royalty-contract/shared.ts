// What the royalty contract workflow, its activities and its callers share: the workflow id rule, the input, and the update that asks for a payout (Run payout, Distribute
// Royalties) and answers with the run it paid or why nothing was paid.
import { defineUpdate } from '@temporalio/workflow';
import type { PayoutTrigger } from '../../domain/royalties/royalty-contract.events';

export function royaltyContractWorkflowId(contractId: string): string {
  return `royalty-contract-${contractId}`;
}

export interface RoyaltyContractInput {
  contractId: string;
  /** The contract's creation time (ISO): scheduled runs fall every period from it. */
  createdAt: string;
}

export interface PayoutRequest {
  /** Unique per request: the run's id derives from it, so a retried request pays once. */
  requestId: string;
  trigger: PayoutTrigger;
  /** Cents to pay; null pays everything pending. */
  amountCents: number | null;
  correlationId: string;
  actor: string;
}

export interface PayoutAnswer {
  /** The run that paid, or null when nothing was paid (the message says why). */
  runId: string | null;
  message: string;
}

export const payoutUpdate = defineUpdate<PayoutAnswer, [PayoutRequest]>('payout');

/** The run id of a request: decided once per contract and request. */
export function payoutRunId(contractId: string, requestId: string): string {
  return `${contractId}:${requestId}`;
}

/** What a planned run is: paid line by line, or refused with a reason. */
export type PayoutPlan = { kind: 'run'; runId: string; lineCount: number } | { kind: 'none'; message: string };

export interface ContractSchedule {
  status: 'active' | 'paused' | 'completed' | 'disputed';
  schedule: 'monthly' | 'weekly' | 'on_demand';
}

/** The activities a payout needs (the workflow's proxies, or the functions themselves in-process). */
export interface PayoutSteps {
  planPayoutRun(contractId: string, request: PayoutRequest): Promise<PayoutPlan>;
  payPayoutLines(input: { contractId: string; runId: string; correlationId: string; actor: string }): Promise<void>;
}

/** One payout: decide the run, then pay its lines (which completes it). Run again after a crash, it pays only what was not paid. */
export async function executePayout(steps: PayoutSteps, contractId: string, request: PayoutRequest): Promise<PayoutAnswer> {
  const plan = await steps.planPayoutRun(contractId, request);
  if (plan.kind === 'none') return { runId: null, message: plan.message };
  const context = { contractId, runId: plan.runId, correlationId: request.correlationId, actor: request.actor };
  await steps.payPayoutLines(context);
  return { runId: plan.runId, message: `Payout ${plan.runId} paid ${plan.lineCount} line(s)` };
}
