// Typed domain errors. The API maps each kind to one HTTP status in a single place
// (api/plugins/error-handler.ts), so deciders never think about transport.

export abstract class DomainError extends Error {
  abstract readonly kind: 'validation' | 'illegal_state' | 'not_found' | 'concurrency' | 'unauthorized' | 'forbidden' | 'payment_required';
}

export class ValidationError extends DomainError {
  readonly kind = 'validation' as const;
}

export class IllegalStateError extends DomainError {
  readonly kind = 'illegal_state' as const;
}

export class NotFoundError extends DomainError {
  readonly kind = 'not_found' as const;
}

export class UnauthorizedError extends DomainError {
  readonly kind = 'unauthorized' as const;
}

/** The actor is known but may not do this (HTTP 403), e.g. a reviewer deciding their own case. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden' as const;
}

/** Something must be paid first (HTTP 402), e.g. an XRPL account that cannot pay a deploy price. */
export class PaymentRequiredError extends DomainError {
  readonly kind = 'payment_required' as const;
}

/** A step costs more tokens than the account has free (HTTP 402). */
export class InsufficientTokensError extends DomainError {
  readonly kind = 'payment_required' as const;
  constructor(
    readonly priceMicros: number,
    readonly availableMicros: number,
  ) {
    super(`Insufficient tokens: this step costs ${(priceMicros / 1_000_000).toFixed(2)}, your balance is ${(Math.floor(availableMicros / 10_000) / 100).toFixed(2)}`);
  }
}

/** An append found the stream at another version than the writer expected. */
export class ConcurrencyError extends DomainError {
  readonly kind = 'concurrency' as const;
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
    readonly actualVersion: number,
  ) {
    super(`Stream ${streamId} is at version ${actualVersion}, expected ${String(expectedVersion)}`);
  }
}

/** 'no_stream' = the stream must not exist yet; a number = the stream must be exactly at that version. */
export type ExpectedVersion = number | 'no_stream' | 'any';
