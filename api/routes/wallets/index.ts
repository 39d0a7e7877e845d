// The wallet routes: generating a user's Polygon and XRP Ledger wallets (once; keys sealed and
// kept on the server), withdrawing tokens to the Polygon wallet as a real ERC-20 transfer (run by the
// withdrawal workflow), and the XRP purchase (price at the configured rate, the deposit address's
// balance on the ledger, a payment QR code, a card on-ramp link). What is not configured is said in the answer.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import {
  generateWalletResponseSchema,
  withdrawRequestSchema,
  withdrawResponseSchema,
  xrpPricingResponseSchema,
  xrpPurchaseRequestSchema,
  xrpPurchaseResponseSchema,
  xrpQrCodeResponseSchema,
  xrpWalletInfoResponseSchema,
} from '../../../domain/contracts/wallets';
import { IllegalStateError, PaymentRequiredError, ValidationError } from '../../../domain/shared/errors';
import { microsToTokens, tokensToMicros } from '../../../domain/shared/tokens';
import { findPackage } from '../../../domain/tokens/catalogue';
import { parsePosition } from '../../../infra/eventstore/event-store';
import { openUserWallets } from '../../../infra/wallets/open-wallets';
import { XrplUnreachableError } from '../../../infra/wallets/xrp-account';
import { findUserWallets, type UserWalletAddresses } from '../../../projections/wallets/queries';
import { noBody } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';

export const WITHDRAWALS_NOT_CONFIGURED = 'Withdrawals to Polygon are not offered on this server.';
const WITHDRAWALS_NEED_WORKFLOWS = 'Withdrawals need the workflow service, which is not running on this server';
// Said to users in plain words; operators find the settings (XRP_USD_RATE, XRPL_URL, XRP_ONRAMP_URL) in the start log and docs/wallets.md.
export const NO_XRP_RATE = 'No XRP price is set on this server, so the XRP for a package is not known';
export const NO_XRP_ONRAMP = 'Buying XRP by card is not available on this server';
const NO_XRPL_WALLET = 'This account has no XRPL wallet yet; generate a wallet first (POST /api/goose-tokens/generate-wallet)';
const NO_LEDGER_NOTE = 'This server is not connected to the XRP Ledger, so the balance of this address cannot be checked here';
const NO_RATE_NOTE = 'No XRP price is set on this server, so the amount to pay is not known';
const LEDGER_UNREACHABLE = 'Could not read the XRP balance: the XRP Ledger did not answer. Try again in a moment';
const DEPOSITS_NOT_CREDITED = 'XRP sent to this address will not be credited as tokens on this server.';

/** The XRP package's price in USD (1 token = 1 USD). */
const XRP_PACKAGE_USD = findPackage('xrp')!.price;

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector, wallets, ledger, withdrawals } = app.services;
  /** The user's wallet addresses from the read model, or a 409 saying to generate them. */
  const requireWallets = async (userId: string): Promise<UserWalletAddresses> => {
    const found = await findUserWallets(db, userId);
    if (!found) throw new IllegalStateError(NO_XRPL_WALLET);
    return found;
  };

  /** XRP for the XRP package at the configured rate, rounded up to the drop so a payment of it covers the price. */
  /** Whether XRP arriving at a deposit address becomes tokens here, in the user's words. */
  const deposits = () =>
    wallets.xrpDepositsCredited && wallets.xrpRate
      ? { credited: true, note: `XRP that arrives at this address is credited as tokens once the XRP Ledger validates the payment: ${wallets.xrpRate.rate} tokens per XRP, in whole cents rounded down.` }
      : { credited: false, note: DEPOSITS_NOT_CREDITED };

  const requiredXrp = (): number | null => (wallets.xrpRate ? Math.ceil((XRP_PACKAGE_USD / wallets.xrpRate.rate) * 1e6) / 1e6 : null);

  app.post('/api/goose-tokens/generate-wallet', { schema: { summary: 'Generate the signed-in user\'s Polygon and XRPL wallets (sign-up does it for new accounts; once: later calls answer the same wallets with 200)', tags: ['tokens'], body: noBody, response: { 200: generateWalletResponseSchema, 201: generateWalletResponseSchema } } }, async (request, reply) => {
    const userId = requireUserId(request);
    const opened = await openUserWallets(eventStore, wallets.keyBox, userId, { correlationId: request.id, actor: `user:${userId}` });
    await projector.waitFor(opened.position);
    const { polygonAddress, xrplAddress } = opened.wallets;
    return reply.status(opened.created ? 201 : 200).send({ wallet: { address: polygonAddress, xrplAddress, network: 'polygon' as const } });
  });

  app.post('/api/goose-tokens/withdraw', { schema: { summary: 'Withdraw tokens to the user\'s Polygon wallet: the ledger is debited and the ERC-20 sent from the treasury (given back if the transfer fails)', tags: ['tokens'], body: withdrawRequestSchema, response: { 200: withdrawResponseSchema } } }, async (request) => {
    const userId = requireUserId(request);
    if (!wallets.treasury) throw new HttpError(503, WITHDRAWALS_NOT_CONFIGURED);
    if (!withdrawals) throw new HttpError(503, WITHDRAWALS_NEED_WORKFLOWS);
    const found = await findUserWallets(db, userId);
    if (!found) throw new IllegalStateError('This account has no Polygon wallet to withdraw to; generate a wallet first (POST /api/goose-tokens/generate-wallet)');
    const amountMicros = tokensToMicros(request.body.amount);
    const amount = microsToTokens(amountMicros);
    const withdrawalId = randomUUID();
    // The debit, the transfer and the credit back run in the withdrawal's workflow (workflows/withdrawal).
    const outcome = await withdrawals.withdraw({ withdrawalId, userId, toAddress: found.polygonAddress, amountMicros, correlationId: request.id, actor: `user:${userId}` });
    if (outcome.kind !== 'insufficient' && outcome.position) await projector.waitFor(parsePosition(outcome.position));
    switch (outcome.kind) {
      case 'insufficient':
        throw new PaymentRequiredError(`Insufficient tokens: withdrawing ${amount} needs ${amount} tokens, your balance is ${microsToTokens(outcome.availableMicros)}`);
      case 'unconfirmed':
        request.log.warn({ userId, withdrawalId, txHash: outcome.txHash, amountMicros }, 'withdrawal sent but not confirmed: the debit stands until it is reconciled');
        throw new HttpError(504, `${outcome.reason}. Your tokens stay debited while it may still land; quote withdrawal ${withdrawalId} to support`);
      case 'refunded':
        // The node's reason stays in the log: the answer says what happened in plain words.
        request.log.warn({ userId, withdrawalId, amountMicros, reason: outcome.reason }, 'withdrawal failed; tokens credited back');
        throw new HttpError(502, `The ERC-20 transfer did not go through, so nothing was sent. Your ${amount} tokens were credited back`);
      case 'sent':
        request.log.info({ userId, withdrawalId, txHash: outcome.txHash, amountMicros }, 'withdrawal sent to Polygon');
        return { success: true as const, txHash: outcome.txHash, amount };
      default:
        return outcome satisfies never;
    }
  });

  app.get('/api/xrp/pricing', { schema: { summary: 'The XRP package\'s price in XRP at the configured rate (pricing null with an error when no rate is configured)', tags: ['tokens'], response: { 200: xrpPricingResponseSchema } } }, (request) => {
    requireUserId(request);
    const rate = wallets.xrpRate;
    const xrpAmount = requiredXrp();
    if (!rate || xrpAmount === null) return { pricing: null, error: NO_XRP_RATE };
    return { pricing: { xrpAmount, usdAmount: XRP_PACKAGE_USD, rate: rate.rate, rateSource: rate.source, rateAt: rate.at } };
  });

  app.get('/api/xrp/wallet-info', { schema: { summary: 'The user\'s XRPL deposit address and its network, the XRP required, and its balance on the ledger (whether it is funded)', tags: ['tokens'], response: { 200: xrpWalletInfoResponseSchema } } }, async (request, reply) => {
    // The ledger balance must not stay in a browser's or a proxy's cache.
    void reply.header('Cache-Control', 'no-store');
    const userId = requireUserId(request);
    const { xrplAddress } = await requireWallets(userId);
    const requiredAmount = requiredXrp();
    const { network } = ledger;
    if (!wallets.xrpAccounts) {
      return { walletAddress: xrplAddress, network, requiredAmount, funded: null, balanceXrp: null, ledger: 'not configured' as const, note: NO_LEDGER_NOTE, deposits: deposits() };
    }
    let balanceXrp: number;
    try {
      balanceXrp = await wallets.xrpAccounts.balanceXrp(xrplAddress);
    } catch (error) {
      if (error instanceof XrplUnreachableError) {
        request.log.warn({ err: error, xrplAddress }, 'XRP balance not read');
        throw new HttpError(502, LEDGER_UNREACHABLE);
      }
      throw error;
    }
    return {
      walletAddress: xrplAddress,
      network,
      requiredAmount,
      funded: requiredAmount === null ? null : balanceXrp >= requiredAmount,
      balanceXrp,
      ledger: 'connected' as const,
      ...(requiredAmount === null ? { note: NO_RATE_NOTE } : {}),
      deposits: deposits(),
    };
  });

  app.get('/api/xrp/qr-code', { schema: { summary: 'A QR code of the payment request (ripple:<address>?amount=<xrp>) for the user\'s XRPL address', tags: ['tokens'], response: { 200: xrpQrCodeResponseSchema } } }, async (request) => {
    const userId = requireUserId(request);
    const { xrplAddress } = await requireWallets(userId);
    const amount = requiredXrp();
    const paymentUri = xrpPaymentUri(xrplAddress, amount);
    const qrCodeDataUrl = await QRCode.toDataURL(paymentUri, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
    return { qrCodeDataUrl, paymentUri, amount };
  });

  app.post('/api/xrp/purchase', { schema: { summary: 'A card on-ramp link that buys XRP into the user\'s XRPL address (success false when no on-ramp is configured)', tags: ['tokens'], body: xrpPurchaseRequestSchema, response: { 200: xrpPurchaseResponseSchema } } }, async (request) => {
    const userId = requireUserId(request);
    const { xrplAddress } = await requireWallets(userId);
    const template = wallets.onrampUrlTemplate;
    if (!template) return { success: false as const, error: NO_XRP_ONRAMP };
    const amount = request.body?.amount ?? requiredXrp();
    if (amount === null && template.includes('{amount}')) {
      throw new ValidationError('Give an amount of XRP: no XRP price is set on this server to work out the package price');
    }
    const purchaseUrl = template
      .replaceAll('{address}', encodeURIComponent(xrplAddress))
      .replaceAll('{amount}', amount === null ? '' : encodeURIComponent(formatXrp(amount)));
    request.log.info({ userId, xrplAddress, amount }, 'XRP on-ramp link made');
    return { success: true as const, purchaseUrl };
  });
};

/** The payment request URI wallets read from a QR code: `ripple:<address>?amount=<xrp>`. */
export function xrpPaymentUri(address: string, amountXrp: number | null): string {
  return amountXrp === null ? `ripple:${address}` : `ripple:${address}?amount=${formatXrp(amountXrp)}`;
}

/** XRP with up to 6 decimals, never in exponent form. */
function formatXrp(amount: number): string {
  return amount.toFixed(6).replace(/\.?0+$/, '');
}
