// HTTP payloads of the wallet routes: a user's generated wallets (Polygon + XRP Ledger), the
// withdrawal of tokens to Polygon, and the XRP purchase (price, deposit address, QR code, card
// on-ramp). Amounts: tokens and XRP as numbers, up to 6 decimals.
import { z } from 'zod';
import { XRPL_NETWORKS } from '../track/stage.events';

export const generatedWalletSchema = z.object({
  /** The Polygon address (EIP-55). */
  address: z.string(),
  /** The XRP Ledger classic address. */
  xrplAddress: z.string(),
  network: z.literal('polygon'),
});

export const generateWalletResponseSchema = z.object({ wallet: generatedWalletSchema });
export type GenerateWalletResponse = z.infer<typeof generateWalletResponseSchema>;

/** Six decimals at most: a token is counted in micro-tokens. */
const sixDecimals = (value: number) => Math.abs(value * 1e6 - Math.round(value * 1e6)) < 1e-6;

export const withdrawRequestSchema = z.object({
  amount: z.number().positive('amount must be more than 0').max(1_000_000_000).refine(sixDecimals, 'amount has at most 6 decimals'),
});
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>;

export const withdrawResponseSchema = z.object({
  success: z.literal(true),
  /** The Polygon transaction of the ERC-20 transfer. */
  txHash: z.string(),
  /** Tokens sent. */
  amount: z.number(),
});
export type WithdrawResponse = z.infer<typeof withdrawResponseSchema>;

export const xrpPricingSchema = z.object({
  /** XRP to pay for the XRP package, rounded up to the drop. */
  xrpAmount: z.number(),
  usdAmount: z.number(),
  /** USD per XRP. */
  rate: z.number(),
  rateSource: z.string(),
  rateAt: z.string(),
});

export const xrpPricingResponseSchema = z.object({
  pricing: xrpPricingSchema.nullable(),
  /** Why there is no price (no rate configured). */
  error: z.string().optional(),
});
export type XrpPricingResponse = z.infer<typeof xrpPricingResponseSchema>;

export const xrpWalletInfoResponseSchema = z.object({
  walletAddress: z.string(),
  /** The XRP Ledger network this server uses, so the address is known to be a test one unless mainnet. */
  network: z.enum(XRPL_NETWORKS),
  /** XRP for the package at the configured rate; null without a rate. */
  requiredAmount: z.number().nullable(),
  /** balanceXrp >= requiredAmount; null when either is unknown. */
  funded: z.boolean().nullable(),
  /** Read from the ledger; null when no ledger is configured. */
  balanceXrp: z.number().nullable(),
  ledger: z.enum(['connected', 'not configured']),
  /** What could not be checked, said plainly. */
  note: z.string().optional(),
  /** Whether XRP arriving at this address becomes tokens on this server, said plainly. */
  deposits: z.object({ credited: z.boolean(), note: z.string() }),
});
export type XrpWalletInfoResponse = z.infer<typeof xrpWalletInfoResponseSchema>;

export const xrpQrCodeResponseSchema = z.object({
  /** A PNG data URL of the QR code encoding paymentUri. */
  qrCodeDataUrl: z.string(),
  /** `ripple:<address>?amount=<xrp>`; without a rate, `ripple:<address>` alone. */
  paymentUri: z.string(),
  /** The XRP amount in the URI; null when no rate gives one. */
  amount: z.number().nullable(),
});
export type XrpQrCodeResponse = z.infer<typeof xrpQrCodeResponseSchema>;

export const xrpPurchaseRequestSchema = z
  .object({
    /** XRP to buy; default the package's required amount. */
    amount: z.number().positive('amount must be more than 0').max(100_000_000).refine(sixDecimals, 'amount has at most 6 decimals').optional(),
  })
  .optional();

export const xrpPurchaseResponseSchema = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), purchaseUrl: z.string() }),
  z.object({ success: z.literal(false), error: z.string() }),
]);
export type XrpPurchaseResponse = z.infer<typeof xrpPurchaseResponseSchema>;
