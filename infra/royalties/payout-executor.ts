// Pays the lines of a royalty payout run (the PayoutExecutor port). A creator's or receiver's line
// with a platform user is a token-ledger credit (cause `payout`, reference `payout-<runId>-<line>`:
// the account credits a reference once). A receiver's line with an XRPL address is a Payment in XRP
// from the platform account at XRP_USD_RATE, its signed blob recorded on the line's own stream
// before it is submitted, so a retry settles that same Payment instead of paying again. The
// platform's line is recorded as kept. When XRP cannot be sent (no XRPL_URL or XRP_USD_RATE, or
// the ledger refused the Payment) the line is credited in tokens to the receiver's platform user,
// or, without one, only recorded — the answer's `reason` says which and why.
import { ConcurrencyError } from '../../domain/shared/errors';
import type { PaidLine, PayoutExecutor, PayoutLine } from '../../domain/royalties/ports';
import { xrplPayoutDecider, evolveXrplPayout, initialXrplPayoutState, type XrplPayoutCommand, type XrplPayoutState } from '../../domain/royalties/xrpl-payout.decider';
import { payoutReference, xrplPayoutStreamId, type XrplPayoutEvent } from '../../domain/royalties/xrpl-payout.events';
import { handleCommand } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';
import { logger } from '../logger/logger';
import type { TokenLedger } from '../tokens/token-ledger';
import { parseWalletConfig } from '../wallets/config';
import { loadPlatformWallet } from '../xrpl/platform-wallet';
import { xrplPaymentSender, type XrplPaymentSender } from './xrpl-payment-sender';

/** 1 cent = 10,000 micro-tokens (1 token = 1 USD). */
const MICROS_PER_CENT = 10_000;
// Why an XRP line was not paid in XRP, as its receiver and creator read it: no setting names (the
// executor's start log names them for operators).
export const XRP_PAYOUTS_OFF = 'XRP payouts are not offered on this server (it has no connection to the XRP Ledger), so no XRP was sent';
export const XRP_UNPRICED = 'This server has no XRP price, so the cents could not be converted to XRP';
/** Sign / settle rounds before giving up for this attempt (each expired Payment takes one more). */
const MAX_XRPL_ROUNDS = 6;
const MAX_DESCRIPTION = 300;

export interface PayoutExecutorOptions {
  eventStore: EventStore;
  ledger: TokenLedger;
  /** Null without XRPL_URL: XRPL lines then fall back as described above. */
  xrpl: { sender: XrplPaymentSender; xrpUsdRate: number | null } | null;
}

type Run = Parameters<PayoutExecutor['pay']>[0];
type Context = Parameters<PayoutExecutor['pay']>[3];

export function createPayoutExecutor(options: PayoutExecutorOptions): PayoutExecutor {
  const { eventStore, ledger, xrpl } = options;

  async function credit(run: Run, lineIndex: number, line: PayoutLine, userId: string, context: Context, reason: string | null): Promise<PaidLine> {
    const reference = payoutReference(run.runId, lineIndex);
    const share = line.party === 'creator' ? 'creator share' : `receiver share of ${line.name}`;
    const description = `Royalty payout for "${run.contentTitle}": ${share} (${line.percentage}%)`.slice(0, MAX_DESCRIPTION);
    await ledger.execute(userId, { type: 'Credit', data: { amountMicros: line.amountCents * MICROS_PER_CENT, cause: 'payout', reference, description } }, context);
    return { method: 'token_credit', txHash: null, reason };
  }

  /** An XRPL line that is not paid in XRP: in tokens to the receiver's user, else only recorded. */
  function fallBack(run: Run, lineIndex: number, line: PayoutLine, context: Context, why: string): Promise<PaidLine> {
    if (line.userId) return credit(run, lineIndex, line, line.userId, context, `${why}; credited in tokens to the receiver's GOOSE account instead`);
    return Promise.resolve({ method: 'recorded', txHash: null, reason: `${why}; recorded unpaid: the receiver has no GOOSE account to credit` });
  }

  async function readLine(streamId: string): Promise<{ state: XrplPayoutState; version: number }> {
    const events = await eventStore.readStream(streamId);
    const state = events.reduce((s, e) => evolveXrplPayout(s, { type: e.type, data: e.data } as XrplPayoutEvent), initialXrplPayoutState);
    return { state, version: events.length };
  }

  async function record(streamId: string, command: XrplPayoutCommand, context: Context): Promise<void> {
    try {
      await handleCommand(eventStore, streamId, xrplPayoutDecider, command, context);
    } catch (error) {
      // Another worker recorded first: the next round reads what it recorded.
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }

  /** Pays the line in XRP; null when the ledger refused it for good (the caller falls back). */
  async function payInXrp(run: Run, lineIndex: number, line: PayoutLine & { receiverWallet: string }, context: Context): Promise<PaidLine | { refused: string }> {
    const streamId = xrplPayoutStreamId(run.runId, lineIndex);
    for (let round = 0; round < MAX_XRPL_ROUNDS; round += 1) {
      const { state, version } = await readLine(streamId);
      if (state.status === 'validated') return { method: 'xrpl_payment', txHash: state.signed.txHash, reason: null };
      if (state.status === 'failed') return { refused: state.reason };
      if (version === 0 && line.userId && (await ledger.account(line.userId)).references.has(payoutReference(run.runId, lineIndex))) {
        // Paid in tokens by an earlier attempt that could not send XRP: that stays the line's payment.
        return { method: 'token_credit', txHash: null, reason: 'Credited in tokens by an earlier attempt' };
      }
      if (!xrpl?.xrpUsdRate) throw new Error(`XRP payout ${streamId} was started but XRPL_URL or XRP_USD_RATE is no longer set: it cannot be settled`);

      if (state.status === 'signed') {
        const outcome = await xrpl.sender.settle({ txHash: state.signed.txHash, txBlob: state.signed.txBlob, account: state.signed.account, lastLedgerSequence: state.signed.lastLedgerSequence });
        const txHash = state.signed.txHash;
        if (outcome.status === 'validated') await record(streamId, { type: 'RecordValidated', data: { txHash, ledgerIndex: outcome.ledgerIndex } }, context);
        else if (outcome.status === 'failed') await record(streamId, { type: 'RecordFailed', data: { txHash, resultCode: outcome.resultCode, reason: outcome.reason.slice(0, 500) } }, context);
        else await record(streamId, { type: 'RecordExpired', data: { txHash, reason: outcome.reason.slice(0, 500) } }, context);
        continue;
      }

      const reference = payoutReference(run.runId, lineIndex);
      const amountDrops = String(Math.round((line.amountCents * MICROS_PER_CENT) / xrpl.xrpUsdRate));
      const signed = await xrpl.sender.signPayment({ destination: line.receiverWallet, amountDrops, memo: { reference, runId: run.runId, contractId: run.contractId, lineIndex } });
      await record(
        streamId,
        {
          type: 'RecordSigned',
          data: {
            reference,
            runId: run.runId,
            contractId: run.contractId,
            lineIndex,
            account: signed.account,
            destination: line.receiverWallet,
            amountCents: line.amountCents,
            amountDrops,
            xrpUsdRate: xrpl.xrpUsdRate,
            txHash: signed.txHash,
            txBlob: signed.txBlob,
            lastLedgerSequence: signed.lastLedgerSequence,
          },
        },
        context,
      );
    }
    throw new Error(`XRP payout ${streamId} did not settle in ${MAX_XRPL_ROUNDS} rounds; it will be tried again`);
  }

  return {
    async pay(run, lineIndex, line, context) {
      if (line.party === 'platform') return { method: 'recorded', txHash: null, reason: null };
      if (line.amountCents === 0) return { method: 'recorded', txHash: null, reason: 'The share rounds to 0 cents on this run: nothing to pay' };

      if (line.party === 'receiver' && line.receiverWallet) {
        const wallet = line.receiverWallet;
        const started = (await readLine(xrplPayoutStreamId(run.runId, lineIndex))).version > 0;
        if (!xrpl && !started) return fallBack(run, lineIndex, line, context, XRP_PAYOUTS_OFF);
        if (xrpl && !xrpl.xrpUsdRate && !started) return fallBack(run, lineIndex, line, context, XRP_UNPRICED);
        if (Math.round((line.amountCents * MICROS_PER_CENT) / (xrpl?.xrpUsdRate ?? 1)) < 1) return fallBack(run, lineIndex, line, context, 'The share is below one drop of XRP');
        const paid = await payInXrp(run, lineIndex, { ...line, receiverWallet: wallet }, context);
        if ('refused' in paid) {
          logger.warn({ runId: run.runId, lineIndex, reason: paid.refused }, 'XRP payout refused by the ledger; falling back');
          return fallBack(run, lineIndex, line, context, paid.refused);
        }
        return paid;
      }

      if (line.userId) return credit(run, lineIndex, line, line.userId, context, null);
      return { method: 'recorded', txHash: null, reason: `${line.name} has neither a GOOSE account nor an XRPL address to pay: recorded unpaid` };
    },
  };
}

/**
 * The executor as the app and the worker open it: XRP payouts from the platform account (the one
 * registrations use: XRPL_SEED or the key under <dataDir>/keys) when XRPL_URL is set, at XRP_USD_RATE.
 */
export async function openPayoutExecutor(options: { eventStore: EventStore; ledger: TokenLedger; dataDir: string; env?: NodeJS.ProcessEnv }): Promise<PayoutExecutor & { close(): Promise<void> }> {
  const env = options.env ?? process.env;
  const url = env.XRPL_URL?.trim() || null;
  const xrpUsdRate = parseWalletConfig(env).xrpRate?.rate ?? null;
  const sender = url ? xrplPaymentSender(url, (await loadPlatformWallet(options.dataDir, env)).wallet) : null;
  logger.info({ xrpPayouts: sender ? (xrpUsdRate ? `from ${sender.account} at ${xrpUsdRate} USD/XRP` : 'off: XRP_USD_RATE is not set') : 'off: XRPL_URL is not set' }, 'payout executor ready');
  const executor = createPayoutExecutor({ eventStore: options.eventStore, ledger: options.ledger, xrpl: sender ? { sender, xrpUsdRate } : null });
  return { pay: executor.pay, close: async () => sender?.close() };
}
