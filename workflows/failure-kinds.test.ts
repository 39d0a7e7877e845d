// A domain refusal crosses Temporal as the failure type of its kind and comes back as that kind; the
// types stay the strings past histories and the API's 402 recorded.
import { describe, expect, it } from 'vitest';
import { ForbiddenError, IllegalStateError, InsufficientTokensError, NotFoundError, UnauthorizedError, ValidationError, type DomainError } from '../domain/shared/errors';
import { domainKindOf, FAILURE_KINDS, failureKindOf, refusalFailure } from './failure-kinds';

describe('failure kinds', () => {
  const errors: DomainError[] = [new ValidationError('v'), new IllegalStateError('i'), new NotFoundError('n'), new UnauthorizedError('u'), new ForbiddenError('f'), new InsufficientTokensError(5_000_000, 3_000_000)];

  it('throws a refusal as a non-retryable failure of its kind, read back as that kind', () => {
    for (const error of errors) {
      const failure = refusalFailure(error);
      expect(failure).toMatchObject({ message: error.message, nonRetryable: true, type: failureKindOf(error.kind) });
      expect(domainKindOf(failure.type)).toBe(error.kind);
    }
  });

  it('keeps the recorded type strings and reads no domain kind from any other failure', () => {
    expect(failureKindOf('illegal_state')).toBe('IllegalStateError');
    expect(failureKindOf('payment_required')).toBe(FAILURE_KINDS.insufficientTokens);
    expect(FAILURE_KINDS.insufficientTokens).toBe('InsufficientTokens');
    expect(domainKindOf('XrplRejected')).toBeNull();
    expect(domainKindOf(undefined)).toBeNull();
  });
});
