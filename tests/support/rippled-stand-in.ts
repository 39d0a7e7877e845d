// A local stand-in for a rippled server, speaking enough of its WebSocket API for xrpl.js's Client
// to autofill, submit and look transactions up. It checks what a real server checks before applying
// a transaction (the signature, the signing key against the account, Sequence, fee, expiry), so a
// test passing against it has sent a transaction rippled would accept. A ledger closes shortly
// after each accepted submission and validates what it holds. XRP escrows are kept as the ledger
// keeps them: EscrowCreate locks the amount (the sender must keep its reserve), EscrowFinish checks
// the PREIMAGE-SHA-256 fulfillment against the escrow's condition and pays the destination, and
// ledger_entry finds an escrow by owner and sequence. Subscribers hear what a rippled server
// tells them: `subscribe` to `accounts` (validated transactions touching them), `accounts_proposed`
// (also before validation) and the `ledger` stream (a ledgerClosed message per validated ledger,
// sent before that ledger's transactions, as rippled does); `account_tx` pages through an account's
// validated history. Payments from outside wallets (`pay`) land on the ledger like submitted ones,
// with their result (tesSUCCESS, or a tec code that is on the ledger but moved nothing).
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { decode, deriveAddress, hashes, verifySignature } from 'xrpl';

export type DecodedTx = Record<string, unknown> & { hash: string };

/** rippled's numeric codes (ripple-binary-codec TRANSACTION_RESULTS) for the results the stand-in gives. */
const RESULT_CODES = {
  tesSUCCESS: 0,
  tecUNFUNDED: 129,
  tecUNFUNDED_PAYMENT: 104,
  tecNO_TARGET: 138,
  tecNO_PERMISSION: 139,
  tecINSUFFICIENT_RESERVE: 141,
  tecCRYPTOCONDITION_ERROR: 146,
  tefALREADY: -198,
  tefBAD_AUTH: -196,
  tefPAST_SEQ: -190,
  tefMAX_LEDGER: -187,
  temMALFORMED: -299,
  temINVALID: -277,
  terNO_ACCOUNT: -96,
  terPRE_SEQ: -92,
  terQUEUED: -89,
  telINSUF_FEE_P: -394,
} as const;
export type ResultCode = keyof typeof RESULT_CODES;

export interface RippledStandInOptions {
  /** Answer every otherwise valid submission with this result and keep nothing. */
  rejectWith?: ResultCode;
  /**
   * Close the socket instead of answering the first N submissions. The transaction is applied
   * first, as when the reply is lost on its way back.
   */
  dropConnections?: number;
  /** Reported in server_info; 1 is the testnet's. */
  networkId?: number;
  /** How long after an accepted submission the next ledger closes. */
  ledgerCloseMs?: number;
  /** Where to listen; default a free port. */
  port?: number;
  /** The most transactions one account_tx page holds (rippled's default is 200); small pages exercise the marker. */
  accountTxPage?: number;
}

export interface OutsidePayment {
  /** The deposit account paid. */
  to: string;
  drops: string;
  /** The paying account (an outside wallet); a fresh address when absent. */
  from?: string;
  /** The result the ledger gives it: tesSUCCESS moves the XRP, a tec code moves nothing. */
  result?: 'tesSUCCESS' | 'tecUNFUNDED_PAYMENT' | 'tecNO_TARGET';
  /** false: applied to the open ledger but not validated until the next close (closeLedger()). Default true. */
  validate?: boolean;
}

export interface RippledStandIn {
  readonly url: string;
  /** Transactions accepted onto the stand-in's ledger, in order, each with its hash. */
  readonly received: DecodedTx[];
  /** Submissions refused before reaching the ledger, with the reason given. */
  readonly refused: Array<{ txBlob: string; reason: string }>;
  fundAccount(address: string, sequence?: number): void;
  /** Sets an account's XRP balance in drops (creating the account), as a payment into it would; account_info reports it. */
  setBalance(address: string, drops: string): void;
  /** An account's XRP balance in drops (an accepted XRP Payment moves it), or null for an unknown account. */
  balanceOf(address: string): string | null;
  /** The escrows on the ledger now (a finished one is gone), keyed `<owner>:<sequence>`. */
  readonly escrows: ReadonlyMap<string, StandInEscrow>;
  /** Like the dropConnections option, from now on: the next `count` submissions lose their reply. */
  dropNextSubmissions(count: number): void;
  /** While true the server is down for clients: every connection is cut as it opens. */
  setUnreachable(unreachable: boolean): void;
  /** A payment made by an outside wallet (not submitted through this server's API); its hash. */
  pay(payment: OutsidePayment): string;
  /** Validates what the open ledger holds now (rippled closes and validates a ledger every few seconds). */
  closeLedger(): void;
  /** Sends a transaction's stream message again to its accounts' subscribers, as a server may repeat one (e.g. after a reconnect). */
  replay(hash: string): void;
  /** Sends `message` to every subscriber of `account` as is (a server's unvalidated or odd messages). */
  push(account: string, message: Record<string, unknown>): void;
  /** The stream message a subscriber gets for a stored transaction (validated or not, as it stands). */
  streamMessage(hash: string): Record<string, unknown>;
  /** The last validated ledger's index. */
  readonly validatedLedger: number;
  /** Open subscriptions (one per connection that subscribed), for tests that wait for a subscriber. */
  readonly subscriberCount: number;
  close(): Promise<void>;
}

export interface StandInEscrow {
  owner: string;
  sequence: number;
  destination: string;
  drops: string;
  condition: string | null;
  /** Ripple epoch seconds. */
  cancelAfter: number | null;
}

interface StoredTx {
  tx: DecodedTx;
  ledgerIndex: number | null;
  transactionIndex: number;
  result: ResultCode;
  /** An XRP Payment's delivered drops (tesSUCCESS only). */
  delivered: string | null;
}

interface Subscriber {
  accounts: Set<string>;
  proposed: Set<string>;
  ledger: boolean;
}

type Request = Record<string, unknown> & { id?: unknown; command?: unknown };
type Reply = { result: Record<string, unknown> } | { error: string; error_code?: number; error_message: string; error_exception?: string };

const BASE_FEE_DROPS = 10;
const DEFAULT_BALANCE_DROPS = '100000000';
const FIRST_VALIDATED_LEDGER = 1_000;
/** The reserve an account keeps (server_state's reserve_base), plus one owner reserve per escrow it holds. */
const RESERVE_BASE_DROPS = 1_000_000n;
const RESERVE_INC_DROPS = 200_000n;
/** Seconds between the Unix and the Ripple epochs. */
const RIPPLE_EPOCH_OFFSET = 946_684_800;
const ERROR_CODES = { actNotFound: 19, actMalformed: 35, lgrIdxMalformed: 56, entryNotFound: 21, txnNotFound: 29, invalidTransaction: 93, invalidParams: 31, unknownCmd: 32 } as const;
const ACCOUNT_TX_PAGE = 200;

export async function startRippledStandIn(options: RippledStandInOptions = {}): Promise<RippledStandIn> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0 });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  const accounts = new Map<string, { sequence: number; balanceDrops?: string }>();
  const transactions = new Map<string, StoredTx>();
  const received: DecodedTx[] = [];
  const escrows = new Map<string, StandInEscrow>();
  const refused: Array<{ txBlob: string; reason: string }> = [];
  let validatedLedger = FIRST_VALIDATED_LEDGER;
  let dropsLeft = options.dropConnections ?? 0;
  let closeTimer: NodeJS.Timeout | null = null;
  const subscribers = new Map<WebSocket, Subscriber>();
  let outsidePayments = 0;

  function closeLedger(): void {
    if (closeTimer) clearTimeout(closeTimer);
    closeTimer = null;
    const closing = validatedLedger + 1;
    const validated: StoredTx[] = [];
    for (const stored of transactions.values()) {
      if (stored.ledgerIndex === null) {
        stored.ledgerIndex = closing;
        validated.push(stored);
      }
    }
    validatedLedger = closing;
    // rippled tells the ledger stream first, then each of the ledger's transactions.
    const ledgerClosed = {
      type: 'ledgerClosed',
      fee_base: BASE_FEE_DROPS,
      ledger_hash: ledgerHash(closing),
      ledger_index: closing,
      ledger_time: ledgerTime(),
      reserve_base: Number(RESERVE_BASE_DROPS),
      reserve_inc: Number(RESERVE_INC_DROPS),
      txn_count: validated.length,
      validated_ledgers: `${FIRST_VALIDATED_LEDGER}-${closing}`,
    };
    for (const [socket, subscriber] of subscribers) if (subscriber.ledger) send(socket, ledgerClosed);
    for (const stored of validated) publish(stored);
  }

  function send(socket: WebSocket, message: Record<string, unknown>): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  const touches = (stored: StoredTx) => [stored.tx.Account, stored.tx.Destination].filter((a): a is string => typeof a === 'string');

  /** A transaction's stream message to the subscribers of the accounts it touches (validated: `accounts`; not yet: `accounts_proposed`). */
  function publish(stored: StoredTx): void {
    const message = transactionMessage(stored);
    const validated = stored.ledgerIndex !== null;
    for (const [socket, subscriber] of subscribers) {
      const watched = validated ? (a: string) => subscriber.accounts.has(a) || subscriber.proposed.has(a) : (a: string) => subscriber.proposed.has(a);
      if (touches(stored).some(watched)) send(socket, message);
    }
  }

  function transactionMeta(stored: StoredTx): Record<string, unknown> {
    return {
      TransactionIndex: stored.transactionIndex,
      TransactionResult: stored.result,
      AffectedNodes: [],
      ...(stored.delivered !== null ? { delivered_amount: stored.delivered, DeliveredAmount: stored.delivered } : {}),
    };
  }

  /** API v2's transaction stream message: tx_json, hash, meta, validated, ledger_index. */
  function transactionMessage(stored: StoredTx): Record<string, unknown> {
    const { hash, ...txJson } = stored.tx;
    const validated = stored.ledgerIndex !== null;
    const ledgerIndex = stored.ledgerIndex ?? validatedLedger + 1;
    return {
      type: 'transaction',
      engine_result: stored.result,
      engine_result_code: RESULT_CODES[stored.result],
      engine_result_message: stored.result === 'tesSUCCESS' ? 'The transaction was applied. Only final in a validated ledger.' : `Failed: ${stored.result}.`,
      close_time_iso: new Date().toISOString(),
      hash,
      ledger_index: ledgerIndex,
      ...(validated ? { ledger_hash: ledgerHash(ledgerIndex) } : {}),
      meta: transactionMeta(stored),
      tx_json: txJson,
      validated,
    };
  }

  function pay(payment: OutsidePayment): string {
    outsidePayments += 1;
    const from = payment.from ?? deriveAddress(`02${createHash('sha256').update(`outside-${port}-${outsidePayments}`).digest('hex')}`.toUpperCase());
    const result = payment.result ?? 'tesSUCCESS';
    const txJson = {
      TransactionType: 'Payment',
      Account: from,
      Destination: payment.to,
      DeliverMax: payment.drops,
      Fee: '12',
      Sequence: outsidePayments,
      SigningPubKey: '',
      Flags: 0,
    };
    const hash = createHash('sha512').update(JSON.stringify({ ...txJson, port, n: outsidePayments })).digest('hex').slice(0, 64).toUpperCase();
    if (result === 'tesSUCCESS') {
      const receiving = accounts.get(payment.to);
      if (receiving) receiving.balanceDrops = String(balanceDrops(receiving) + BigInt(payment.drops));
      else accounts.set(payment.to, { sequence: 1, balanceDrops: payment.drops });
    }
    const stored: StoredTx = { tx: { ...txJson, hash }, ledgerIndex: null, transactionIndex: received.length, result, delivered: result === 'tesSUCCESS' ? payment.drops : null };
    transactions.set(hash, stored);
    received.push(stored.tx);
    publish(stored);
    if (payment.validate !== false) closeLedger();
    return hash;
  }

  function subscribe(socket: WebSocket, request: Request, adding: boolean): Reply {
    const subscriber = subscribers.get(socket) ?? { accounts: new Set<string>(), proposed: new Set<string>(), ledger: false };
    for (const [field, set] of [['accounts', subscriber.accounts], ['accounts_proposed', subscriber.proposed]] as const) {
      const listed = request[field];
      if (listed === undefined) continue;
      if (!Array.isArray(listed) || listed.some((a) => typeof a !== 'string' || !/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(a))) return { error: 'actMalformed', error_message: 'Account malformed.' };
      for (const account of listed as string[]) {
        if (adding) set.add(account);
        else set.delete(account);
      }
    }
    const streams = request.streams;
    if (streams !== undefined && (!Array.isArray(streams) || streams.some((stream) => stream !== 'ledger'))) return { error: 'invalidParams', error_message: 'Stream not supported by the stand-in.' };
    if (Array.isArray(streams) && streams.includes('ledger')) subscriber.ledger = adding;
    subscribers.set(socket, subscriber);
    if (!adding || !subscriber.ledger || !Array.isArray(streams)) return { result: {} };
    return {
      result: {
        fee_base: BASE_FEE_DROPS,
        ledger_hash: ledgerHash(validatedLedger),
        ledger_index: validatedLedger,
        ledger_time: ledgerTime(),
        reserve_base: Number(RESERVE_BASE_DROPS),
        reserve_inc: Number(RESERVE_INC_DROPS),
        validated_ledgers: `${FIRST_VALIDATED_LEDGER}-${validatedLedger}`,
      },
    };
  }

  /** account_tx on validated ledgers, oldest or newest first, in pages of `limit` with a marker. */
  function accountTx(request: Request): Reply {
    const account = request.account;
    if (typeof account !== 'string' || !/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(account)) return { error: 'actMalformed', error_message: 'Account malformed.' };
    // API v2 refuses a range reaching outside the ledgers the server holds (-1: from the first, or to the last validated).
    const outside = (value: unknown, ok: (n: number) => boolean) => typeof value === 'number' && value !== -1 && !ok(value);
    if (outside(request.ledger_index_min, (n) => n >= FIRST_VALIDATED_LEDGER) || outside(request.ledger_index_max, (n) => n <= validatedLedger)) {
      return { error: 'lgrIdxMalformed', error_message: 'Ledger indexes invalid.' };
    }
    const wanted = (value: unknown, fallback: number) => (typeof value === 'number' && value >= 0 ? value : fallback);
    const min = Math.max(wanted(request.ledger_index_min, FIRST_VALIDATED_LEDGER), FIRST_VALIDATED_LEDGER);
    const max = Math.min(wanted(request.ledger_index_max, validatedLedger), validatedLedger);
    const forward = request.forward === true;
    const pageSize = options.accountTxPage ?? ACCOUNT_TX_PAGE;
    const limit = typeof request.limit === 'number' && request.limit > 0 ? Math.min(request.limit, pageSize) : pageSize;
    const order = (a: StoredTx, b: StoredTx) => (a.ledgerIndex! - b.ledgerIndex! || a.transactionIndex - b.transactionIndex) * (forward ? 1 : -1);
    let history = [...transactions.values()].filter((stored) => stored.ledgerIndex !== null && stored.ledgerIndex >= min && stored.ledgerIndex <= max && touches(stored).includes(account)).sort(order);
    const marker = request.marker as { ledger?: unknown; seq?: unknown } | undefined;
    if (marker) {
      const from = history.findIndex((stored) => stored.ledgerIndex === marker.ledger && stored.transactionIndex === marker.seq);
      history = from < 0 ? [] : history.slice(from);
    }
    const page = history.slice(0, limit);
    const next = history[limit];
    return {
      result: {
        account,
        ledger_index_min: min,
        ledger_index_max: max,
        limit,
        validated: true,
        ...(next ? { marker: { ledger: next.ledgerIndex, seq: next.transactionIndex } } : {}),
        transactions: page.map((stored) => {
          const { hash, ...txJson } = stored.tx;
          return { hash, ledger_index: stored.ledgerIndex, ledger_hash: ledgerHash(stored.ledgerIndex!), close_time_iso: new Date().toISOString(), meta: transactionMeta(stored), tx_json: txJson, validated: true };
        }),
      },
    };
  }

  function scheduleLedgerClose(): void {
    closeTimer ??= setTimeout(closeLedger, options.ledgerCloseMs ?? 50);
  }

  function submit(request: Request): Reply {
    const txBlob = request.tx_blob;
    if (typeof txBlob !== 'string') return { error: 'invalidParams', error_message: "Missing field 'tx_blob'." };
    let tx: Record<string, unknown>;
    try {
      tx = decode(txBlob);
    } catch (error) {
      refused.push({ txBlob, reason: 'undecodable' });
      return { error: 'invalidTransaction', error_message: 'Invalid transaction.', error_exception: String(error) };
    }
    if (!signatureHolds(txBlob)) {
      refused.push({ txBlob, reason: 'bad signature' });
      return { error: 'invalidTransaction', error_message: 'Invalid transaction.', error_exception: 'fails local checks: Invalid signature.' };
    }
    const hash = hashes.hashSignedTx(txBlob);
    const known = transactions.get(hash);
    if (known) return engineResult(known.ledgerIndex === null ? 'tefALREADY' : 'tefPAST_SEQ', txBlob, tx, hash);

    const outcome = check(tx);
    if (outcome !== 'tesSUCCESS') {
      refused.push({ txBlob, reason: outcome });
      return engineResult(outcome, txBlob, tx, hash);
    }
    const account = accounts.get(tx.Account as string);
    if (account) account.sequence += 1;
    if (account && tx.TransactionType === 'Payment' && typeof tx.Amount === 'string') movePayment(account, tx.Destination as string, BigInt(tx.Amount), BigInt(tx.Fee as string));
    if (account && tx.TransactionType === 'EscrowCreate') createEscrow(account, tx);
    if (account && tx.TransactionType === 'EscrowFinish') finishEscrow(account, tx);
    const delivered = tx.TransactionType === 'Payment' && typeof tx.Amount === 'string' ? tx.Amount : null;
    const stored: StoredTx = { tx: { ...tx, hash }, ledgerIndex: null, transactionIndex: received.length, result: 'tesSUCCESS', delivered };
    transactions.set(hash, stored);
    received.push(stored.tx);
    publish(stored);
    scheduleLedgerClose();
    return engineResult('tesSUCCESS', txBlob, tx, hash);
  }

  /** An XRP Payment: the amount and the fee leave the sender, the amount reaches the destination (created if new). */
  function movePayment(sender: { balanceDrops?: string }, destination: string, amount: bigint, fee: bigint): void {
    sender.balanceDrops = String(BigInt(sender.balanceDrops ?? DEFAULT_BALANCE_DROPS) - amount - fee);
    const receiving = accounts.get(destination);
    if (receiving) receiving.balanceDrops = String(BigInt(receiving.balanceDrops ?? DEFAULT_BALANCE_DROPS) + amount);
    else accounts.set(destination, { sequence: 1, balanceDrops: String(amount) });
  }

  const escrowKey = (owner: string, sequence: number) => `${owner}:${sequence}`;
  const balanceDrops = (account: { balanceDrops?: string }) => BigInt(account.balanceDrops ?? DEFAULT_BALANCE_DROPS);
  const ownedEscrows = (owner: string) => [...escrows.values()].filter((e) => e.owner === owner).length;
  const ledgerTime = () => Math.floor(Date.now() / 1000) - RIPPLE_EPOCH_OFFSET;

  /** The amount and the fee leave the owner; the escrow holds the amount until finished. */
  function createEscrow(owner: { balanceDrops?: string }, tx: Record<string, unknown>): void {
    owner.balanceDrops = String(balanceDrops(owner) - BigInt(tx.Amount as string) - BigInt(tx.Fee as string));
    escrows.set(escrowKey(tx.Account as string, tx.Sequence as number), {
      owner: tx.Account as string,
      sequence: tx.Sequence as number,
      destination: tx.Destination as string,
      drops: tx.Amount as string,
      condition: typeof tx.Condition === 'string' ? tx.Condition : null,
      cancelAfter: typeof tx.CancelAfter === 'number' ? tx.CancelAfter : null,
    });
  }

  /** The fee leaves the finisher; the escrowed amount reaches the destination. */
  function finishEscrow(finisher: { balanceDrops?: string }, tx: Record<string, unknown>): void {
    const key = escrowKey(tx.Owner as string, tx.OfferSequence as number);
    const escrow = escrows.get(key)!;
    escrows.delete(key);
    finisher.balanceDrops = String(balanceDrops(finisher) - BigInt(tx.Fee as string));
    const receiving = accounts.get(escrow.destination);
    if (receiving) receiving.balanceDrops = String(balanceDrops(receiving) + BigInt(escrow.drops));
    else accounts.set(escrow.destination, { sequence: 1, balanceDrops: escrow.drops });
  }

  function checkEscrow(tx: Record<string, unknown>, account: { balanceDrops?: string }): ResultCode {
    if (tx.TransactionType === 'EscrowCreate') {
      if (typeof tx.Amount !== 'string' || typeof tx.Destination !== 'string') return 'temMALFORMED';
      if (tx.Condition === undefined && tx.FinishAfter === undefined) return 'temMALFORMED';
      if (typeof tx.CancelAfter === 'number' && tx.CancelAfter <= ledgerTime()) return 'tecNO_PERMISSION';
      const reserve = RESERVE_BASE_DROPS + RESERVE_INC_DROPS * BigInt(ownedEscrows(tx.Account as string) + 1);
      if (balanceDrops(account) - BigInt(tx.Amount) - BigInt(tx.Fee as string) < reserve) return 'tecUNFUNDED';
    }
    if (tx.TransactionType === 'EscrowFinish') {
      const escrow = escrows.get(escrowKey(tx.Owner as string, tx.OfferSequence as number));
      if (!escrow) return 'tecNO_TARGET';
      if (escrow.cancelAfter !== null && escrow.cancelAfter <= ledgerTime()) return 'tecNO_PERMISSION';
      if (escrow.condition !== null && !fulfills(tx.Fulfillment, escrow.condition)) return 'tecCRYPTOCONDITION_ERROR';
    }
    return 'tesSUCCESS';
  }

  function check(tx: Record<string, unknown>): ResultCode {
    if (typeof tx.SigningPubKey !== 'string' || deriveAddress(tx.SigningPubKey) !== tx.Account) return 'tefBAD_AUTH';
    const account = accounts.get(tx.Account as string);
    if (!account) return 'terNO_ACCOUNT';
    if (typeof tx.Sequence !== 'number' || tx.Sequence < account.sequence) return 'tefPAST_SEQ';
    if (tx.Sequence > account.sequence) return 'terPRE_SEQ';
    if (Number(tx.Fee) < BASE_FEE_DROPS) return 'telINSUF_FEE_P';
    if (typeof tx.LastLedgerSequence === 'number' && tx.LastLedgerSequence <= validatedLedger) return 'tefMAX_LEDGER';
    const escrowResult = checkEscrow(tx, account);
    if (escrowResult !== 'tesSUCCESS') return escrowResult;
    return options.rejectWith ?? 'tesSUCCESS';
  }

  function engineResult(result: ResultCode, txBlob: string, tx: Record<string, unknown>, hash: string): Reply {
    const applied = result === 'tesSUCCESS';
    const account = accounts.get(tx.Account as string);
    return {
      result: {
        engine_result: result,
        engine_result_code: RESULT_CODES[result],
        engine_result_message: applied ? 'The transaction was applied. Only final in a validated ledger.' : `Refused by the stand-in: ${result}.`,
        tx_blob: txBlob,
        tx_json: { ...tx, hash },
        accepted: applied,
        applied,
        broadcast: applied,
        kept: applied,
        queued: false,
        account_sequence_available: account?.sequence ?? 0,
        account_sequence_next: account?.sequence ?? 0,
        open_ledger_cost: String(BASE_FEE_DROPS),
        validated_ledger_index: validatedLedger,
      },
    };
  }

  function lookUpTransaction(request: Request): Reply {
    const stored = typeof request.transaction === 'string' ? transactions.get(request.transaction.toUpperCase()) : undefined;
    if (!stored) return { error: 'txnNotFound', error_message: 'Transaction not found.' };
    const { hash, ...txJson } = stored.tx;
    const validated = stored.ledgerIndex !== null;
    return {
      result: {
        tx_json: txJson,
        hash,
        validated,
        ...(validated
          ? {
              ledger_index: stored.ledgerIndex,
              close_time_iso: new Date().toISOString(),
              meta: transactionMeta(stored),
            }
          : {}),
      },
    };
  }

  function answer(request: Request, socket: WebSocket): Reply | 'drop' {
    switch (request.command) {
      case 'ping':
        return { result: {} };
      case 'server_info':
        return {
          result: {
            info: {
              build_version: '2.4.0',
              complete_ledgers: `${FIRST_VALIDATED_LEDGER}-${validatedLedger}`,
              load_factor: 1,
              network_id: options.networkId ?? 1,
              server_state: 'full',
              validated_ledger: { age: 1, base_fee_xrp: BASE_FEE_DROPS / 1e6, hash: ledgerHash(validatedLedger), reserve_base_xrp: 1, reserve_inc_xrp: 0.2, seq: validatedLedger },
            },
          },
        };
      case 'server_state':
        return {
          result: {
            state: {
              build_version: '2.4.0',
              server_state: 'full',
              validated_ledger: { base_fee: BASE_FEE_DROPS, reserve_base: 1_000_000, reserve_inc: 200_000, seq: validatedLedger, hash: ledgerHash(validatedLedger) },
            },
          },
        };
      case 'fee':
        return {
          result: {
            current_ledger_size: '0',
            current_queue_size: '0',
            drops: { base_fee: String(BASE_FEE_DROPS), median_fee: '5000', minimum_fee: String(BASE_FEE_DROPS), open_ledger_fee: String(BASE_FEE_DROPS) },
            expected_ledger_size: '1000',
            ledger_current_index: validatedLedger + 1,
            levels: { median_level: '128000', minimum_level: '256', open_ledger_level: '256', reference_level: '256' },
            max_queue_size: '20000',
          },
        };
      case 'ledger_current':
        return { result: { ledger_current_index: validatedLedger + 1 } };
      case 'ledger': {
        const current = request.ledger_index === 'current';
        const index = current ? validatedLedger + 1 : validatedLedger;
        return { result: { ledger_index: index, ledger_hash: ledgerHash(index), ledger: { ledger_index: String(index), closed: !current }, validated: !current } };
      }
      case 'account_info': {
        const address = request.account;
        const account = typeof address === 'string' ? accounts.get(address) : undefined;
        if (!account) return { error: 'actNotFound', error_message: 'Account not found.' };
        return {
          result: {
            account_data: { Account: address, Balance: account.balanceDrops ?? DEFAULT_BALANCE_DROPS, Flags: 0, LedgerEntryType: 'AccountRoot', OwnerCount: 0, Sequence: account.sequence },
            ledger_current_index: validatedLedger + 1,
            validated: false,
          },
        };
      }
      case 'ledger_entry': {
        const wanted = request.escrow as { owner?: unknown; seq?: unknown } | undefined;
        const escrow = wanted && typeof wanted.owner === 'string' && typeof wanted.seq === 'number' ? escrows.get(escrowKey(wanted.owner, wanted.seq)) : undefined;
        if (!escrow) return { error: 'entryNotFound', error_message: 'Entry not found.' };
        return {
          result: {
            index: createHash('sha256').update(escrowKey(escrow.owner, escrow.sequence)).digest('hex').toUpperCase(),
            ledger_index: validatedLedger,
            validated: true,
            node: {
              LedgerEntryType: 'Escrow',
              Account: escrow.owner,
              Destination: escrow.destination,
              Amount: escrow.drops,
              ...(escrow.condition ? { Condition: escrow.condition } : {}),
              ...(escrow.cancelAfter !== null ? { CancelAfter: escrow.cancelAfter } : {}),
            },
          },
        };
      }
      case 'submit': {
        const reply = submit(request);
        if (dropsLeft > 0) {
          dropsLeft -= 1;
          return 'drop';
        }
        return reply;
      }
      case 'tx':
        return lookUpTransaction(request);
      case 'subscribe':
        return subscribe(socket, request, true);
      case 'unsubscribe':
        return subscribe(socket, request, false);
      case 'account_tx':
        return accountTx(request);
      default:
        return { error: 'unknownCmd', error_message: 'Unknown method.' };
    }
  }

  let unreachable = false;
  server.on('connection', (socket: WebSocket) => {
    if (unreachable) {
      socket.terminate();
      return;
    }
    socket.on('close', () => subscribers.delete(socket));
    socket.on('message', (data) => {
      if (unreachable) {
        socket.terminate();
        return;
      }
      let request: Request;
      try {
        request = JSON.parse(String(data)) as Request;
      } catch {
        socket.send(JSON.stringify({ type: 'response', status: 'error', error: 'badSyntax', error_message: 'Syntax error.' }));
        return;
      }
      const reply = answer(request, socket);
      if (reply === 'drop') {
        socket.terminate();
        return;
      }
      const envelope = { id: request.id, type: 'response', api_version: request.api_version ?? 2 };
      if ('error' in reply) {
        socket.send(JSON.stringify({ ...envelope, status: 'error', error_code: ERROR_CODES[reply.error as keyof typeof ERROR_CODES], ...reply, request }));
      } else {
        socket.send(JSON.stringify({ ...envelope, status: 'success', result: reply.result }));
      }
    });
  });

  return {
    url: `ws://127.0.0.1:${port}`,
    received,
    refused,
    escrows,
    fundAccount(address, sequence = 1) {
      accounts.set(address, { sequence });
    },
    setBalance(address, drops) {
      const account = accounts.get(address);
      if (account) account.balanceDrops = drops;
      else accounts.set(address, { sequence: 1, balanceDrops: drops });
    },
    balanceOf(address) {
      const account = accounts.get(address);
      return account ? (account.balanceDrops ?? DEFAULT_BALANCE_DROPS) : null;
    },
    pay,
    closeLedger,
    replay(hash) {
      const stored = transactions.get(hash);
      if (!stored) throw new Error(`The stand-in holds no transaction ${hash}`);
      publish(stored);
    },
    push(account, message) {
      for (const [socket, subscriber] of subscribers) if (subscriber.accounts.has(account) || subscriber.proposed.has(account)) send(socket, message);
    },
    streamMessage(hash) {
      const stored = transactions.get(hash);
      if (!stored) throw new Error(`The stand-in holds no transaction ${hash}`);
      return transactionMessage(stored);
    },
    get validatedLedger() {
      return validatedLedger;
    },
    get subscriberCount() {
      return subscribers.size;
    },
    dropNextSubmissions(count) {
      dropsLeft = count;
    },
    setUnreachable(value) {
      unreachable = value;
      if (value) for (const client of server.clients) client.terminate();
    },
    async close() {
      if (closeTimer) clearTimeout(closeTimer);
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** A PREIMAGE-SHA-256 fulfillment (A0 22 80 20 <preimage>) meets a condition (A0 25 80 20 <sha256> 81 01 20). */
function fulfills(fulfillment: unknown, condition: string): boolean {
  if (typeof fulfillment !== 'string' || !/^A0228020[0-9A-F]{64}$/i.test(fulfillment)) return false;
  const fingerprint = createHash('sha256').update(Buffer.from(fulfillment.slice(8), 'hex')).digest('hex');
  return condition.toUpperCase() === `A0258020${fingerprint}810120`.toUpperCase();
}

function signatureHolds(txBlob: string): boolean {
  try {
    return verifySignature(txBlob);
  } catch {
    return false;
  }
}

function ledgerHash(index: number): string {
  return index.toString(16).toUpperCase().padStart(64, '0');
}
