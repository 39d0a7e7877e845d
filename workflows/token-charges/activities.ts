// The token charge a workflow puts around a priced step: hold the price when the step starts,
// capture it when the step succeeded, release it when the step failed or was refused. Each is
// keyed by the charge's hold id, so a retried activity (or a worker that died after the append and
// before reporting it) changes nothing the second time.
import { DomainError } from '../../domain/shared/errors';
import { tokensToMicros } from '../../domain/shared/tokens';
import { SERVICE_PRICES, type PricedService } from '../../domain/tokens/catalogue';
import type { TokenAccountCommand } from '../../domain/tokens/token-account.decider';
import { logger } from '../../infra/logger/logger';
import type { TokenLedger } from '../../infra/tokens/token-ledger';
import { currentWorkflowIdOrNull } from '../activity-context';
import { refusalFailure } from '../failure-kinds';

/** One priced step's charge, chosen by the workflow. */
export interface TokenCharge {
  /** Unique per run of the step (the workflow derives it from the command's id). */
  holdId: string;
  service: PricedService;
  /** The account charged. */
  userId: string;
  /** What the step works on (a track id). */
  subjectId: string;
  /** What the creator reads in their history, e.g. 'Mastering "Night Drive"'. */
  description: string;
  correlationId: string;
  actor: string;
}

export interface TokenChargeActivityDeps {
  tokenLedger: TokenLedger;
}

export function createTokenChargeActivities({ tokenLedger }: TokenChargeActivityDeps) {
  async function run(charge: TokenCharge, command: TokenAccountCommand): Promise<void> {
    // Null when the in-process runners of the route tests call it outside Temporal.
    const workflowId = currentWorkflowIdOrNull();
    try {
      const { events } = await tokenLedger.execute(charge.userId, command, { correlationId: charge.correlationId, actor: charge.actor, workflowId });
      if (events.length > 0) logger.info({ userId: charge.userId, holdId: charge.holdId, events: events.map((e) => e.type) }, 'token charge recorded');
    } catch (error) {
      // Not enough tokens (FAILURE_KINDS.insufficientTokens): the step is refused and nothing was held (the caller answers 402).
      if (error instanceof DomainError && workflowId !== null) throw refusalFailure(error);
      throw error;
    }
  }

  return {
    async holdTokens(charge: TokenCharge): Promise<void> {
      await run(charge, {
        type: 'Hold',
        data: {
          holdId: charge.holdId,
          service: charge.service,
          priceMicros: tokensToMicros(SERVICE_PRICES[charge.service]),
          subjectId: charge.subjectId,
          description: charge.description,
          at: new Date().toISOString(),
        },
      });
    },
    async captureTokens(charge: TokenCharge): Promise<void> {
      await run(charge, { type: 'Capture', data: { holdId: charge.holdId } });
    },
    async releaseTokens(charge: TokenCharge, reason: string): Promise<void> {
      await run(charge, { type: 'Release', data: { holdId: charge.holdId, reason: reason.slice(0, 500) } });
    },
  };
}

export type TokenChargeActivities = ReturnType<typeof createTokenChargeActivities>;
