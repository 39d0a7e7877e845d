// The support agent's view of a user's own account (domain/support/account-answers.ts AccountFacts),
// read from the read models the screens read: the vault (tracks and their copyright checks, which
// the check fills with the matched passages), the token accounts and the releases.
import { DISTRIBUTION_STATUS_LABELS } from '../../domain/distribution/catalogue';
import { microsToTokens } from '../../domain/shared/tokens';
import type { AccountFacts } from '../../domain/support/account-answers';
import type { Queryable } from '../../infra/db/db';
import { listDistributions } from '../distributions/queries';
import { findTokenAccount } from '../tokens/queries';
import { listVault } from '../vault/queries';

export function accountFactsFromReadModels(db: Queryable): AccountFacts {
  return {
    async tracks(userId) {
      return (await listVault(db, userId)).map((item) => ({ id: item.id, title: item.title, stageLabel: item.workflow.stageLabel, check: item.copyrightCheck }));
    },
    async balance(userId) {
      const account = await findTokenAccount(db, userId);
      return account ? { availableTokens: microsToTokens(account.balanceMicros - account.heldMicros), heldTokens: microsToTokens(account.heldMicros) } : null;
    },
    async releases(userId) {
      return (await listDistributions(db, userId)).map((release) => ({ songName: release.songName, statusLabel: DISTRIBUTION_STATUS_LABELS[release.status], notice: release.notice }));
    },
  };
}
