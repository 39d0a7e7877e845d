// What a v1 call costs, charged through the token ledger (the API terms: $0.05 a call on the paid
// tiers): the price is held before the call's work, captured when the work succeeded and released
// when it failed, so a refused or failed call costs nothing and a short balance is refused (402,
// the ledger's "Insufficient tokens") before any work. The cents captured are left on the request
// for the usage record (`request.apiCallCostCents`, read by api/plugins/api-key-guard.ts).
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ApiCaller } from '../../../domain/developer/ports';
import { DomainError } from '../../../domain/shared/errors';
import type { TokenAccountEvent } from '../../../domain/tokens/token-account.events';
import { logger } from '../../../infra/logger/logger';
import type { TokenLedger } from '../../../infra/tokens/token-ledger';
import { HttpError } from '../../plugins/error-handler';

const MICROS_PER_CENT = 10_000;

export interface Charged<T> {
  result: T;
  /** Cents captured: the tier's price, or 0 on the free tier. */
  cents: number;
}

/** Runs `work` as a charged call of `caller`: hold, then capture on success or release on failure. */
export async function chargedCall<T>(tokenLedger: TokenLedger, request: FastifyRequest, caller: ApiCaller, work: () => Promise<T>): Promise<Charged<T>> {
  request.apiCallCostCents = 0;
  if (caller.pricePerCallCents === 0) return { result: await work(), cents: 0 };

  const holdId = `developer-api-call-${randomUUID()}`;
  const context = { correlationId: request.id, actor: `user:${caller.ownerId}` };
  const endpoint = request.routeOptions.url ?? request.url;
  const held = await tokenLedger.execute(
    caller.ownerId,
    {
      type: 'Hold',
      data: {
        holdId,
        service: 'developer-api-call',
        priceMicros: caller.pricePerCallCents * MICROS_PER_CENT,
        subjectId: caller.keyId,
        description: `API call ${request.method} ${endpoint} (key gk_${caller.keyId})`,
        at: new Date().toISOString(),
      },
    },
    context,
  );
  const heldMicros = held.events.find((event): event is Extract<TokenAccountEvent, { type: 'TokensHeld' }> => event.type === 'TokensHeld')?.data.amountMicros ?? 0;

  let result: T;
  try {
    result = await work();
  } catch (error) {
    await tokenLedger.execute(caller.ownerId, { type: 'Release', data: { holdId, reason: `The API call failed: ${failure(error)}` } }, context).catch((releaseError: unknown) => {
      // The hold stays on the balance until an operator releases it; the call's own error is what the caller needs.
      logger.error({ err: releaseError, holdId, keyId: caller.keyId }, 'v1 call hold not released');
    });
    throw error;
  }
  await tokenLedger.execute(caller.ownerId, { type: 'Capture', data: { holdId } }, context);
  const cents = Math.round(heldMicros / MICROS_PER_CENT);
  request.apiCallCostCents = cents;
  return { result, cents };
}

/** The failure in words fit for the account's history: a client error's message, else "server error". */
function failure(error: unknown): string {
  if (error instanceof DomainError) return error.message;
  if (error instanceof HttpError && error.statusCode < 500) return error.message;
  return 'server error';
}
