// Opening token accounts: at signup, and at start for every user who has none (accounts registered
// before the token ledger, whose welcome bonus sits on their user stream, and any signup that
// stopped between its two appends). Opening is idempotent: an open account decides nothing.
import { WELCOME_BONUS_TOKENS } from '../../domain/constants';
import { TokensCredited, userStreamId } from '../../domain/identity/user.events';
import { tokensToMicros } from '../../domain/shared/tokens';
import type { Queryable } from '../db/db';
import type { EventStore } from '../eventstore/event-store';
import { logger } from '../logger/logger';
import type { LedgerContext, LedgerResult, TokenLedger } from './token-ledger';

export function openTokenAccount(ledger: TokenLedger, userId: string, context: LedgerContext, welcomeBonusMicros = tokensToMicros(WELCOME_BONUS_TOKENS)): Promise<LedgerResult> {
  return ledger.execute(userId, { type: 'OpenAccount', data: { userId, welcomeBonusMicros } }, context);
}

/** Opens an account for each user the users read model lists without one; answers how many it opened. */
export async function openMissingAccounts(db: Queryable, eventStore: EventStore, ledger: TokenLedger): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT users.id::text AS id FROM users LEFT JOIN token_accounts ON token_accounts.user_id = users.id WHERE token_accounts.user_id IS NULL',
  );
  let opened = 0;
  for (const { id } of rows) {
    const legacyCredits = (await eventStore.readStream(userStreamId(id)))
      .filter((event) => event.type === TokensCredited.type)
      .reduce((sum, event) => sum + (event.data as { amountMicros: number }).amountMicros, 0);
    const { events } = await openTokenAccount(ledger, id, { correlationId: `open-accounts-${id}`, actor: 'system:open-accounts' }, legacyCredits || undefined);
    if (events.length > 0) opened += 1;
  }
  if (opened > 0) logger.info({ opened }, 'token accounts opened for existing users');
  return opened;
}
