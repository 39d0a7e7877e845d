// The XRPL escrow a license is paid through, on a real ledger (XRPL_URL). The buyer's OWN XRPL
// account (their wallet in infra/wallets, its seed sealed in the wallets stream) signs an EscrowCreate of
// the price in XRP to the platform's account under a PREIMAGE-SHA-256 condition, with a CancelAfter
// so the buyer can take the XRP back if the platform never finishes it. The platform's account
// finishes it (EscrowFinish with the fulfillment) once the license is issued. The signed
// EscrowCreate is recorded by the caller before it is submitted, and carries no
// LastLedgerSequence: a retry submits the very same transaction, which its Sequence lets onto the
// ledger at most once.
import { randomBytes } from 'node:crypto';
import { Client, hashes, isoTimeToRippleTime, RippledError, Wallet, xrpToDrops, type EscrowCreate, type EscrowFinish, type TxResponse } from 'xrpl';
import { UserWalletsGenerated, walletsStreamId } from '../../domain/wallets/wallet.events';
import type { EventStore } from '../eventstore/event-store';
import { logger } from '../logger/logger';
import { WalletNotFundedError } from '../royalties/contract-anchor';
import type { WalletServices } from '../wallets/services';
import { xrpAccountReader } from '../wallets/xrp-account';
import { loadPlatformWallet } from '../xrpl/platform-wallet';
import { EscrowNotPayableError, ESCROW_QXMP_REFUSAL, ESCROW_UNPRICED, preimageSha256Condition, type EscrowCreation, type LicenseEscrow } from './license-escrow';

/** How long the platform has to finish an escrow before the buyer may cancel it: 24 hours. */
export const ESCROW_CANCEL_AFTER_MS = 24 * 60 * 60 * 1000;
/** What an account must keep on the XRP Ledger (base reserve, plus one owner reserve for the escrow object) and a fee's margin, in XRP. */
const ACCOUNT_RESERVE_XRP = 10;
const OWNER_RESERVE_XRP = 2;
const FEE_MARGIN_XRP = 0.001;
const REQUEST_TIMEOUT_MS = 10_000;
const VALIDATION_POLL_MS = 250;
const VALIDATION_WAIT_MS = 30_000;

const log = logger.child({ module: 'license-escrow' });

export interface XrplLicenseEscrowOptions {
  eventStore: EventStore;
  wallets: WalletServices;
  /** The platform's XRPL account: the escrows' destination and the EscrowFinish's signer. */
  platformWallet: Wallet;
  url: string;
  now?: () => Date;
}

export function xrplLicenseEscrow({ eventStore, wallets, platformWallet, url, now = () => new Date() }: XrplLicenseEscrowOptions): LicenseEscrow {
  const destination = platformWallet.classicAddress;
  const balances = wallets.xrpAccounts ?? xrpAccountReader(url);

  const quote: LicenseEscrow['quote'] = ({ priceCents, currency }) => {
    if (currency !== 'USD') throw new EscrowNotPayableError('qxmp_price', ESCROW_QXMP_REFUSAL);
    if (!wallets.xrpRate) throw new EscrowNotPayableError('unpriced', ESCROW_UNPRICED);
    return { xrpAmount: (priceCents / 100 / wallets.xrpRate.rate).toFixed(6), usdAmount: (priceCents / 100).toFixed(2) };
  };

  async function buyerWallet(buyerId: string): Promise<Wallet | null> {
    const events = await eventStore.readStream(walletsStreamId(buyerId));
    const generated = events.find((event) => event.type === UserWalletsGenerated.type);
    if (!generated) return null;
    const { encryptedXrplSeed } = generated.data as ReturnType<typeof UserWalletsGenerated.create>['data'];
    return Wallet.fromSeed(wallets.keyBox.open(encryptedXrplSeed));
  }

  async function withClient<T>(task: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client(url, { timeout: REQUEST_TIMEOUT_MS, connectionTimeout: REQUEST_TIMEOUT_MS });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await task(client);
    } finally {
      await client.disconnect().catch(() => undefined);
    }
  }

  /** The transaction by hash, or null when the ledger does not hold it. */
  async function lookUp(client: Client, txHash: string): Promise<TxResponse['result'] | null> {
    try {
      return (await client.request({ command: 'tx', transaction: txHash })).result;
    } catch (error) {
      if (error instanceof RippledError && (error.data as { error?: string } | undefined)?.error === 'txnNotFound') return null;
      throw error;
    }
  }

  const resultOf = (tx: TxResponse['result']): string | null => (typeof tx.meta === 'object' && tx.meta ? tx.meta.TransactionResult : null);

  async function waitValidated(client: Client, txHash: string): Promise<TxResponse['result']> {
    const deadline = Date.now() + VALIDATION_WAIT_MS;
    for (;;) {
      const tx = await lookUp(client, txHash);
      if (tx?.validated) return tx;
      if (Date.now() > deadline) throw new Error(`Transaction ${txHash} was not seen validated within ${VALIDATION_WAIT_MS / 1000} s; the same transaction is sent again on retry`);
      await new Promise((resolve) => setTimeout(resolve, VALIDATION_POLL_MS));
    }
  }

  /** The escrow object (owner + sequence) is still on the ledger. */
  async function escrowExists(client: Client, owner: string, sequence: number): Promise<boolean> {
    try {
      await client.request({ command: 'ledger_entry', escrow: { owner, seq: sequence }, ledger_index: 'validated' });
      return true;
    } catch (error) {
      if (error instanceof RippledError && (error.data as { error?: string } | undefined)?.error === 'entryNotFound') return false;
      throw error;
    }
  }

  return {
    destination,
    quote,

    async ensureFunded({ buyerId, priceCents, currency }) {
      const { xrpAmount, usdAmount } = quote({ priceCents, currency });
      const wallet = await buyerWallet(buyerId);
      const balance = wallet ? await balances.balanceXrp(wallet.classicAddress) : 0;
      if (balance < Number(xrpAmount) + ACCOUNT_RESERVE_XRP + OWNER_RESERVE_XRP + FEE_MARGIN_XRP) throw new WalletNotFundedError(xrpAmount, usdAmount);
    },

    async prepare({ licenseId, buyerId, priceCents, currency }) {
      const { xrpAmount, usdAmount } = quote({ priceCents, currency });
      const wallet = await buyerWallet(buyerId);
      if (!wallet) throw new WalletNotFundedError(xrpAmount, usdAmount);
      const preimage = randomBytes(32);
      const { condition } = preimageSha256Condition(preimage);
      const cancelAfter = new Date(now().getTime() + ESCROW_CANCEL_AFTER_MS);
      cancelAfter.setUTCMilliseconds(0);
      const drops = xrpToDrops(xrpAmount);
      const tx: EscrowCreate = {
        TransactionType: 'EscrowCreate',
        Account: wallet.classicAddress,
        Destination: destination,
        Amount: drops,
        Condition: condition,
        CancelAfter: isoTimeToRippleTime(cancelAfter.toISOString()),
      };
      const prepared = await withClient((client) => client.autofill(tx));
      // No LastLedgerSequence: the recorded blob must stay submittable by every retry.
      delete prepared.LastLedgerSequence;
      const { tx_blob: txBlob } = wallet.sign(prepared);
      log.info({ licenseId, account: wallet.classicAddress, sequence: prepared.Sequence }, 'license escrow signed');
      return {
        account: wallet.classicAddress,
        destination,
        xrpAmount,
        drops,
        sequence: prepared.Sequence!,
        txHash: hashes.hashSignedTx(txBlob),
        txBlob,
        condition,
        sealedPreimage: wallets.keyBox.seal(preimage.toString('hex')),
        cancelAfter: cancelAfter.toISOString(),
      };
    },

    async create(prepared): Promise<EscrowCreation> {
      return withClient(async (client) => {
        let onLedger = await lookUp(client, prepared.txHash);
        if (!onLedger) {
          const { result } = await client.request({ command: 'submit', tx_blob: prepared.txBlob });
          const engine = result.engine_result;
          log.info({ txHash: prepared.txHash, engine }, 'license escrow submitted');
          if (engine === 'tecUNFUNDED' || engine === 'tecINSUFFICIENT_RESERVE' || engine === 'terINSUF_FEE_B') {
            return { kind: 'refused', reason: `Your XRPL account ${prepared.account} cannot lock ${prepared.xrpAmount} XRP and keep its reserve (${engine})` };
          }
          if (engine === 'tefPAST_SEQ' && !(await lookUp(client, prepared.txHash))) {
            return { kind: 'refused', reason: `Your XRPL account ${prepared.account} used Sequence ${prepared.sequence} for another transaction, so the escrow was not created` };
          }
          if (!['tesSUCCESS', 'terQUEUED', 'tefALREADY', 'tefPAST_SEQ'].includes(engine)) {
            if (engine.startsWith('tel') || engine.startsWith('ter')) throw new Error(`The ledger deferred the escrow (${engine}); it is sent again on retry`);
            return { kind: 'refused', reason: `The ledger refused the escrow: ${engine}` };
          }
        }
        onLedger = await waitValidated(client, prepared.txHash);
        const result = resultOf(onLedger);
        if (result !== 'tesSUCCESS') return { kind: 'refused', reason: `The ledger did not create the escrow: ${result ?? 'unknown result'}` };
        return { kind: 'created', ledgerIndex: onLedger.ledger_index ?? null };
      });
    },

    async finish(prepared) {
      const fulfillment = preimageSha256Condition(Buffer.from(wallets.keyBox.open(prepared.sealedPreimage), 'hex')).fulfillment;
      return withClient(async (client) => {
        if (!(await escrowExists(client, prepared.account, prepared.sequence))) {
          // Before CancelAfter nobody but the fulfillment's holder (the platform) can remove the escrow: an earlier attempt finished it.
          if (now().getTime() < Date.parse(prepared.cancelAfter)) return { txHash: null };
          throw new Error(`The escrow ${prepared.txHash} is no longer on the ledger and its CancelAfter has passed: it may have been cancelled by the buyer`);
        }
        const tx: EscrowFinish = {
          TransactionType: 'EscrowFinish',
          Account: destination,
          Owner: prepared.account,
          OfferSequence: prepared.sequence,
          Condition: prepared.condition,
          Fulfillment: fulfillment,
        };
        const { tx_blob: txBlob } = platformWallet.sign(await client.autofill(tx));
        const txHash = hashes.hashSignedTx(txBlob);
        const { result } = await client.request({ command: 'submit', tx_blob: txBlob });
        log.info({ escrow: prepared.txHash, txHash, engine: result.engine_result }, 'license escrow finish submitted');
        if (!['tesSUCCESS', 'terQUEUED', 'tefALREADY'].includes(result.engine_result)) throw new Error(`The ledger refused the EscrowFinish: ${result.engine_result}`);
        const validated = await waitValidated(client, txHash);
        const outcome = resultOf(validated);
        if (outcome !== 'tesSUCCESS') throw new Error(`The EscrowFinish ${txHash} was not applied: ${outcome ?? 'unknown result'}`);
        return { txHash };
      });
    },
  };
}

/** The license escrow when XRPL_URL is set (signed for by the platform wallet under <dataDir>/keys or XRPL_SEED); null without it. */
export async function openLicenseEscrow(options: { eventStore: EventStore; wallets: WalletServices; dataDir: string; url: string | null; env?: NodeJS.ProcessEnv }): Promise<LicenseEscrow | null> {
  if (!options.url) return null;
  const { wallet } = await loadPlatformWallet(options.dataDir, options.env);
  return xrplLicenseEscrow({ eventStore: options.eventStore, wallets: options.wallets, platformWallet: wallet, url: options.url });
}
