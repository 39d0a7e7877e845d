// Sends royalty payouts in XRP from the platform's XRP Ledger account (the one that signs
// registrations): signs a Payment carrying the payout's reference as a memo, and settles a signed
// blob — looks it up by hash first, submits it only when the ledger does not hold it, and follows
// it until it is validated, refused, or can never be applied (its LastLedgerSequence passed).
// Errors that may pass on a later try are XrplNetworkError; the caller's retry re-settles the same blob.
import { Client, convertStringToHex, hashes, RippledError, type Payment, type Wallet } from 'xrpl';
import { logger } from '../logger/logger';
import { XrplNetworkError } from '../xrpl/ledger';

export const PAYOUT_MEMO_TYPE = 'goose/payout';

export interface PayoutMemo {
  reference: string;
  runId: string;
  contractId: string;
  lineIndex: number;
}

export interface SignedPayment {
  txHash: string;
  txBlob: string;
  account: string;
  lastLedgerSequence: number;
}

export type PaymentOutcome =
  | { status: 'validated'; ledgerIndex: number }
  /** On the ledger with a tec result, or refused before it: no XRP moved and this blob never will. */
  | { status: 'failed'; resultCode: string; reason: string }
  /** Its LastLedgerSequence passed and the ledger does not hold it: it can never be applied. */
  | { status: 'expired'; reason: string };

export interface XrplPaymentSender {
  readonly account: string;
  signPayment(payment: { destination: string; amountDrops: string; memo: PayoutMemo }): Promise<SignedPayment>;
  settle(signed: SignedPayment): Promise<PaymentOutcome>;
  close(): Promise<void>;
}

const REQUEST_TIMEOUT_MS = 10_000;
const MAX_FEE_XRP = '0.01';
const VALIDATION_WAIT_MS = 20_000;
const POLL_MS = 250;
/** rippled results meaning the blob reached the ledger's consideration; validation decides. */
const PENDING_RESULTS = new Set(['tesSUCCESS', 'terQUEUED', 'tefALREADY', 'tefPAST_SEQ', 'tefMAX_LEDGER', 'terPRE_SEQ']);

export function xrplPaymentSender(url: string, wallet: Wallet): XrplPaymentSender {
  let client: Client | null = null;

  async function connected(): Promise<Client> {
    if (client?.isConnected()) return client;
    const fresh = new Client(url, { timeout: REQUEST_TIMEOUT_MS, connectionTimeout: REQUEST_TIMEOUT_MS, maxFeeXRP: MAX_FEE_XRP });
    fresh.on('error', (code: string, message: string) => logger.warn({ url, code, message }, 'XRPL connection error (payouts)'));
    try {
      await fresh.connect();
    } catch (error) {
      await fresh.disconnect().catch(() => undefined);
      throw new XrplNetworkError(`Could not connect to the XRP Ledger at ${url}: ${messageOf(error)}`, { cause: error });
    }
    client = fresh;
    return fresh;
  }

  async function call<T>(action: string, exchange: (c: Client) => Promise<T>): Promise<T> {
    const c = await connected();
    try {
      return await exchange(c);
    } catch (error) {
      if (!(error instanceof RippledError)) {
        client = null;
        await c.disconnect().catch(() => undefined);
      }
      throw new XrplNetworkError(`Could not ${action} at ${url}: ${messageOf(error)}`, { cause: error });
    }
  }

  /** The transaction as the ledger holds it: validated with its result, pending, or absent. */
  async function lookup(txHash: string): Promise<{ validated: boolean; ledgerIndex: number | null; result: string | null } | null> {
    const c = await connected();
    try {
      const { result } = await c.request({ command: 'tx', transaction: txHash });
      const meta = typeof result.meta === 'object' ? result.meta : null;
      return { validated: result.validated === true, ledgerIndex: result.ledger_index ?? null, result: meta?.TransactionResult ?? null };
    } catch (error) {
      if (error instanceof RippledError && (error.data as { error?: string } | undefined)?.error === 'txnNotFound') return null;
      throw new XrplNetworkError(`Could not look payment ${txHash} up at ${url}: ${messageOf(error)}`, { cause: error });
    }
  }

  function final(found: { validated: boolean; ledgerIndex: number | null; result: string | null }, txHash: string): PaymentOutcome | null {
    if (!found.validated || found.ledgerIndex === null) return null;
    if (found.result === 'tesSUCCESS') return { status: 'validated', ledgerIndex: found.ledgerIndex };
    const resultCode = found.result ?? 'unknown';
    return { status: 'failed', resultCode, reason: `Payment ${txHash} was validated in ledger ${found.ledgerIndex} with ${resultCode}: no XRP moved` };
  }

  return {
    account: wallet.classicAddress,

    async signPayment({ destination, amountDrops, memo }) {
      const payment: Payment = {
        TransactionType: 'Payment',
        Account: wallet.classicAddress,
        Destination: destination,
        Amount: amountDrops,
        Memos: [{ Memo: { MemoType: convertStringToHex(PAYOUT_MEMO_TYPE), MemoFormat: convertStringToHex('application/json'), MemoData: convertStringToHex(JSON.stringify(memo)) } }],
      };
      const prepared = await call('prepare the payout payment', (c) => c.autofill(payment));
      if (prepared.LastLedgerSequence === undefined) throw new Error('A payout payment is signed only with a LastLedgerSequence');
      const { tx_blob: txBlob } = wallet.sign(prepared);
      return { txHash: hashes.hashSignedTx(txBlob), txBlob, account: wallet.classicAddress, lastLedgerSequence: prepared.LastLedgerSequence };
    },

    async settle(signed) {
      const known = await lookup(signed.txHash);
      const settled = known && final(known, signed.txHash);
      if (settled) return settled;
      if (!known) {
        const { result } = await call('submit the payout payment', (c) => c.request({ command: 'submit', tx_blob: signed.txBlob }));
        logger.info({ txHash: signed.txHash, engineResult: result.engine_result }, 'XRPL payout payment submitted');
        const code = result.engine_result;
        // tec results are provisionally applied: only the validated ledger says what became of them.
        if (!PENDING_RESULTS.has(code) && !code.startsWith('tel') && !code.startsWith('tec')) {
          return { status: 'failed', resultCode: code, reason: `The ledger refused payment ${signed.txHash}: ${code} (${result.engine_result_message})` };
        }
      }
      const deadline = Date.now() + VALIDATION_WAIT_MS;
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        // The validated ledger is read before the lookup: absent after its last ledger passed means never.
        const validatedIndex = await call('read the validated ledger', (c) => c.getLedgerIndex());
        const found = await lookup(signed.txHash);
        const outcome = found && final(found, signed.txHash);
        if (outcome) return outcome;
        if (!found && validatedIndex > signed.lastLedgerSequence) {
          return { status: 'expired', reason: `Ledger ${validatedIndex} passed payment ${signed.txHash}'s last ledger ${signed.lastLedgerSequence} without including it` };
        }
      }
      throw new XrplNetworkError(`Payment ${signed.txHash} is not validated yet; it will be looked up again`);
    },

    async close() {
      const c = client;
      client = null;
      await c?.disconnect().catch(() => undefined);
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
