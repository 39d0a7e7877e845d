// The wallet routes through the whole API: a wallet generated once per user (also under two
// concurrent calls), its keys sealed (nowhere in plain: not the answer, the stored event or the
// log), opened at sign-up so nothing answers 409 for want of one, xrplWallet on the user, and the XRP purchase routes without
// configuration and with a rate, an on-ramp and a ledger (the rippled stand-in).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Wallet as EvmWallet } from 'ethers';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Wallet as XrplWallet } from 'xrpl';
import { walletsStreamId } from '../../../domain/wallets/wallet.events';
import { logger } from '../../../infra/logger/logger';
import { parseWalletConfig } from '../../../infra/wallets/config';
import { openUserWallets } from '../../../infra/wallets/open-wallets';
import { openWalletServices, type WalletServices } from '../../../infra/wallets/services';
import { startRippledStandIn, type RippledStandIn } from '../../../tests/support/rippled-stand-in';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

const lifecycle = {} as Parameters<typeof startTestApp>[1];
const RATE = 2.5;
/** 49.95 USD at 2.5 USD per XRP. */
const REQUIRED_XRP = 19.98;

let plain: TestApp;
let configured: TestApp;
let configuredWallets: WalletServices;
let plainWallets: WalletServices;
let rippled: RippledStandIn;
const dirs: string[] = [];

beforeAll(async () => {
  rippled = await startRippledStandIn();
  const plainDir = await mkdtemp(path.join(os.tmpdir(), 'goose-wallets-'));
  const configuredDir = await mkdtemp(path.join(os.tmpdir(), 'goose-wallets-xrp-'));
  dirs.push(plainDir, configuredDir);
  plainWallets = await openWalletServices(plainDir, parseWalletConfig({}));
  plain = await startTestApp(plainDir, lifecycle, { wallets: plainWallets });
  configuredWallets = await openWalletServices(
    configuredDir,
    parseWalletConfig({ XRP_USD_RATE: String(RATE), XRPL_URL: rippled.url, XRP_ONRAMP_URL: 'https://onramp.example/buy?currency=XRP&to={address}&amount={amount}' }, new Date('2025-01-02T03:04:05Z')),
  );
  configured = await startTestApp(configuredDir, lifecycle, { wallets: configuredWallets });
});

afterAll(async () => {
  await plain?.close();
  await configured?.close();
  await rippled?.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function signup(testApp: TestApp) {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: 'correct horse battery' } });
  const cookie = response.cookies.find((c) => c.name === 'goose_session')!;
  const userId = (response.json() as { user: { id: string } }).user.id;
  return { username, userId, cookie: `goose_session=${cookie.value}` };
}

const get = (testApp: TestApp, url: string, cookie: string) => testApp.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (testApp: TestApp, url: string, cookie: string, payload: object = {}) => testApp.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('wallet generation', () => {
  it('opens the wallets at sign-up: the balance carries the Polygon address, and Generate Wallet answers the same wallets with 200', async () => {
    const { cookie } = await signup(plain);
    const balance = await get(plain, '/api/goose-tokens/balance', cookie);
    expect(balance.statusCode).toBe(200);
    expect(balance.json()).toMatchObject({ wallet: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), balance: 50 });

    const generated = await post(plain, '/api/goose-tokens/generate-wallet', cookie);
    const again = await plain.app.inject({ method: 'POST', url: '/api/goose-tokens/generate-wallet', headers: { cookie } });
    expect([generated.statusCode, again.statusCode]).toEqual([200, 200]);
    const { wallet } = generated.json() as { wallet: { address: string; xrplAddress: string; network: string } };
    expect(again.json()).toEqual(generated.json());
    expect(wallet).toEqual({ address: balance.json().wallet, xrplAddress: expect.stringMatching(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/), network: 'polygon' });
  });

  it('makes one wallet of two concurrent first opens (an account from before sign-up opened them)', async () => {
    const userId = randomUUID();
    const context = { correlationId: 'test', actor: 'test' };
    const opened = await Promise.all([openUserWallets(plain.eventStore, plainWallets.keyBox, userId, context), openUserWallets(plain.eventStore, plainWallets.keyBox, userId, context)]);
    expect(opened.map((o) => o.created).sort()).toEqual([false, true]);
    expect(opened[0]!.wallets.xrplAddress).toBe(opened[1]!.wallets.xrplAddress);
    expect(await plain.eventStore.readStream(walletsStreamId(userId))).toHaveLength(1);
  });

  it('puts the XRPL address on /api/auth/me and /api/user from sign-up', async () => {
    const { cookie } = await signup(plain);
    const { wallet } = (await post(plain, '/api/goose-tokens/generate-wallet', cookie)).json() as { wallet: { xrplAddress: string } };
    expect((await get(plain, '/api/auth/me', cookie)).json()).toMatchObject({ xrplWallet: wallet.xrplAddress });
    expect((await get(plain, '/api/user', cookie)).json()).toMatchObject({ xrplWallet: wallet.xrplAddress });
  });

  it('keeps the keys sealed: they open to the addresses answered, and appear in no answer, stored event or log line', async () => {
    const stream = (logger as unknown as Record<symbol, { write(line: string): boolean }>)[pino.symbols.streamSym]!;
    const logged: string[] = [];
    const write = vi.spyOn(stream, 'write').mockImplementation((line: string) => (logged.push(line), true));
    const level = logger.level;
    logger.level = 'trace';
    try {
      const { userId, cookie } = await signup(plain);
      const response = await post(plain, '/api/goose-tokens/generate-wallet', cookie);
      const [event] = await plain.eventStore.readStream(walletsStreamId(userId));
      const data = event!.data as { polygonAddress: string; encryptedPolygonKey: string; xrplAddress: string; encryptedXrplSeed: string };
      const privateKey = plainWallets.keyBox.open(data.encryptedPolygonKey);
      const seed = plainWallets.keyBox.open(data.encryptedXrplSeed);
      expect(new EvmWallet(privateKey).address).toBe(data.polygonAddress);
      expect(XrplWallet.fromSeed(seed).classicAddress).toBe(data.xrplAddress);
      expect(response.json()).toEqual({ wallet: { address: data.polygonAddress, xrplAddress: data.xrplAddress, network: 'polygon' } });

      const { rows } = await plain.db.query<{ row: string }>(`SELECT to_jsonb(e)::text AS row FROM events e WHERE stream_id = $1`, [walletsStreamId(userId)]);
      expect(rows).toHaveLength(1);
      expect(logged.some((line) => line.includes('user wallets generated'))).toBe(true);
      for (const text of [response.body, rows[0]!.row, ...logged]) {
        expect(text).not.toContain(privateKey.slice(2));
        expect(text).not.toContain(seed);
      }
    } finally {
      logger.level = level;
      write.mockRestore();
    }
  });
});

describe('XRP purchase without configuration', () => {
  it('says no rate, no ledger and no on-ramp are configured, and still gives the address and its QR code', async () => {
    const { cookie } = await signup(plain);
    const { wallet } = (await post(plain, '/api/goose-tokens/generate-wallet', cookie)).json() as { wallet: { xrplAddress: string } };

    const pricing = await get(plain, '/api/xrp/pricing', cookie);
    expect(pricing.statusCode).toBe(200);
    expect(pricing.json()).toEqual({ pricing: null, error: 'No XRP price is set on this server, so the XRP for a package is not known' });

    const info = await get(plain, '/api/xrp/wallet-info', cookie);
    expect(info.json()).toEqual({
      walletAddress: wallet.xrplAddress,
      // The server's ledger network (XRPL_NETWORK, testnet by default): the web warns that a test address takes no real XRP.
      network: 'testnet',
      requiredAmount: null,
      funded: null,
      balanceXrp: null,
      ledger: 'not configured',
      note: 'This server is not connected to the XRP Ledger, so the balance of this address cannot be checked here',
      deposits: { credited: false, note: 'XRP sent to this address will not be credited as tokens on this server.' },
    });
    // Users are told in plain words; the settings' names are for operators (start log, docs).
    for (const answer of [pricing.json(), info.json()]) expect(JSON.stringify(answer)).not.toMatch(/XRPL_URL|XRP_USD_RATE|XRP_ONRAMP_URL/);

    const qr = (await get(plain, '/api/xrp/qr-code', cookie)).json() as { qrCodeDataUrl: string; paymentUri: string; amount: number | null };
    expect(qr.paymentUri).toBe(`ripple:${wallet.xrplAddress}`);
    expect(qr.amount).toBeNull();
    expect(decodeQr(qr.qrCodeDataUrl)).toBe(qr.paymentUri);

    const purchase = await post(plain, '/api/xrp/purchase', cookie, { amount: 10 });
    expect(purchase.statusCode).toBe(200);
    expect(purchase.json()).toEqual({ success: false, error: 'Buying XRP by card is not available on this server' });
  });

  it('says XRP sent will not be credited when the server has a ledger but no XRP price', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'goose-wallets-no-rate-'));
    dirs.push(dir);
    const ledgerOnly = await startTestApp(dir, lifecycle, { wallets: await openWalletServices(dir, parseWalletConfig({ XRPL_URL: rippled.url })) });
    try {
      const { cookie } = await signup(ledgerOnly);
      await post(ledgerOnly, '/api/goose-tokens/generate-wallet', cookie);
      const info = (await get(ledgerOnly, '/api/xrp/wallet-info', cookie)).json();
      expect(info).toMatchObject({ ledger: 'connected', requiredAmount: null, note: 'No XRP price is set on this server, so the amount to pay is not known' });
      expect(info.deposits).toEqual({ credited: false, note: 'XRP sent to this address will not be credited as tokens on this server.' });
    } finally {
      await ledgerOnly.close();
    }
  });

  it('answers a withdrawal with 503 in plain words, naming no setting (the start log does)', async () => {
    const { cookie } = await signup(plain);
    await post(plain, '/api/goose-tokens/generate-wallet', cookie);
    const response = await post(plain, '/api/goose-tokens/withdraw', cookie, { amount: 1 });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'Withdrawals to Polygon are not offered on this server.' });
  });

  it('refuses the XRP routes to a visitor', async () => {
    for (const url of ['/api/xrp/pricing', '/api/xrp/wallet-info', '/api/xrp/qr-code']) {
      expect((await plain.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('XRP purchase with a rate, a ledger and an on-ramp', () => {
  it('prices the XRP package at the configured rate', async () => {
    const { cookie } = await signup(configured);
    expect((await get(configured, '/api/xrp/pricing', cookie)).json()).toEqual({
      pricing: { xrpAmount: REQUIRED_XRP, usdAmount: 49.95, rate: RATE, rateSource: "set by this server's operator", rateAt: '2025-01-02T03:04:05.000Z' },
    });
  });

  it('reads the balance from the ledger: an unfunded address holds 0, a payment that covers the price makes it funded', async () => {
    const { cookie } = await signup(configured);
    const { wallet } = (await post(configured, '/api/goose-tokens/generate-wallet', cookie)).json() as { wallet: { xrplAddress: string } };
    const unfunded = await get(configured, '/api/xrp/wallet-info', cookie);
    expect(unfunded.headers['cache-control']).toBe('no-store');
    expect(unfunded.json()).toEqual({
      walletAddress: wallet.xrplAddress,
      network: 'testnet',
      requiredAmount: REQUIRED_XRP,
      funded: false,
      balanceXrp: 0,
      ledger: 'connected',
      deposits: { credited: true, note: 'XRP that arrives at this address is credited as tokens once the XRP Ledger validates the payment: 2.5 tokens per XRP, in whole cents rounded down.' },
    });

    rippled.setBalance(wallet.xrplAddress, '5000000');
    expect((await get(configured, '/api/xrp/wallet-info', cookie)).json()).toMatchObject({ balanceXrp: 5, funded: false });
    rippled.setBalance(wallet.xrplAddress, '19980000');
    expect((await get(configured, '/api/xrp/wallet-info', cookie)).json()).toMatchObject({ balanceXrp: REQUIRED_XRP, funded: true });
  });

  it('answers 502 when the ledger cannot be reached', async () => {
    const { cookie } = await signup(configured);
    await post(configured, '/api/goose-tokens/generate-wallet', cookie);
    rippled.setUnreachable(true);
    try {
      const response = await get(configured, '/api/xrp/wallet-info', cookie);
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toMatch(/Could not read the XRP balance/);
    } finally {
      rippled.setUnreachable(false);
    }
  });

  it('encodes the payment request, address and amount, in a QR code that decodes to it', async () => {
    const { cookie } = await signup(configured);
    const { wallet } = (await post(configured, '/api/goose-tokens/generate-wallet', cookie)).json() as { wallet: { xrplAddress: string } };
    const qr = (await get(configured, '/api/xrp/qr-code', cookie)).json() as { qrCodeDataUrl: string; paymentUri: string; amount: number };
    expect(qr.paymentUri).toBe(`ripple:${wallet.xrplAddress}?amount=19.98`);
    expect(qr.amount).toBe(REQUIRED_XRP);
    expect(qr.qrCodeDataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(decodeQr(qr.qrCodeDataUrl)).toBe(qr.paymentUri);
  });

  it('links to the on-ramp for the address and the amount (the package price by default)', async () => {
    const { cookie } = await signup(configured);
    const { wallet } = (await post(configured, '/api/goose-tokens/generate-wallet', cookie)).json() as { wallet: { xrplAddress: string } };
    expect((await post(configured, '/api/xrp/purchase', cookie)).json()).toEqual({ success: true, purchaseUrl: `https://onramp.example/buy?currency=XRP&to=${wallet.xrplAddress}&amount=19.98` });
    expect((await post(configured, '/api/xrp/purchase', cookie, { amount: 30.5 })).json()).toEqual({ success: true, purchaseUrl: `https://onramp.example/buy?currency=XRP&to=${wallet.xrplAddress}&amount=30.5` });
    expect((await post(configured, '/api/xrp/purchase', cookie, { amount: -1 })).statusCode).toBe(400);
  });
});

function decodeQr(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}
