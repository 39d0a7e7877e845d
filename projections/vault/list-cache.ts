// Each user's vault list, kept in memory between the changes that alter it. The vault is the page
// every signed-in browser polls and refetches; without this, each read is a database round trip
// and a fold of every row. The projector reports every committed change to a user's vault rows
// (it is the only writer of vault_items), so an entry lives exactly until its owner's next change.
// A read that raced a change is answered but not kept, so the cache never holds what the change
// replaced.
import type { Queryable } from '../../infra/db/db';
import type { ReadModelChange } from '../projection';
import { listVault } from './queries';
import type { VaultItem } from '../../domain/contracts/vault';

/** Users whose lists are kept; the least recently read is dropped first. */
const MAX_USERS = 2_000;

export class VaultListCache {
  private readonly lists = new Map<string, VaultItem[]>();
  /** Per user, how many changes have been seen: a read keeps its result only if none came meanwhile. */
  private readonly generations = new Map<string, number>();

  constructor(private readonly db: Queryable) {}

  async list(ownerId: string): Promise<VaultItem[]> {
    const kept = this.lists.get(ownerId);
    if (kept) {
      // Most recently read last, for the eviction below.
      this.lists.delete(ownerId);
      this.lists.set(ownerId, kept);
      return kept;
    }
    const generation = this.generations.get(ownerId) ?? 0;
    const items = await listVault(this.db, ownerId);
    if ((this.generations.get(ownerId) ?? 0) === generation) {
      this.lists.set(ownerId, items);
      if (this.lists.size > MAX_USERS) this.lists.delete(this.lists.keys().next().value!);
    }
    return items;
  }

  /** The projector's change listener. */
  readonly changed = (change: ReadModelChange): void => {
    if (change.readModel !== 'vault') return;
    this.lists.delete(change.ownerId);
    this.generations.set(change.ownerId, (this.generations.get(change.ownerId) ?? 0) + 1);
  };
}
