// What the account deletion workflow, its activities and its callers share: one deletion per user
// (`account-deletion-<userId>`), its input and outcome, and its steps in order, so the Temporal
// workflow and the in-process runner of the route tests take the same path.
import type { DeletionBlocker } from '../../domain/account-data/deletion-rules';

export function accountDeletionWorkflowId(userId: string): string {
  return `account-deletion-${userId}`;
}

export interface AccountDeletionInput {
  userId: string;
  correlationId: string;
  actor: string;
}

/** Where a step's append landed (formatted global position), for a caller that waits for the read models; null when it appended nothing. */
export type StorePosition = string | null;

export type AccountDeletionOutcome =
  | { kind: 'deleted'; position: StorePosition; sessionsEnded: number; apiKeysRevoked: number; offersWithdrawn: number; exportsRemoved: number }
  | { kind: 'refused'; blockers: DeletionBlocker[] };

export interface AccountDeletionSteps {
  /** What blocks the deletion now (the rules of domain/account-data/deletion-rules.ts over the read models). */
  deletionBlockersOf(input: AccountDeletionInput): Promise<DeletionBlocker[]>;
  /** Appends UserAccountDeleted (and UserEmailRemoved before it when an address was confirmed). */
  markAccountDeleted(input: AccountDeletionInput): Promise<StorePosition>;
  /** Ends every session of the user. */
  endAccountSessions(input: AccountDeletionInput): Promise<number>;
  /** Revokes the user's API keys still standing. */
  revokeAccountApiKeys(input: AccountDeletionInput): Promise<{ count: number; position: StorePosition }>;
  /** Withdraws the user's license offers still on the marketplace. */
  withdrawAccountOffers(input: AccountDeletionInput): Promise<{ count: number; position: StorePosition }>;
  /** Removes the user's data export archives from the file store (they hold their personal data). */
  removeAccountExports(input: AccountDeletionInput): Promise<number>;
}

/**
 * One deletion: the blockers are checked again right before (the route checked them too, but a
 * case may have been filed since), then the account is marked deleted, which is the point of no
 * return (sign-in is refused from the next read-model update on), and the rest follows.
 */
export async function executeAccountDeletion(steps: AccountDeletionSteps, input: AccountDeletionInput): Promise<AccountDeletionOutcome> {
  const blockers = await steps.deletionBlockersOf(input);
  if (blockers.length > 0) return { kind: 'refused', blockers };
  const deleted = await steps.markAccountDeleted(input);
  const sessionsEnded = await steps.endAccountSessions(input);
  const keys = await steps.revokeAccountApiKeys(input);
  const offers = await steps.withdrawAccountOffers(input);
  const exportsRemoved = await steps.removeAccountExports(input);
  return { kind: 'deleted', position: offers.position ?? keys.position ?? deleted, sessionsEnded, apiKeysRevoked: keys.count, offersWithdrawn: offers.count, exportsRemoved };
}
