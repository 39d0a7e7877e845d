// The withdrawal's activities: debit the token ledger, send the ERC-20 from the treasury, credit
// back. The ledger steps are keyed by the withdrawal id (references withdrawal:<id> and
// withdrawal-refund:<id>), so a retried activity changes nothing the second time. The transfer
// answers its outcome as a value and never throws for a refusal: the workflow tries it once only,
// since sending it again could pay twice.
import { InsufficientTokensError } from '../../domain/shared/errors';
import { microsToTokens } from '../../domain/shared/tokens';
import { formatPosition } from '../../infra/eventstore/event-store';
import { logger } from '../../infra/logger/logger';
import type { TokenLedger } from '../../infra/tokens/token-ledger';
import { TransferFailedError, TransferUnconfirmedError, type PolygonTreasury } from '../../infra/wallets/polygon-treasury';
import type { DebitOutcome, StorePosition, TransferOutcome, WithdrawalInput } from './shared';
import { currentWorkflowIdOrNull, finalRefusal } from '../activity-context';

export interface WithdrawalActivityDeps {
  tokenLedger: TokenLedger;
  /** The Polygon treasury the ERC-20 is sent from; null where POLYGON_* is not configured (every transfer then fails and is credited back). */
  treasury: PolygonTreasury | null;
}

/** Said when this worker has no treasury to send from (the API refuses withdrawals without one, so a worker configured apart from it). */
export const NO_TREASURY = 'This server has no Polygon treasury to send withdrawals from';

const log = logger.child({ module: 'withdrawal' });

export function createWithdrawalActivities({ tokenLedger, treasury }: WithdrawalActivityDeps) {
  const context = (input: WithdrawalInput) => ({ correlationId: input.correlationId, actor: input.actor, workflowId: currentWorkflowIdOrNull() });

  return {
    async debitTokens(input: WithdrawalInput): Promise<DebitOutcome> {
      const amount = microsToTokens(input.amountMicros);
      try {
        const { result } = await tokenLedger.execute(
          input.userId,
          { type: 'Debit', data: { amountMicros: input.amountMicros, cause: 'withdrawal', reference: `withdrawal:${input.withdrawalId}`, description: `Withdrawal of ${amount} tokens to Polygon ${input.toAddress}`, upToAvailable: false } },
          context(input),
        );
        return { kind: 'debited', position: result ? formatPosition(result.lastPosition) : null };
      } catch (error) {
        if (error instanceof InsufficientTokensError) return { kind: 'insufficient', availableMicros: error.availableMicros };
        return finalRefusal(error);
      }
    },

    async transferTokens(input: WithdrawalInput): Promise<TransferOutcome> {
      if (!treasury) {
        log.warn({ withdrawalId: input.withdrawalId }, 'withdrawal not sent: this worker has no Polygon treasury (POLYGON_RPC_URL, GOOSE_TOKEN_CONTRACT, POLYGON_TREASURY_KEY)');
        return { kind: 'failed', reason: NO_TREASURY };
      }
      try {
        const { txHash } = await treasury.transfer(input.toAddress, input.amountMicros);
        log.info({ withdrawalId: input.withdrawalId, userId: input.userId, txHash, amountMicros: input.amountMicros }, 'withdrawal sent to Polygon');
        return { kind: 'sent', txHash };
      } catch (error) {
        if (error instanceof TransferUnconfirmedError) return { kind: 'unconfirmed', txHash: error.txHash, reason: error.message };
        log.warn({ err: error, withdrawalId: input.withdrawalId, userId: input.userId }, 'withdrawal transfer failed');
        return { kind: 'failed', reason: error instanceof TransferFailedError ? error.message : 'The transfer could not be made' };
      }
    },

    async refundTokens(input: WithdrawalInput): Promise<StorePosition> {
      const { result } = await tokenLedger.execute(
        input.userId,
        { type: 'Credit', data: { amountMicros: input.amountMicros, cause: 'refund', reference: `withdrawal-refund:${input.withdrawalId}`, description: `Withdrawal ${input.withdrawalId} failed; tokens given back` } },
        context(input),
      );
      return result ? formatPosition(result.lastPosition) : null;
    },
  };
}

export type WithdrawalActivities = ReturnType<typeof createWithdrawalActivities>;
