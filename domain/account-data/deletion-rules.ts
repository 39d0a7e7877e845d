// When an account may be deleted, decided once here and read by the route (to refuse with 409 and
// to show the blockers before asking) and by the deletion workflow (which checks again right
// before it deletes). Each rule protects someone: a case's other party, money the user is owed or
// holds, a payout on its way. The facts come from the read models (infra/account-data).
/** How a deleted account's name reads wherever a read model names it (users, registry, marketplace). */
export const DELETED_USERNAME = 'Deleted user';

export const DELETION_BLOCKER_KINDS = ['open_disputes', 'unpaid_earnings', 'pending_payouts', 'token_balance', 'held_tokens'] as const;
export type DeletionBlockerKind = (typeof DELETION_BLOCKER_KINDS)[number];

export interface DeletionBlocker {
  kind: DeletionBlockerKind;
  /** Said to the user as it is: what blocks and what to do about it. */
  reason: string;
}

/** What the read models say about the user's open obligations. */
export interface DeletionFacts {
  /** Cases not resolved or dismissed where the user is the claimant or the work's owner (appeals count as open). */
  openDisputes: number;
  /** Contract money recorded as earned but not yet paid out (total earnings minus distributed), in cents. */
  unpaidEarningsCents: number;
  /** Payout runs of the user's contracts still running. */
  pendingPayouts: number;
  /** The token account's balance, held tokens included, in micro-tokens. */
  tokenBalanceMicros: number;
  /** Tokens held for a step still in progress (a mastering, a check, a release), in micro-tokens. */
  heldTokenMicros: number;
}

/** The port: the facts of one user, read from the read models. */
export type DeletionFactsOf = (userId: string) => Promise<DeletionFacts>;

export function deletionBlockers(facts: DeletionFacts): DeletionBlocker[] {
  const blockers: DeletionBlocker[] = [];
  if (facts.openDisputes > 0) {
    blockers.push({ kind: 'open_disputes', reason: `${plural(facts.openDisputes, 'dispute')} you filed or that concern your work ${facts.openDisputes === 1 ? 'is' : 'are'} still open. The other party is owed an answer: wait until ${facts.openDisputes === 1 ? 'it is' : 'they are'} resolved or dismissed.` });
  }
  if (facts.unpaidEarningsCents > 0) {
    blockers.push({ kind: 'unpaid_earnings', reason: `Your royalty contracts hold ${dollars(facts.unpaidEarningsCents)} of earnings not yet paid out. Run a payout from Smart Contracts first.` });
  }
  if (facts.pendingPayouts > 0) {
    blockers.push({ kind: 'pending_payouts', reason: `${plural(facts.pendingPayouts, 'payout')} of your contracts ${facts.pendingPayouts === 1 ? 'is' : 'are'} still running. Wait until ${facts.pendingPayouts === 1 ? 'it has' : 'they have'} finished.` });
  }
  if (facts.heldTokenMicros > 0) {
    blockers.push({ kind: 'held_tokens', reason: `${tokens(facts.heldTokenMicros)} are held for a step still in progress (a mastering, a check or a release). Wait until it finishes.` });
  }
  if (facts.tokenBalanceMicros - facts.heldTokenMicros > 0) {
    blockers.push({ kind: 'token_balance', reason: `Your token balance is ${tokens(facts.tokenBalanceMicros - facts.heldTokenMicros)}. Spend or withdraw it first: a deleted account's tokens could never be used or given back.` });
  }
  return blockers;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

function tokens(micros: number): string {
  const amount = micros / 1_000_000;
  return `${Number.isInteger(amount) ? amount : amount.toFixed(2)} token${amount === 1 ? '' : 's'}`;
}
