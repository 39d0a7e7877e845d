// What the API asks about a signed-in user: who they are and which roles they hold, read from the
// user's own events (never a read model that may lag behind a grant or a revocation).
import type { Role } from '../contracts/roles';

export interface Viewer {
  userId: string;
  username: string;
  /** Always includes creator. */
  roles: Role[];
}

/** The user's name and roles, or null for an id with no account. */
export type RolesOf = (userId: string) => Promise<Viewer | null>;

/**
 * The name a document shows for a user: their username, which never changes once registered. Null
 * for an id with no account. Signed documents (license certificates, contract terms) name people
 * this way and never by their id.
 */
export interface UserNames {
  nameOf(userId: string): Promise<string | null>;
}
