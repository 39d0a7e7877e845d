// Typed domain errors. The API maps each kind to one HTTP status in a single place
// (api/plugins/error-handler.ts), so deciders never think about transport.

export abstract class DomainError extends Error {
  abstract readonly kind: 'validation' | 'illegal_state' | 'not_found' | 'concurrency' | 'unauthorized';
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
