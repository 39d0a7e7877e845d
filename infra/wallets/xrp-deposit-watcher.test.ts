// XRP deposits against the rippled stand-in, through the whole API: a validated payment into a
// user's deposit account is credited once at the rate and shows in the token history with its
// hash; a replayed transaction (pushed again, and seen again through account_tx) credits nothing
// more; a failed or unvalidated one credits nothing (the latter until it is validated); a payment
// to someone else's account credits nothing; and a restart between the payment and the credit, or
// a process that dies in the credit, still credits exactly once.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { WELCOME_BONUS_TOKENS } from '../../domain/constants';
import { startRippledStandIn, type RippledStandIn } from '../../tests/support/rippled-stand-in';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { TokenLedger } from '../tokens/token-ledger';
import { parseWalletConfig } from './config';
import { openWalletServices } from './services';
import { XrpDepositWatcher } from './xrp-deposit-watcher';

const lifecycle = {} as Parameters<typeof startTestApp>[1];
const RATE = 2.5;
/** The XRP package's XRP at 2.5 USD per XRP: 49.95 tokens. */
const PACKAGE_DROPS = '19980000';

let rippled: RippledStandIn;
let testApp: TestApp;
let dataDir: string;
let watcher: XrpDepositWatcher;

interface User {
  cookie: string;
  userId: string;
  address: string;
}

function newWatcher(tokenLedger: Pick<TokenLedger, 'execute'> = new TokenLedger(testApp.eventStore)): XrpDepositWatcher {
  return new XrpDepositWatcher({ url: rippled.url, usdPerXrp: RATE, db: testApp.db, tokenLedger: tokenLedger as TokenLedger, walletChanges: testApp.projector });
}

async function newUser(): Promise<User> {
  const signup = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `xrp_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  const cookie = `goose_session=${signup.cookies.find((c) => c.name === 'goose_session')!.value}`;
  const generated = await testApp.app.inject({ method: 'POST', url: '/api/goose-tokens/generate-wallet', headers: { cookie }, payload: {} });
  return { cookie, userId: signup.json().user.id, address: generated.json().wallet.xrplAddress };
}

const balance = async (user: User) => (await testApp.app.inject({ method: 'GET', url: '/api/goose-tokens/balance', headers: { cookie: user.cookie } })).json().balance as number;

async function deposits(user: User) {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/goose-tokens/transactions', headers: { cookie: user.cookie } });
  return (response.json().transactions as { cause: string; amount: number; reference: string | null; description: string }[]).filter((t) => t.reference?.startsWith('xrpl:tx:'));
}

/** Waits until the read model shows `expected` (the credit is appended, then projected). */
async function balanceBecomes(user: User, expected: number): Promise<void> {
  for (let i = 0; i < 100 && Math.abs((await balance(user)) - expected) > 1e-9; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await balance(user)).toBeCloseTo(expected, 6);
}

beforeAll(async () => {
  // Pages of 2 transactions: every catch-up below follows account_tx's marker.
  rippled = await startRippledStandIn({ accountTxPage: 2 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-xrp-deposits-'));
  const wallets = await openWalletServices(dataDir, parseWalletConfig({ XRP_USD_RATE: String(RATE), XRPL_URL: rippled.url }));
  testApp = await startTestApp(dataDir, lifecycle, { wallets });
  watcher = newWatcher();
  await watcher.start();
  await watcher.settled();
});

afterAll(async () => {
  await watcher?.stop();
  await testApp?.close();
  await rippled?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('XRP deposits', () => {
  it('credits a validated payment once at the rate, and the token history shows it with the transaction hash', async () => {
    const user = await newUser();
    await watcher.watching(user.address);
    const hash = rippled.pay({ to: user.address, drops: PACKAGE_DROPS });
    expect(await watcher.nextOutcome(hash)).toEqual({ txHash: hash, outcome: 'credited' });
    await balanceBecomes(user, WELCOME_BONUS_TOKENS + 49.95);
    expect(await deposits(user)).toEqual([
      expect.objectContaining({ cause: 'purchase', amount: 49.95, reference: `xrpl:tx:${hash}`, description: `XRP deposit: 19.98 XRP at 2.5 USD per XRP (XRPL transaction ${hash})` }),
    ]);
  });

  it('credits a replayed transaction once: pushed again on the stream, and seen again through account_tx by a fresh subscriber from the start', async () => {
    const user = await newUser();
    await watcher.watching(user.address);
    const hash = rippled.pay({ to: user.address, drops: '4000000' });
    expect((await watcher.nextOutcome(hash)).outcome).toBe('credited');
    rippled.replay(hash);
    expect((await watcher.nextOutcome(hash)).outcome).toBe('already credited');

    // Another subscriber that has no checkpoint reads every account's whole history.
    await testApp.db.query('DELETE FROM xrp_deposit_checkpoint');
    const second = newWatcher();
    const rescanned = second.nextOutcome(hash);
    await second.start();
    expect((await rescanned).outcome).toBe('already credited');
    await second.settled();
    await second.stop();
    await balanceBecomes(user, WELCOME_BONUS_TOKENS + 10);
    expect(await deposits(user)).toHaveLength(1);
  });

  it('credits nothing for a failed payment (tecUNFUNDED_PAYMENT)', async () => {
    const user = await newUser();
    await watcher.watching(user.address);
    const hash = rippled.pay({ to: user.address, drops: PACKAGE_DROPS, result: 'tecUNFUNDED_PAYMENT' });
    expect(await watcher.nextOutcome(hash)).toEqual({ txHash: hash, outcome: 'skipped', why: 'failed on the ledger (tecUNFUNDED_PAYMENT)' });
    expect(await balance(user)).toBe(WELCOME_BONUS_TOKENS);
    expect(await deposits(user)).toEqual([]);
  });

  it('credits nothing for a payment that is not validated, until it is validated', async () => {
    const user = await newUser();
    await watcher.watching(user.address);
    const hash = rippled.pay({ to: user.address, drops: PACKAGE_DROPS, validate: false });
    // A server that passes on the unvalidated transaction (with its provisional tesSUCCESS).
    const unvalidated = rippled.streamMessage(hash);
    expect(unvalidated).toMatchObject({ validated: false, meta: { TransactionResult: 'tesSUCCESS', delivered_amount: PACKAGE_DROPS } });
    rippled.push(user.address, unvalidated);
    expect(await watcher.nextOutcome(hash)).toEqual({ txHash: hash, outcome: 'skipped', why: 'not validated yet' });
    expect(await balance(user)).toBe(WELCOME_BONUS_TOKENS);

    const validated = watcher.nextOutcome(hash);
    rippled.closeLedger();
    expect((await validated).outcome).toBe('credited');
    await balanceBecomes(user, WELCOME_BONUS_TOKENS + 49.95);
  });

  it('credits nothing for a payment to someone else\'s account, and credits another user\'s deposit to that user alone', async () => {
    const user = await newUser();
    const other = await newUser();
    await watcher.watching(user.address);
    await watcher.watching(other.address);
    // Seen on the user's subscription because it touches the user's account, but it pays an outsider.
    const outsider = Wallet.generate().classicAddress;
    const outgoing = rippled.pay({ from: user.address, to: outsider, drops: PACKAGE_DROPS });
    expect(await watcher.nextOutcome(outgoing)).toEqual({ txHash: outgoing, outcome: 'skipped', why: 'not a payment into a deposit account' });
    const toOther = rippled.pay({ to: other.address, drops: '400000' });
    expect((await watcher.nextOutcome(toOther)).outcome).toBe('credited');
    await balanceBecomes(other, WELCOME_BONUS_TOKENS + 1);
    expect(await balance(user)).toBe(WELCOME_BONUS_TOKENS);
    expect(await deposits(user)).toEqual([]);
  });

  it('credits exactly once a payment made while no subscriber ran (a restart between the payment and the credit)', async () => {
    const user = await newUser();
    await watcher.watching(user.address);
    await watcher.stop();
    // Earlier transactions of the account, so the catch-up reads it in several pages.
    rippled.pay({ from: user.address, to: Wallet.generate().classicAddress, drops: '1000' });
    rippled.pay({ from: user.address, to: Wallet.generate().classicAddress, drops: '1000' });
    const hash = rippled.pay({ to: user.address, drops: PACKAGE_DROPS });
    // More ledgers close while nobody listens.
    rippled.pay({ to: Wallet.generate().classicAddress, drops: '1000000' });

    watcher = newWatcher();
    const caughtUp = watcher.nextOutcome(hash);
    await watcher.start();
    expect((await caughtUp).outcome).toBe('credited');
    await watcher.settled();
    await balanceBecomes(user, WELCOME_BONUS_TOKENS + 49.95);
    expect(await deposits(user)).toHaveLength(1);
  });

  it('credits exactly once a payment whose credit failed when the process died in it: the checkpoint stays before it', async () => {
    const user = await newUser();
    await watcher.watching(user.address);
    await watcher.stop();

    // A process whose ledger dies in the credit (its database gone); later ledgers still close.
    const dying = newWatcher({
      execute: () => Promise.reject(new Error('connection to the event store lost')),
    });
    await dying.start();
    await dying.settled();
    const hash = rippled.pay({ to: user.address, drops: PACKAGE_DROPS });
    expect((await dying.nextOutcome(hash)).outcome).toBe('failed');
    rippled.pay({ to: Wallet.generate().classicAddress, drops: '1000000' });
    rippled.pay({ to: Wallet.generate().classicAddress, drops: '1000000' });
    await dying.stop();
    const { rows } = await testApp.db.query<{ ledger_index: string }>('SELECT ledger_index FROM xrp_deposit_checkpoint');
    expect(Number(rows[0]!.ledger_index)).toBeLessThan(rippled.validatedLedger - 2);

    watcher = newWatcher();
    const credited = watcher.nextOutcome(hash);
    await watcher.start();
    expect((await credited).outcome).toBe('credited');
    await watcher.settled();
    await balanceBecomes(user, WELCOME_BONUS_TOKENS + 49.95);
    expect(await deposits(user)).toHaveLength(1);
  });

  it('catches up on a payment made while the ledger could not be reached, once it is back', async () => {
    const user = await newUser();
    await watcher.watching(user.address);
    rippled.setUnreachable(true);
    const hash = rippled.pay({ to: user.address, drops: PACKAGE_DROPS });
    const credited = watcher.nextOutcome(hash);
    await new Promise((resolve) => setTimeout(resolve, 300));
    rippled.setUnreachable(false);
    expect((await credited).outcome).toBe('credited');
    await balanceBecomes(user, WELCOME_BONUS_TOKENS + 49.95);
    expect(await deposits(user)).toHaveLength(1);
  });

  it('reads what the server has when the checkpoint is older than the server\'s history', async () => {
    const user = await newUser();
    await watcher.watching(user.address);
    await watcher.stop();
    const hash = rippled.pay({ to: user.address, drops: PACKAGE_DROPS });
    // The ledger the checkpoint names is before the first one this server holds (1000).
    await testApp.db.query('UPDATE xrp_deposit_checkpoint SET ledger_index = 5');
    watcher = newWatcher();
    const credited = watcher.nextOutcome(hash);
    await watcher.start();
    expect((await credited).outcome).toBe('credited');
    await watcher.settled();
    await balanceBecomes(user, WELCOME_BONUS_TOKENS + 49.95);
  });

  it('moves its checkpoint to the ledger before the last one announced, kept in the database', async () => {
    const user = await newUser();
    await watcher.watching(user.address);
    const hash = rippled.pay({ to: user.address, drops: '4000' });
    expect(await watcher.nextOutcome(hash)).toEqual({ txHash: hash, outcome: 'credited' });
    await watcher.settled();
    const { rows } = await testApp.db.query<{ ledger_index: string }>('SELECT ledger_index FROM xrp_deposit_checkpoint');
    expect(Number(rows[0]!.ledger_index)).toBe(rippled.validatedLedger - 1);
  });
});
