// The XRP Ledger anchor of a royalty contract: a Payment of the deploy price ($49.95 in XRP at
// XRP_USD_RATE) from the creator's OWN XRPL account (their wallet in infra/wallets) to the platform
// account, carrying the SHA-256 of the signed terms as its memo. With XRPL_URL the creator's balance
// is checked first (an account that cannot pay answers WALLET_NOT_FUNDED:{xrp}:{usd}) and the
// payment is submitted and followed to validation; without XRPL_URL the payment is signed and kept,
// awaiting submission, as registrations are.
import { Client, convertStringToHex, hashes, Wallet, xrpToDrops, type Payment } from 'xrpl';
import { CONTRACT_DEPLOY_PRICE_USD, walletNotFundedError } from '../../domain/royalties/terms';
import type { AnchorStatus } from '../../domain/royalties/royalty-contract.events';
import { UserWalletsGenerated, walletsStreamId } from '../../domain/wallets/wallet.events';
import type { EventStore } from '../eventstore/event-store';
import { logger } from '../logger/logger';
import type { WalletServices } from '../wallets/services';

export const CONTRACT_MEMO_TYPE = 'goose/royalty-contract';
/** The quote's XRP amount when the server has no XRP price (the web shows the dollars alone). */
export const UNPRICED = 'unpriced';

// The deployment's reasons reach users on the contract card: plain words; the settings go to the log.
export const NO_WALLET = 'No deploy payment was signed: you had no XRPL wallet when this contract was created. The contract works here, but it is not on the XRP Ledger.';
export const NO_XRP_PRICE = `No deploy payment was signed: this server has no XRP price to convert the $${CONTRACT_DEPLOY_PRICE_USD.toFixed(2)} with. The contract works here, but it is not on the XRP Ledger.`;
export const SIGNED_NOT_SENT = 'The deploy payment is signed; it waits for a connection to the XRP Ledger, which this server does not have yet, so no ledger holds it.';
/** What an account must keep on the XRP Ledger (base reserve) plus a fee's margin, in XRP. */
const ACCOUNT_RESERVE_XRP = 10;
const FEE_MARGIN_XRP = 0.001;
const OFFLINE_FEE_DROPS = '12';
const OFFLINE_SEQUENCE = 1;
const REQUEST_TIMEOUT_MS = 10_000;

/** The creator's account cannot pay the deploy price (HTTP 402 with the amounts in the error text). */
export class WalletNotFundedError extends Error {
  override readonly name = 'WalletNotFundedError';
  constructor(
    readonly xrpAmount: string,
    readonly usdAmount: string,
  ) {
    super(walletNotFundedError(xrpAmount, usdAmount));
  }
}

export interface AnchorQuote {
  /** The XRP paid, six decimals; 'unpriced' when XRP_USD_RATE is not set. */
  xrpAmount: string;
  usdAmount: string;
}

export interface SignedDeployPayment {
  account: string;
  txHash: string;
  txBlob: string;
}

export interface AnchorOutcome {
  signed: SignedDeployPayment | null;
  status: AnchorStatus;
  reason: string | null;
  ledgerIndex: number | null;
}

/** The anchor's first half: a signed payment to send, or the outcome to record when none is sent (no wallet, no price, no ledger). */
export type AnchorSigning = { kind: 'to_submit'; signed: SignedDeployPayment } | { kind: 'final'; outcome: AnchorOutcome };

export interface ContractAnchor {
  readonly network: string;
  quote(): AnchorQuote;
  /** Throws WalletNotFundedError when the creator's account cannot pay; only checked with XRPL_URL. */
  ensureFunded(creatorId: string): Promise<void>;
  /**
   * Signs the deploy payment (its sequence from the ledger when online). Nothing is sent, so a
   * caller that records the signed payment before submitting it, and submits only what it
   * recorded, never pays twice: a payment signed again before that record has the same sequence.
   */
  sign(input: { contractId: string; creatorId: string; termsSha256: string }): Promise<AnchorSigning>;
  /** Sends a signed payment and follows it to validation; sending the same payment again is safe (the ledger applies a sequence once). */
  submit(input: { contractId: string; signed: SignedDeployPayment }): Promise<AnchorOutcome>;
  /** sign, then submit what is to be sent. */
  anchor(input: { contractId: string; creatorId: string; termsSha256: string }): Promise<AnchorOutcome>;
}

export interface ContractAnchorOptions {
  eventStore: EventStore;
  wallets: WalletServices;
  /** The platform's XRPL account the deploy price is paid to. */
  platformAccount: string;
  network: string;
}

export function contractAnchor({ eventStore, wallets, platformAccount, network }: ContractAnchorOptions): ContractAnchor {
  const usdAmount = CONTRACT_DEPLOY_PRICE_USD.toFixed(2);
  const quote = (): AnchorQuote => ({ xrpAmount: wallets.xrpRate ? (CONTRACT_DEPLOY_PRICE_USD / wallets.xrpRate.rate).toFixed(6) : UNPRICED, usdAmount });
  const online = wallets.xrpAccounts;

  async function creatorWallet(creatorId: string): Promise<Wallet | null> {
    const events = await eventStore.readStream(walletsStreamId(creatorId));
    const generated = events.find((event) => event.type === UserWalletsGenerated.type);
    if (!generated) return null;
    const { encryptedXrplSeed } = generated.data as ReturnType<typeof UserWalletsGenerated.create>['data'];
    return Wallet.fromSeed(wallets.keyBox.open(encryptedXrplSeed));
  }

  function payment(wallet: Wallet, xrpAmount: string, termsSha256: string, contractId: string): Payment {
    return {
      TransactionType: 'Payment',
      Account: wallet.classicAddress,
      Destination: platformAccount,
      Amount: xrpToDrops(xrpAmount),
      Memos: [{ Memo: { MemoType: convertStringToHex(CONTRACT_MEMO_TYPE), MemoData: convertStringToHex(JSON.stringify({ contractId, termsSha256 })) } }],
    };
  }

  const self: ContractAnchor = {
    network,
    quote,
    async ensureFunded(creatorId) {
      if (!online) return;
      const { xrpAmount } = quote();
      // Without a price nothing will be paid: the anchor says so on the contract, nothing to check here.
      if (xrpAmount === UNPRICED) return;
      const wallet = await creatorWallet(creatorId);
      const balance = wallet ? await online.balanceXrp(wallet.classicAddress) : 0;
      if (balance < Number(xrpAmount) + ACCOUNT_RESERVE_XRP + FEE_MARGIN_XRP) throw new WalletNotFundedError(xrpAmount, usdAmount);
    },
    async sign({ contractId, creatorId, termsSha256 }) {
      const { xrpAmount } = quote();
      const wallet = await creatorWallet(creatorId);
      if (!wallet) {
        return { kind: 'final', outcome: { signed: null, status: 'awaiting_submission', reason: NO_WALLET, ledgerIndex: null } };
      }
      if (xrpAmount === UNPRICED) {
        logger.info({ contractId }, 'contract deploy payment not signed: XRP_USD_RATE is not set');
        return { kind: 'final', outcome: { signed: null, status: 'awaiting_submission', reason: NO_XRP_PRICE, ledgerIndex: null } };
      }
      if (!online) {
        const tx = { ...payment(wallet, xrpAmount, termsSha256, contractId), Sequence: OFFLINE_SEQUENCE, Fee: OFFLINE_FEE_DROPS };
        const { tx_blob: txBlob } = wallet.sign(tx);
        const txHash = hashes.hashSignedTx(txBlob);
        logger.info({ contractId, txHash, account: wallet.classicAddress, network }, 'contract deploy payment signed and kept: XRPL_URL is not set');
        return { kind: 'final', outcome: { signed: { account: wallet.classicAddress, txHash, txBlob }, status: 'awaiting_submission', reason: SIGNED_NOT_SENT, ledgerIndex: null } };
      }
      try {
        return await connected(online.url, async (client) => {
          const prepared = await client.autofill(payment(wallet, xrpAmount, termsSha256, contractId));
          const { tx_blob: txBlob } = wallet.sign(prepared);
          return { kind: 'to_submit', signed: { account: wallet.classicAddress, txHash: hashes.hashSignedTx(txBlob), txBlob } };
        });
      } catch (error) {
        logger.warn({ contractId, err: error }, 'royalty contract anchor not prepared');
        const message = error instanceof Error ? error.message : String(error);
        return { kind: 'final', outcome: { signed: null, status: 'failed', reason: `The deployment payment could not be prepared: ${message}`, ledgerIndex: null } };
      }
    },
    async submit({ contractId, signed }) {
      if (!online) return { signed, status: 'awaiting_submission', reason: SIGNED_NOT_SENT, ledgerIndex: null };
      try {
        return await connected(online.url, async (client) => {
          const response = await client.submitAndWait(signed.txBlob);
          const meta = response.result.meta;
          const result = typeof meta === 'object' && meta ? meta.TransactionResult : 'unknown';
          logger.info({ contractId, txHash: signed.txHash, result }, 'royalty contract anchor submitted');
          if (result !== 'tesSUCCESS') return { signed, status: 'failed', reason: `The ledger did not accept the deployment payment: ${result}`, ledgerIndex: response.result.ledger_index ?? null };
          return { signed, status: 'validated', reason: null, ledgerIndex: response.result.ledger_index ?? null };
        });
      } catch (error) {
        logger.warn({ contractId, err: error }, 'royalty contract anchor not validated');
        const message = error instanceof Error ? error.message : String(error);
        return { signed, status: 'submitted', reason: `Submitted but not yet seen validated: ${message}`, ledgerIndex: null };
      }
    },
    async anchor(input) {
      const signing = await self.sign(input);
      return signing.kind === 'final' ? signing.outcome : self.submit({ contractId: input.contractId, signed: signing.signed });
    },
  };
  return self;
}

/** Runs `work` on a fresh connection to the ledger, closed afterwards. */
async function connected<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client(url, { timeout: REQUEST_TIMEOUT_MS, connectionTimeout: REQUEST_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.disconnect().catch(() => undefined);
  }
}
