// The contract's XRPL anchor: a Payment of the deploy price from the creator's own account to the
// platform with the terms' hash as memo; signed and kept without XRPL_URL; not signed without an XRP
// price or a wallet, said in plain words; refused with WALLET_NOT_FUNDED when the account cannot pay;
// submitted and validated when it can (rippled stand-in).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { convertHexToString, decode } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { parseWalletNotFunded } from '../../domain/royalties/terms';
import { UserWalletsGenerated, walletsStreamId } from '../../domain/wallets/wallet.events';
import type { Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../eventstore/postgres-event-store';
import { parseWalletConfig } from '../wallets/config';
import { generateUserWallets } from '../wallets/generate';
import { openWalletServices, type WalletServices } from '../wallets/services';
import { startRippledStandIn, type RippledStandIn } from '../../tests/support/rippled-stand-in';
import { contractAnchor, NO_WALLET, NO_XRP_PRICE, SIGNED_NOT_SENT, WalletNotFundedError } from './contract-anchor';

const PLATFORM = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const TERMS_SHA = 'd'.repeat(64);

let dir: string;
let db: Db;
let eventStore: PostgresEventStore;
let rippled: RippledStandIn;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'goose-anchor-'));
  db = await pooledPglite();
  await migrate(db, eventStoreMigrations);
  eventStore = new PostgresEventStore(db, eventRegistry);
  rippled = await startRippledStandIn();
});

afterAll(async () => {
  await rippled.close();
  await eventStore.close();
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

/** A creator with wallets generated as the wallet route does; answers the user id and XRPL address. */
async function creator(wallets: WalletServices): Promise<{ userId: string; address: string }> {
  const userId = randomUUID();
  const generated = generateUserWallets(wallets.keyBox);
  const event = UserWalletsGenerated.create({ userId, ...generated });
  const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() };
  await eventStore.append(walletsStreamId(userId), [{ eventId: randomUUID(), ...event, metadata }], 'no_stream');
  return { userId, address: generated.xrplAddress };
}

function memoOf(tx: Record<string, unknown>): unknown {
  const memos = tx.Memos as Array<{ Memo: { MemoData: string } }>;
  return JSON.parse(convertHexToString(memos[0]!.Memo.MemoData));
}

describe('contract anchor', () => {
  it('without XRPL_URL signs the deploy payment from the creator account and keeps it, awaiting submission', async () => {
    const wallets = await openWalletServices(path.join(dir, 'offline'), parseWalletConfig({ XRP_USD_RATE: '0.5' }));
    const anchor = contractAnchor({ eventStore, wallets, platformAccount: PLATFORM, network: 'testnet' });
    const { userId, address } = await creator(wallets);
    await anchor.ensureFunded(userId);
    const outcome = await anchor.anchor({ contractId: 'c-1', creatorId: userId, termsSha256: TERMS_SHA });
    expect(outcome).toMatchObject({ status: 'awaiting_submission', signed: { account: address } });
    expect(outcome.reason).toBe(SIGNED_NOT_SENT);
    const tx = decode(outcome.signed!.txBlob) as Record<string, unknown>;
    expect(tx).toMatchObject({ TransactionType: 'Payment', Account: address, Destination: PLATFORM, Amount: '99900000' });
    expect(memoOf(tx)).toEqual({ contractId: 'c-1', termsSha256: TERMS_SHA });
  });

  it('with XRPL_URL refuses an account that cannot pay the price and its reserve, then pays once funded', async () => {
    const wallets = await openWalletServices(path.join(dir, 'online'), parseWalletConfig({ XRP_USD_RATE: '0.5', XRPL_URL: rippled.url }));
    const anchor = contractAnchor({ eventStore, wallets, platformAccount: PLATFORM, network: 'testnet' });
    const { userId, address } = await creator(wallets);

    // Not on the ledger at all, then 100 XRP: not enough for 99.9 XRP plus the 10 XRP reserve.
    for (const balanceDrops of [null, '100000000']) {
      if (balanceDrops) rippled.setBalance(address, balanceDrops);
      const refusal = await anchor.ensureFunded(userId).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(WalletNotFundedError);
      expect(parseWalletNotFunded((refusal as Error).message)).toEqual({ xrpAmount: '99.900000', usdAmount: '49.95' });
    }

    rippled.setBalance(address, '200000000');
    await anchor.ensureFunded(userId);
    const outcome = await anchor.anchor({ contractId: 'c-2', creatorId: userId, termsSha256: TERMS_SHA });
    expect(outcome.status).toBe('validated');
    const onLedger = rippled.received.filter((tx) => tx.hash === outcome.signed!.txHash);
    expect(onLedger).toHaveLength(1);
    expect(onLedger[0]).toMatchObject({ TransactionType: 'Payment', Account: address, Destination: PLATFORM, Amount: '99900000' });
    expect(memoOf(onLedger[0]!)).toEqual({ contractId: 'c-2', termsSha256: TERMS_SHA });
  });

  it('says in plain words, without setting names, why no deploy payment was signed, and quotes no XRP without a price', async () => {
    const wallets = await openWalletServices(path.join(dir, 'unpriced'), parseWalletConfig({ XRPL_URL: rippled.url }));
    const anchor = contractAnchor({ eventStore, wallets, platformAccount: PLATFORM, network: 'testnet' });
    const { userId } = await creator(wallets);
    expect(anchor.quote()).toEqual({ xrpAmount: 'unpriced', usdAmount: '49.95' });
    await anchor.ensureFunded(userId);
    const unpriced = await anchor.anchor({ contractId: 'c-3', creatorId: userId, termsSha256: TERMS_SHA });
    expect(unpriced).toMatchObject({ status: 'awaiting_submission', signed: null, reason: NO_XRP_PRICE });
    const walletless = await anchor.anchor({ contractId: 'c-4', creatorId: randomUUID(), termsSha256: TERMS_SHA });
    expect(walletless).toMatchObject({ status: 'awaiting_submission', signed: null, reason: NO_WALLET });
    for (const reason of [NO_XRP_PRICE, NO_WALLET, SIGNED_NOT_SENT]) expect(reason).not.toMatch(/[A-Z_]{4,}_(URL|KEY|RATE|SECRET)|[0-9A-F]{64}/);
  });
});
