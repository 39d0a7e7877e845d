// The failure types every workflow package shares: an activity throws a domain refusal as a
// non-retryable ApplicationFailure of its kind, and workflows, clients and the API read the type
// through these names, so thrower and reader cannot drift apart. A refusal's type follows its
// DomainError's kind, never its class name. The strings are the ones past histories recorded.
// Failures only one package raises are named in that package's shared.ts.
import { ApplicationFailure } from '@temporalio/common';
import type { DomainError } from '../domain/shared/errors';

export const FAILURE_KINDS = {
  validation: 'ValidationError',
  illegalState: 'IllegalStateError',
  notFound: 'NotFoundError',
  concurrency: 'ConcurrencyError',
  unauthorized: 'UnauthorizedError',
  forbidden: 'ForbiddenError',
  /** The step's price could not be held: the API answers 402. */
  insufficientTokens: 'InsufficientTokens',
} as const;

export type FailureKind = (typeof FAILURE_KINDS)[keyof typeof FAILURE_KINDS];

const BY_DOMAIN_KIND: Record<DomainError['kind'], FailureKind> = {
  validation: FAILURE_KINDS.validation,
  illegal_state: FAILURE_KINDS.illegalState,
  not_found: FAILURE_KINDS.notFound,
  concurrency: FAILURE_KINDS.concurrency,
  unauthorized: FAILURE_KINDS.unauthorized,
  forbidden: FAILURE_KINDS.forbidden,
  payment_required: FAILURE_KINDS.insufficientTokens,
};

/** The failure type a domain error's kind crosses Temporal as. */
export function failureKindOf(kind: DomainError['kind']): FailureKind {
  return BY_DOMAIN_KIND[kind];
}

/** The domain error kind a failure type stands for; null for a failure that is no domain refusal. */
export function domainKindOf(failureType: string | undefined | null): DomainError['kind'] | null {
  const found = Object.entries(BY_DOMAIN_KIND).find(([, type]) => type === failureType);
  return found ? (found[0] as DomainError['kind']) : null;
}

/** A domain refusal as the failure Temporal does not retry: the same command is refused again. */
export function refusalFailure(error: DomainError): ApplicationFailure {
  return ApplicationFailure.nonRetryable(error.message, failureKindOf(error.kind));
}
