// The users read model: account and login lookup by username, and who holds which granted role
// (for lists; the API checks roles from the user's events). Token balances are the tokens read
// model's (projections/tokens). Version 2 dropped the balance kept here before the ledger;
// version 3 added the roles; version 4 follows password changes (sign-in reads the hash here) and
// keeps the confirmed e-mail address, both announced as the 'account' read model; version 5 clears a
// deleted account's name, address and password hash; version 6 keeps the version of the terms the
// user accepted (TermsAccepted, announced as 'account'); version 7 keeps an operator's suspension
// (UserSuspended / UserReinstated: sign-in, API keys and the operations page read it).
import { z } from 'zod';
import { UserReinstated, UserSuspended } from '../../domain/identity/lockdown.events';
import { UserRoleGranted, UserRoleRevoked } from '../../domain/identity/role.events';
import { DELETED_USERNAME } from '../../domain/account-data/deletion-rules';
import { TermsAccepted, UserAccountDeleted, UserEmailConfirmed, UserEmailRemoved, UserPasswordChanged, UserRegistered } from '../../domain/identity/user.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

export const usersProjection: Projection = {
  name: 'users',
  version: 7,
  tables: ['users', 'user_roles'],
  // user_token_credits: version 1's balance table, gone since the token ledger.
  schema: `
    DROP TABLE IF EXISTS user_token_credits;
    CREATE TABLE IF NOT EXISTS users (
      id uuid PRIMARY KEY,
      username text NOT NULL,
      username_lower text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      email text,
      email_lower text,
      email_confirmed_at timestamptz,
      deleted_at timestamptz,
      terms_version integer,
      suspended_at timestamptz,
      suspended_by text,
      suspension_reason text
    );
    CREATE INDEX IF NOT EXISTS users_email_lower_idx ON users (email_lower);
    CREATE TABLE IF NOT EXISTS user_roles (
      user_id uuid NOT NULL,
      role text NOT NULL,
      granted_by text NOT NULL,
      granted_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, role)
    );`,
  handles: new Set([UserRegistered.type, UserRoleGranted.type, UserRoleRevoked.type, UserPasswordChanged.type, UserEmailConfirmed.type, UserEmailRemoved.type, UserAccountDeleted.type, TermsAccepted.type, UserSuspended.type, UserReinstated.type]),
  async apply(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null> {
    if (event.type === UserPasswordChanged.type) {
      const data = event.data as z.output<typeof UserPasswordChanged.schema>;
      await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [data.userId, data.passwordHash]);
      return readModelChange('account', event, data.userId, data.userId);
    }
    if (event.type === TermsAccepted.type) {
      const data = event.data as z.output<typeof TermsAccepted.schema>;
      // The highest version wins, so replaying an older acceptance leaves the row as it was.
      await tx.query('UPDATE users SET terms_version = GREATEST(COALESCE(terms_version, 0), $2) WHERE id = $1', [data.userId, data.version]);
      return readModelChange('account', event, data.userId, data.userId);
    }
    if (event.type === UserEmailConfirmed.type) {
      const data = event.data as z.output<typeof UserEmailConfirmed.schema>;
      await tx.query('UPDATE users SET email = $2, email_lower = lower($2), email_confirmed_at = $3 WHERE id = $1', [data.userId, data.email, data.confirmedAt]);
      return readModelChange('account', event, data.userId, data.userId);
    }
    if (event.type === UserEmailRemoved.type) {
      const data = event.data as z.output<typeof UserEmailRemoved.schema>;
      await tx.query('UPDATE users SET email = NULL, email_lower = NULL, email_confirmed_at = NULL WHERE id = $1', [data.userId]);
      return readModelChange('account', event, data.userId, data.userId);
    }
    if (event.type === UserSuspended.type) {
      const data = event.data as z.output<typeof UserSuspended.schema>;
      await tx.query('UPDATE users SET suspended_at = $2, suspended_by = $3, suspension_reason = $4 WHERE id = $1', [data.userId, data.suspendedAt, data.decidedBy, data.reason]);
      return change(event, data.userId);
    }
    if (event.type === UserReinstated.type) {
      const data = event.data as z.output<typeof UserReinstated.schema>;
      // Only a reinstatement recorded after the suspension lifts it, so a replay ends as the stream does.
      await tx.query('UPDATE users SET suspended_at = NULL, suspended_by = NULL, suspension_reason = NULL WHERE id = $1 AND suspended_at <= $2', [data.userId, data.reinstatedAt]);
      return change(event, data.userId);
    }
    if (event.type === UserRoleGranted.type) {
      const data = event.data as z.output<typeof UserRoleGranted.schema>;
      await tx.query(`INSERT INTO user_roles (user_id, role, granted_by, granted_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, role) DO NOTHING`, [
        data.userId, data.role, data.grantedBy, data.grantedAt,
      ]);
      return change(event, data.userId);
    }
    if (event.type === UserRoleRevoked.type) {
      const data = event.data as z.output<typeof UserRoleRevoked.schema>;
      // Only a revocation recorded after the grant removes it: replaying an old revocation over a later grant must not.
      await tx.query(`DELETE FROM user_roles WHERE user_id = $1 AND role = $2 AND granted_at <= $3`, [data.userId, data.role, data.revokedAt]);
      return change(event, data.userId);
    }
    if (event.type === UserAccountDeleted.type) {
      const data = event.data as z.output<typeof UserAccountDeleted.schema>;
      // The name no login can match (usernames have no colon) and no password hash: sign-in finds no account.
      await tx.query(`UPDATE users SET username = $2, username_lower = $3, password_hash = '', email = NULL, email_lower = NULL, email_confirmed_at = NULL, deleted_at = $4 WHERE id = $1`, [
        data.userId, DELETED_USERNAME, `deleted:${data.userId}`, data.deletedAt,
      ]);
      await tx.query('DELETE FROM user_roles WHERE user_id = $1', [data.userId]);
      return change(event, data.userId);
    }
    if (event.type !== UserRegistered.type) return null;
    const data = event.data as z.output<typeof UserRegistered.schema>;
    await tx.query(
      `INSERT INTO users (id, username, username_lower, password_hash, created_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
      [data.userId, data.username, data.username.toLowerCase(), data.passwordHash, event.recordedAt],
    );
    return change(event, data.userId);
  },
};
function change(event: RecordedEvent, userId: string): ReadModelChange {
  return {
    readModel: 'user',
    ownerId: userId,
    subjectId: userId,
    streamId: event.streamId,
    eventType: event.type,
    workflowId: event.metadata.workflowId,
    recordedAt: event.recordedAt.toISOString(),
  };
}
