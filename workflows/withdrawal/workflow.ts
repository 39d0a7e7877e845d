// One withdrawal to Polygon as a workflow (id `withdrawal-<withdrawalId>`): debit the tokens, send
// the ERC-20 from the treasury, and credit the tokens back if nothing was sent. The route waits for
// its result and answers it.
import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { WithdrawalActivities } from './activities';
import { executeWithdrawal, type TransferOutcome, type WithdrawalInput, type WithdrawalOutcome } from './shared';

const ledger = proxyActivities<WithdrawalActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10 },
});
// Sent once: a second attempt could pay twice. The activity waits up to two minutes for the receipt.
const chain = proxyActivities<WithdrawalActivities>({ startToCloseTimeout: '5 minutes', retry: { maximumAttempts: 1 } });

/** The transfer's attempt failed without answering (its worker died, or it timed out): it may have been sent, so the debit stands. */
const UNKNOWN_TRANSFER = 'The ERC-20 transfer may have been sent, but its outcome is not known';

async function transferTokens(input: WithdrawalInput): Promise<TransferOutcome> {
  try {
    return await chain.transferTokens(input);
  } catch (error) {
    if (error instanceof ActivityFailure) return { kind: 'unconfirmed', txHash: null, reason: UNKNOWN_TRANSFER };
    throw error;
  }
}

export async function withdrawal(input: WithdrawalInput): Promise<WithdrawalOutcome> {
  return executeWithdrawal({ debitTokens: ledger.debitTokens, refundTokens: ledger.refundTokens, transferTokens }, input);
}
