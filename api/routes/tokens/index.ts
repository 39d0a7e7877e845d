// The token wallet's routes: the price list every screen reads, the balance,
// the history, and Fix Tokens, which rebuilds the user's balance from the ledger's events.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  balanceResponseSchema,
  pricingResponseSchema,
  syncTokensResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
} from '../../../domain/contracts/tokens';
import { microsToTokens } from '../../../domain/shared/tokens';
import { pricingOf } from '../../../domain/tokens/price-list';
import { tokenAccountStreamId } from '../../../domain/tokens/token-account.events';
import { rebuildTokenAccount } from '../../../projections/tokens/projection';
import { findTokenAccount, listTokenTransactions } from '../../../projections/tokens/queries';
import { findUserWallets } from '../../../projections/wallets/queries';
import { noBody, PUBLIC } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import { IllegalStateError } from '../../../domain/shared/errors';

export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, capabilities } = app.services;
  const pricing = pricingOf(capabilities);
  app.get('/api/goose-tokens/pricing', { schema: { summary: 'The price list as this server sells it: tokens per priced step, token packages and subscription tiers, each line marked with the capability it needs', tags: ['tokens'], ...PUBLIC, response: { 200: pricingResponseSchema } } }, () => pricing);

  app.get('/api/goose-tokens/balance', { schema: { summary: 'The signed-in user\'s spendable balance, what running steps hold, and the subscription', tags: ['tokens'], response: { 200: balanceResponseSchema } } }, async (request, reply) => {
    // A balance (or a key shown once) must not stay in a browser's or a proxy's cache.
    void reply.header('Cache-Control', 'no-store');
    const userId = requireUserId(request);
    // The balance is the token account's, opened with the welcome bonus at sign-up; the Polygon
    // wallet is only where withdrawals go, so an account without one still has its balance.
    const wallets = await findUserWallets(db, userId);
    const account = await findTokenAccount(db, userId);
    if (!account) throw new IllegalStateError('This account has no token account yet; use Fix Tokens to open it');
    return {
      balance: microsToTokens(account.balanceMicros - account.heldMicros),
      held: microsToTokens(account.heldMicros),
      ledgerBalance: microsToTokens(account.balanceMicros),
      wallet: wallets?.polygonAddress ?? null,
      subscription: account.subscription,
    };
  });

  app.get('/api/goose-tokens/transactions', { schema: { summary: 'The signed-in user\'s token history, newest first: what, when, why and the balance after', tags: ['tokens'], querystring: transactionsQuerySchema, response: { 200: transactionsResponseSchema } } }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return { transactions: await listTokenTransactions(db, requireUserId(request), request.query.limit) };
  });

  app.post('/api/debug/sync-tokens', { schema: { summary: 'Fix Tokens: rebuild the balance from the ledger\'s events and report what was repaired', tags: ['tokens'], body: noBody, response: { 200: syncTokensResponseSchema } } }, async (request, reply) => {
    // A balance (or a key shown once) must not stay in a browser's or a proxy's cache.
    void reply.header('Cache-Control', 'no-store');
    const userId = requireUserId(request);
    const before = await findTokenAccount(db, userId);
    const events = await eventStore.readStream(tokenAccountStreamId(userId));
    if (events.length === 0) throw new IllegalStateError('This user has no token account events to rebuild from');
    await db.transaction((tx) => rebuildTokenAccount(tx, userId, events));
    const after = await findTokenAccount(db, userId);
    const spendable = (account: typeof before) => (account ? account.balanceMicros - account.heldMicros : 0);
    const differenceMicros = spendable(after) - spendable(before);
    const repaired = differenceMicros !== 0 || before?.heldMicros !== after?.heldMicros;
    request.log.info({ userId, differenceMicros, repaired }, 'token balance rebuilt from the ledger');
    return {
      success: true as const,
      balance: microsToTokens(spendable(after)),
      previousBalance: microsToTokens(spendable(before)),
      difference: microsToTokens(differenceMicros),
      repaired,
      eventsReplayed: events.length,
      message: repaired
        ? `Your balance was rebuilt from ${events.length} ledger events and corrected by ${microsToTokens(differenceMicros).toFixed(2)} tokens`
        : `Your balance matches the ledger's ${events.length} events; nothing needed fixing`,
    };
  });
};
