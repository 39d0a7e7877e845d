// The XRP Ledger port. A track's registration is a real AccountSet transaction, signed by the
// platform account, whose Memos carry the content's SHA-256 and the certificate id. With XRPL_URL it
// is submitted and followed to validation; without it, it stays signed and awaiting submission.
// Errors say whether trying again can help: XrplNetworkError may, XrplRejectedError never will.
import { Client, RippledError, convertHexToString, convertStringToHex, decode, hashes, type AccountSet, type TxResponse, type Wallet } from 'xrpl';
import { z } from 'zod';
import { XRPL_NETWORKS } from '../../domain/track/stage.events';
import { logger } from '../logger/logger';
import { SIGNED_AND_WAITING } from '../../domain/contracts/lifecycle';
import { loadPlatformWallet, type PlatformWallet } from './platform-wallet';

export type XrplNetwork = (typeof XRPL_NETWORKS)[number];

export interface RegistrationMemo {
  trackId: string;
  /** 64 lowercase hex characters. */
  sha256: string;
  certificateId: string;
  title: string;
}

export interface SignedRegistration {
  /** Uppercase hex: the hash of txBlob, which is the transaction's id on the ledger. */
  txHash: string;
  txBlob: string;
  account: string;
  sequence: number;
  /** In drops. */
  fee: string;
  lastLedgerSequence: number | null;
  /** The memo exactly as written into the transaction (the title may be shortened to fit). */
  memo: RegistrationMemo;
}

export type SubmissionOutcome =
  | { status: 'validated'; engineResult: string; ledgerIndex: number }
  | { status: 'submitted'; engineResult: string }
  | { status: 'awaiting_submission'; reason: string };

export interface LedgerTransaction {
  validated: boolean;
  ledgerIndex: number | null;
  /** The final result once validated (tesSUCCESS, or a tec code that still put it on the ledger). */
  engineResult: string | null;
  memo: RegistrationMemo | null;
  account: string;
}

/** The ledger could not be reached or asked to come back later: the same blob may be submitted again. */
export class XrplNetworkError extends Error {
  override readonly name = 'XrplNetworkError';
  readonly resultCode: string | null;

  constructor(message: string, options: { cause?: unknown; resultCode?: string } = {}) {
    super(message, { cause: options.cause });
    this.resultCode = options.resultCode ?? null;
  }
}

/** The ledger refused the transaction for good: submitting the same blob again cannot succeed. */
export class XrplRejectedError extends Error {
  override readonly name = 'XrplRejectedError';

  constructor(
    readonly resultCode: string,
    message: string,
  ) {
    super(message);
  }
}

export interface XrplLedger {
  readonly network: XrplNetwork;
  readonly url: string | null;
  readonly account: string;
  readonly publicKey: string;
  /**
   * Builds and signs the AccountSet-with-Memos registration. Online: Sequence, Fee and
   * LastLedgerSequence come from the ledger. Offline: Sequence from the persisted local counter, a
   * fixed 12-drop fee and no LastLedgerSequence.
   */
  signRegistration(memo: RegistrationMemo): Promise<SignedRegistration>;
  /**
   * Submits a signed blob. Idempotent: a blob the ledger already holds (tefPAST_SEQ, tefALREADY) is
   * looked up by hash and reported instead of failing. Offline: awaiting_submission.
   */
  submit(signed: SignedRegistration): Promise<SubmissionOutcome>;
  /** The transaction as the ledger has it; null when offline or not found. */
  lookup(txHash: string): Promise<LedgerTransaction | null>;
  close(): Promise<void>;
}

export const REGISTRATION_MEMO_TYPE = 'goose/registration';
const MEMO_FORMAT = 'application/json';
/** Memos may hold 1 KB in all; the title is the only free-length field. */
const MAX_TITLE_BYTES = 400;
/** base fee 10 drops with xrpl.js's usual 1.2 cushion, for blobs signed with no ledger to ask. */
const OFFLINE_FEE_DROPS = '12';
const REQUEST_TIMEOUT_MS = 10_000;
/** A registration is a no-op AccountSet: never let fee escalation spend more than this on one. */
const MAX_FEE_XRP = '0.01';
const VALIDATION_WAIT_MS = 15_000;
const FIRST_POLL_MS = 250;
const MAX_POLL_MS = 1_000;
const TX_HASH = /^[0-9A-F]{64}$/;

/** The network ids rippled reports in server_info, to refuse a URL pointing at another network. */
const NETWORK_IDS: Partial<Record<XrplNetwork, number>> = { mainnet: 0, testnet: 1, devnet: 2 };

const registrationMemoSchema = z.object({
  trackId: z.string().min(1).max(64),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  certificateId: z.string().min(1).max(128),
  title: z.string(),
});

/** Results meaning the ledger already has this exact transaction (or its Sequence is spent). */
const ALREADY_KNOWN_RESULTS = new Set(['tefPAST_SEQ', 'tefALREADY']);
/** Accepted for the open ledger or its queue; validation follows. */
const ACCEPTED_RESULTS = new Set(['tesSUCCESS', 'terQUEUED']);
/** rippled errors that describe the request, not the server's state: asking again cannot help. */
const PERMANENT_RIPPLED_ERRORS = new Set(['invalidTransaction', 'invalidParams', 'actMalformed', 'srcActMalformed', 'badSyntax', 'notImpl', 'unknownCmd']);

export async function openXrplLedger(options: { dataDir: string; env?: NodeJS.ProcessEnv }): Promise<XrplLedger> {
  const env = options.env ?? process.env;
  const network = parseNetwork(env.XRPL_NETWORK);
  const url = env.XRPL_URL?.trim() || null;
  const platform = await loadPlatformWallet(options.dataDir, env);
  logger.info({ network, url, account: platform.wallet.classicAddress, keySource: platform.source }, 'XRPL ledger ready');
  return url ? new OnlineXrplLedger(network, url, platform.wallet) : new OfflineXrplLedger(network, platform);
}

function parseNetwork(value: string | undefined): XrplNetwork {
  const network = value?.trim() || 'testnet';
  if (!(XRPL_NETWORKS as readonly string[]).includes(network)) {
    throw new Error(`XRPL_NETWORK must be one of ${XRPL_NETWORKS.join(', ')}, got ${network}`);
  }
  return network as XrplNetwork;
}

class OfflineXrplLedger implements XrplLedger {
  readonly url = null;
  readonly account: string;
  readonly publicKey: string;

  constructor(
    readonly network: XrplNetwork,
    private readonly platform: PlatformWallet,
  ) {
    this.account = platform.wallet.classicAddress;
    this.publicKey = platform.wallet.publicKey;
  }

  async signRegistration(memo: RegistrationMemo): Promise<SignedRegistration> {
    const written = normalizeMemo(memo);
    const sequence = await this.platform.reserveOfflineSequence();
    const tx = { ...registrationTransaction(this.account, written), Sequence: sequence, Fee: OFFLINE_FEE_DROPS };
    return signWith(this.platform.wallet, tx, written);
  }

  async submit(signed: SignedRegistration): Promise<SubmissionOutcome> {
    // The reason reaches users (toast, certificate, sync table): plain words; the setting is for the log.
    logger.info({ txHash: signed.txHash, network: this.network }, 'registration signed and kept: XRPL_URL is not set');
    return { status: 'awaiting_submission', reason: SIGNED_AND_WAITING };
  }

  async lookup(): Promise<LedgerTransaction | null> {
    return null;
  }

  async close(): Promise<void> {}
}

class OnlineXrplLedger implements XrplLedger {
  readonly account: string;
  readonly publicKey: string;
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;

  constructor(
    readonly network: XrplNetwork,
    readonly url: string,
    private readonly wallet: Wallet,
  ) {
    this.account = wallet.classicAddress;
    this.publicKey = wallet.publicKey;
  }

  async signRegistration(memo: RegistrationMemo): Promise<SignedRegistration> {
    const written = normalizeMemo(memo);
    const prepared = await this.call('prepare the registration', (client) => client.autofill(registrationTransaction(this.account, written)));
    return signWith(this.wallet, prepared, written);
  }

  async submit(signed: SignedRegistration): Promise<SubmissionOutcome> {
    const response = await this.call('submit the registration', (client) => client.request({ command: 'submit', tx_blob: signed.txBlob }));
    const { engine_result: result, engine_result_message: explanation } = response.result;
    logger.info({ txHash: signed.txHash, engineResult: result }, 'XRPL registration submitted');

    if (ACCEPTED_RESULTS.has(result)) return this.awaitValidation(signed, result);
    if (ALREADY_KNOWN_RESULTS.has(result)) {
      // A retry of a blob that already went through: report the transaction the ledger holds.
      const known = await this.lookup(signed.txHash);
      if (known) return validatedOutcome(known) ?? this.awaitValidation(signed, result);
      throw new XrplRejectedError(result, `The ledger refused ${signed.txHash} (${result}: ${explanation}) and does not hold it (its Sequence went to another transaction): sign a new registration`);
    }
    // Local and retry results (fee too low right now, an earlier Sequence still pending) may pass later.
    if (result.startsWith('tel') || result.startsWith('ter')) {
      throw new XrplNetworkError(`The ledger deferred ${signed.txHash}: ${result} (${explanation})`, { resultCode: result });
    }
    throw new XrplRejectedError(result, `The ledger rejected ${signed.txHash}: ${result} (${explanation})`);
  }

  async lookup(txHash: string): Promise<LedgerTransaction | null> {
    if (!TX_HASH.test(txHash)) return null;
    try {
      const { result } = await this.call('look the transaction up', (client) => client.request({ command: 'tx', transaction: txHash }));
      return ledgerTransactionOf(result);
    } catch (error) {
      if (error instanceof XrplRejectedError && error.resultCode === 'txnNotFound') return null;
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.discardClient();
  }

  /** Follows an accepted transaction until it is validated, expires or the wait runs out. */
  private async awaitValidation(signed: SignedRegistration, preliminary: string): Promise<SubmissionOutcome> {
    const deadline = Date.now() + VALIDATION_WAIT_MS;
    for (let delay = FIRST_POLL_MS; Date.now() + delay <= deadline; delay = Math.min(delay * 2, MAX_POLL_MS)) {
      await sleep(delay);
      // The ledger index is read before the transaction: a transaction missing after a ledger past
      // its LastLedgerSequence was validated can never be included.
      const validatedIndex = signed.lastLedgerSequence === null ? null : await this.validatedLedgerIndex();
      const found = await this.lookup(signed.txHash);
      const outcome = found && validatedOutcome(found);
      if (outcome) return outcome;
      if (validatedIndex !== null && signed.lastLedgerSequence !== null && validatedIndex > signed.lastLedgerSequence) {
        throw new XrplRejectedError('tefMAX_LEDGER', `Transaction ${signed.txHash} expired: ledger ${validatedIndex} passed its LastLedgerSequence ${signed.lastLedgerSequence} without including it`);
      }
    }
    return { status: 'submitted', engineResult: preliminary };
  }

  private async validatedLedgerIndex(): Promise<number> {
    return this.call('read the validated ledger', (client) => client.getLedgerIndex());
  }

  /** Runs one exchange with the server, turning every failure into one of the port's two errors. */
  private async call<T>(action: string, exchange: (client: Client) => Promise<T>): Promise<T> {
    const client = await this.connected();
    try {
      return await exchange(client);
    } catch (error) {
      if (error instanceof RippledError) throw rippledFailure(error, action, this.account, this.network);
      // A closed socket or a timeout leaves the client in doubt; the next call starts a fresh one.
      await this.discardClient();
      throw new XrplNetworkError(`Could not ${action} at ${this.url}: ${messageOf(error)}`, { cause: error });
    }
  }

  private async connected(): Promise<Client> {
    if (this.client?.isConnected()) return this.client;
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<Client> {
    await this.discardClient();
    const client = new Client(this.url, { timeout: REQUEST_TIMEOUT_MS, connectionTimeout: REQUEST_TIMEOUT_MS, maxFeeXRP: MAX_FEE_XRP });
    client.on('error', (code: string, message: string) => logger.warn({ url: this.url, code, message }, 'XRPL connection error'));
    try {
      await client.connect();
    } catch (error) {
      await client.disconnect().catch(() => undefined);
      throw new XrplNetworkError(`Could not connect to the XRP Ledger at ${this.url}: ${messageOf(error)}`, { cause: error });
    }
    const expectedId = NETWORK_IDS[this.network];
    if (expectedId !== undefined && client.networkID !== undefined && client.networkID !== expectedId) {
      await client.disconnect().catch(() => undefined);
      throw new XrplRejectedError('networkMismatch', `XRPL_URL ${this.url} serves network id ${client.networkID}, not ${this.network} (${expectedId})`);
    }
    this.client = client;
    return client;
  }

  private async discardClient(): Promise<void> {
    const client = this.client;
    this.client = null;
    // disconnect also cancels xrpl.js's own reconnection timer.
    await client?.disconnect().catch((error: unknown) => logger.debug({ err: error }, 'XRPL disconnect failed'));
  }
}

function rippledFailure(error: RippledError, action: string, account: string, network: XrplNetwork): Error {
  const data = (error.data ?? {}) as { error?: string; error_message?: string; error_exception?: string };
  const code = data.error ?? 'unknownError';
  const detail = data.error_exception ?? data.error_message ?? error.message;
  if (code === 'actNotFound') {
    return new XrplRejectedError(code, `The platform account ${account} does not exist on ${network}: fund it before registering`);
  }
  if (code === 'txnNotFound' || PERMANENT_RIPPLED_ERRORS.has(code)) {
    return new XrplRejectedError(code, `The ledger refused to ${action}: ${code} (${detail})`);
  }
  return new XrplNetworkError(`The ledger could not ${action} now: ${code} (${detail})`, { cause: error, resultCode: code });
}

/** The final outcome of a transaction the ledger holds; null while it is not yet validated. */
function validatedOutcome(found: LedgerTransaction): SubmissionOutcome | null {
  if (!found.validated || found.ledgerIndex === null) return null;
  const result = found.engineResult ?? 'unknown';
  if (result !== 'tesSUCCESS') {
    // tec results are on the ledger too (fee charged, Sequence spent), but the registration failed.
    throw new XrplRejectedError(result, `The registration was validated in ledger ${found.ledgerIndex} with result ${result}, not tesSUCCESS`);
  }
  return { status: 'validated', engineResult: result, ledgerIndex: found.ledgerIndex };
}

function normalizeMemo(memo: RegistrationMemo): RegistrationMemo {
  const valid = registrationMemoSchema.parse(memo);
  return { trackId: valid.trackId, sha256: valid.sha256, certificateId: valid.certificateId, title: truncateUtf8(valid.title, MAX_TITLE_BYTES) };
}

function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let kept = '';
  let bytes = 0;
  for (const character of text) {
    bytes += Buffer.byteLength(character);
    if (bytes > maxBytes - 3) break;
    kept += character;
  }
  return `${kept}…`;
}

function registrationTransaction(account: string, memo: RegistrationMemo): AccountSet {
  return {
    TransactionType: 'AccountSet',
    Account: account,
    Flags: 0,
    Memos: [
      {
        Memo: {
          MemoType: convertStringToHex(REGISTRATION_MEMO_TYPE),
          MemoFormat: convertStringToHex(MEMO_FORMAT),
          MemoData: convertStringToHex(JSON.stringify(memo)),
        },
      },
    ],
  };
}

function signWith(wallet: Wallet, tx: AccountSet, memo: RegistrationMemo): SignedRegistration {
  if (tx.Sequence === undefined || tx.Fee === undefined) throw new Error('A registration is signed only once its Sequence and Fee are known');
  const { tx_blob: txBlob } = wallet.sign(tx);
  return {
    txHash: hashes.hashSignedTx(txBlob),
    txBlob,
    account: wallet.classicAddress,
    sequence: tx.Sequence,
    fee: tx.Fee,
    lastLedgerSequence: tx.LastLedgerSequence ?? null,
    memo,
  };
}

/**
 * The registration memo in a transaction: a signed blob (hex), its decoded JSON, or a `tx` response
 * (API v2 puts the fields under tx_json). Null when the transaction carries none.
 */
export function decodeRegistrationMemo(tx: unknown): RegistrationMemo | null {
  const fields = transactionFields(tx);
  const memos = fields?.Memos;
  if (!Array.isArray(memos)) return null;
  for (const entry of memos) {
    const memo = (entry as { Memo?: { MemoType?: unknown; MemoData?: unknown } } | null)?.Memo;
    if (typeof memo?.MemoType !== 'string' || typeof memo.MemoData !== 'string') continue;
    try {
      if (convertHexToString(memo.MemoType) !== REGISTRATION_MEMO_TYPE) continue;
      const parsed = registrationMemoSchema.safeParse(JSON.parse(convertHexToString(memo.MemoData)));
      if (parsed.success) return parsed.data;
    } catch {
      // Not hex, or not JSON: someone else's memo under our type; keep looking.
    }
  }
  return null;
}

function transactionFields(tx: unknown): Record<string, unknown> | null {
  if (typeof tx === 'string') {
    try {
      return decode(tx);
    } catch {
      return null;
    }
  }
  if (typeof tx !== 'object' || tx === null) return null;
  const wrapped = (tx as { tx_json?: unknown }).tx_json;
  return typeof wrapped === 'object' && wrapped !== null ? (wrapped as Record<string, unknown>) : (tx as Record<string, unknown>);
}

export interface ExplorerLinks {
  xrpscan: string | null;
  xrplorer: string | null;
  bithomp: string | null;
  /** The XRPL Foundation's explorer, which also covers the test networks. */
  xrplOrg: string | null;
}

/**
 * Public explorer pages for a transaction. XRPScan and XRPlorer index only mainnet, so they are
 * null elsewhere; a custom network has no public explorer at all.
 */
export function explorerLinks(network: XrplNetwork, txHash: string): ExplorerLinks {
  const hash = encodeURIComponent(txHash);
  switch (network) {
    case 'mainnet':
      return {
        xrpscan: `https://xrpscan.com/tx/${hash}`,
        xrplorer: `https://xrplorer.com/transaction/${hash}`,
        bithomp: `https://bithomp.com/explorer/${hash}`,
        xrplOrg: `https://livenet.xrpl.org/transactions/${hash}`,
      };
    case 'testnet':
      return { xrpscan: null, xrplorer: null, bithomp: `https://test.bithomp.com/explorer/${hash}`, xrplOrg: `https://testnet.xrpl.org/transactions/${hash}` };
    case 'devnet':
      return { xrpscan: null, xrplorer: null, bithomp: `https://dev.bithomp.com/explorer/${hash}`, xrplOrg: `https://devnet.xrpl.org/transactions/${hash}` };
    case 'custom':
      return { xrpscan: null, xrplorer: null, bithomp: null, xrplOrg: null };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What a `tx` answer says of a transaction: validated, where, its result, its memo and its sender. */
export function ledgerTransactionOf(result: TxResponse['result']): LedgerTransaction {
  const meta = typeof result.meta === 'object' ? result.meta : null;
  return {
    validated: result.validated === true,
    ledgerIndex: result.ledger_index ?? null,
    engineResult: meta?.TransactionResult ?? null,
    memo: decodeRegistrationMemo(result),
    account: result.tx_json.Account,
  };
}
