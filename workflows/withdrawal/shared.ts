// What the withdrawal workflow, its activities and its callers share: the workflow
// id rule (one workflow per withdrawal), the input, the outcomes, and the saga's steps in order, so
// the Temporal workflow and an in-process runner take the same path.

export function withdrawalWorkflowId(withdrawalId: string): string {
  return `withdrawal-${withdrawalId}`;
}

export interface WithdrawalInput {
  withdrawalId: string;
  userId: string;
  /** The user's Polygon address (from their generated wallets), never one the request names. */
  toAddress: string;
  amountMicros: number;
  correlationId: string;
  actor: string;
}

/**
 * Where a step's append landed in the store (formatted global position), for a caller that waits
 * for the read models; null when it appended nothing (a retry that found its event).
 */
export type StorePosition = string | null;

export type DebitOutcome = { kind: 'debited'; position: StorePosition } | { kind: 'insufficient'; availableMicros: number };

/**
 * The ERC-20 transfer: sent and confirmed; failed (nothing left the treasury: the tokens are given
 * back); or unconfirmed (sent, or perhaps sent, without a receipt: it may still land, so the debit stands).
 */
export type TransferOutcome =
  | { kind: 'sent'; txHash: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'unconfirmed'; txHash: string | null; reason: string };

export type WithdrawalOutcome =
  | { kind: 'sent'; txHash: string; position: StorePosition }
  | { kind: 'insufficient'; availableMicros: number }
  | { kind: 'refunded'; reason: string; position: StorePosition }
  | { kind: 'unconfirmed'; txHash: string | null; reason: string; position: StorePosition };

/** The activities a withdrawal needs (the workflow's proxies, or the functions themselves in-process). */
export interface WithdrawalSteps {
  /** Debits the amount from the user's token account (reference withdrawal:<id>, so a retry debits once). */
  debitTokens(input: WithdrawalInput): Promise<DebitOutcome>;
  /** Sends the ERC-20 from the treasury to the user's address and follows it to its receipt. */
  transferTokens(input: WithdrawalInput): Promise<TransferOutcome>;
  /** Credits the amount back (reference withdrawal-refund:<id>, so a retry credits once). */
  refundTokens(input: WithdrawalInput): Promise<StorePosition>;
}

/** One withdrawal: debit, transfer, and credit back only when nothing left the treasury. */
export async function executeWithdrawal(steps: WithdrawalSteps, input: WithdrawalInput): Promise<WithdrawalOutcome> {
  const debit = await steps.debitTokens(input);
  if (debit.kind === 'insufficient') return debit;
  const transfer = await steps.transferTokens(input);
  if (transfer.kind === 'sent') return { ...transfer, position: debit.position };
  if (transfer.kind === 'unconfirmed') return { ...transfer, position: debit.position };
  const position = await steps.refundTokens(input);
  return { kind: 'refunded', reason: transfer.reason, position: position ?? debit.position };
}
