// HTTP payloads of the token routes: balance, packages, plans and purchases. Amounts are tokens
// (1 token = 1 USD) with up to 6 decimals.
import { z } from 'zod';
import { PRICED_SERVICES, SUBSCRIPTION_TIER_IDS, TOKEN_PACKAGE_IDS } from '../tokens/catalogue';
import { CAPABILITY_IDS } from '../platform/capabilities';

const serviceId = z.enum(PRICED_SERVICES);

export const pricingResponseSchema = z.object({
  /** The pricing map: tokens per use of each priced step. */
  pricing: z.record(serviceId, z.number()),
  /** Each priced step with the capability it sells (null: every server does it) and whether this server has it. */
  services: z.array(z.object({ id: serviceId, label: z.string(), price: z.number(), capability: z.enum(CAPABILITY_IDS).nullable(), available: z.boolean() })),
  /** Card packages need card payments; the XRP pack needs XRP deposits to be credited. */
  packages: z.array(z.object({ id: z.enum(TOKEN_PACKAGE_IDS), name: z.string(), price: z.number(), tokens: z.number(), type: z.literal('xrp').optional(), capability: z.enum(CAPABILITY_IDS), available: z.boolean() })),
  subscriptionTiers: z.array(
    z.object({
      id: z.enum(SUBSCRIPTION_TIER_IDS),
      name: z.string(),
      price: z.number(),
      monthlyPrice: z.number(),
      tokens: z.number(),
      allowances: z.partialRecord(serviceId, z.union([z.number(), z.literal('unlimited')])),
      /** The lines this server really sells (those whose capability is available). */
      features: z.array(z.string()),
      /** Every line of the tier with the capability it sells and whether this server has it. */
      featureLines: z.array(z.object({ text: z.string(), capability: z.enum(CAPABILITY_IDS).nullable(), available: z.boolean() })),
      recommended: z.boolean(),
    }),
  ),
  /** Free steps, said plainly. */
  free: z.array(z.string()),
  lowBalanceWarning: z.number(),
  lowTokenPopup: z.number(),
  usdPerToken: z.number(),
});
export type PricingResponse = z.infer<typeof pricingResponseSchema>;

export const subscriptionStatusSchema = z.object({
  tierId: z.enum(SUBSCRIPTION_TIER_IDS),
  periodEnd: z.string(),
  /** Set once cancelled: the allowances stop then. */
  endsAt: z.string().nullable(),
  /** Uses of each allowance this period. */
  used: z.record(z.string(), z.number()),
});

export const balanceResponseSchema = z.object({
  /** What the user can spend: the ledger balance minus what running steps hold. */
  balance: z.number(),
  /** Reserved by steps that are running. */
  held: z.number(),
  /** Credits minus charges and debits. */
  ledgerBalance: z.number(),
  /** The user's Polygon wallet address; null until the user generates their wallets (the balance does not need them). */
  wallet: z.string().nullable(),
  subscription: subscriptionStatusSchema.nullable(),
});
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;

export const tokenTransactionSchema = z.object({
  id: z.string(),
  /** credit, charge (a step's price: held, then charged or returned), release (a charge given back), debit. */
  kind: z.enum(['credit', 'charge', 'release', 'debit']),
  /** Why: a credit's cause (welcome_bonus, purchase, ...), a charge's service, a debit's cause. */
  cause: z.string(),
  status: z.enum(['completed', 'held', 'charged', 'returned']),
  coveredBySubscription: z.boolean(),
  /** Signed: what it added to (or took from) the spendable balance. */
  amount: z.number(),
  /** The spendable balance right after it. */
  balanceAfter: z.number(),
  description: z.string(),
  reference: z.string().nullable(),
  occurredAt: z.string(),
});
export type TokenTransaction = z.infer<typeof tokenTransactionSchema>;

export const transactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const transactionsResponseSchema = z.object({ transactions: z.array(tokenTransactionSchema) });

export const syncTokensResponseSchema = z.object({
  success: z.literal(true),
  /** The spendable balance rebuilt from the ledger's events. */
  balance: z.number(),
  /** What the read model showed before. */
  previousBalance: z.number(),
  /** Rebuilt minus previous (0: nothing to repair). */
  difference: z.number(),
  repaired: z.boolean(),
  /** The ledger events replayed. */
  eventsReplayed: z.number(),
  message: z.string(),
});
export type SyncTokensResponse = z.infer<typeof syncTokensResponseSchema>;
