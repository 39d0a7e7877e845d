// Withdrawal to Polygon against a real EVM (ganache in process, over local JSON-RPC) and a real
// ERC-20 (OpenZeppelin's, compiled with solc-js): the user's on-chain balance rises by exactly the
// amount and the ledger falls by it; not enough tokens is a 402 with nothing sent; a transfer that
// fails (the treasury emptied) gives the tokens back.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWalletConfig } from '../../../infra/wallets/config';
import { openWalletServices, type WalletServices } from '../../../infra/wallets/services';
import { startTestChain, type TestChain } from '../../../tests/support/evm';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

const ONE_TOKEN = 10n ** 18n;

let chain: TestChain;
let testApp: TestApp;
let wallets: WalletServices;
let dataDir: string;

beforeAll(async () => {
  chain = await startTestChain(1_000n * ONE_TOKEN);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-withdraw-'));
  // The treasury key is given sealed, as an operator keeping it encrypted in the environment would.
  const encryptionKey = randomUUID().replaceAll('-', '').repeat(2);
  const sealer = await openWalletServices(dataDir, parseWalletConfig({ WALLET_ENCRYPTION_KEY: encryptionKey }));
  wallets = await openWalletServices(
    dataDir,
    parseWalletConfig({ WALLET_ENCRYPTION_KEY: encryptionKey, POLYGON_RPC_URL: chain.rpcUrl, GOOSE_TOKEN_CONTRACT: chain.tokenAddress, POLYGON_TREASURY_KEY: sealer.keyBox.seal(chain.treasuryKey) }),
  );
  testApp = await startTestApp(dataDir, {} as Parameters<typeof startTestApp>[1], { wallets });
});

afterAll(async () => {
  wallets?.treasury?.close();
  await testApp?.close();
  await chain?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function userWithWallet() {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  const cookie = `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`;
  const generated = await testApp.app.inject({ method: 'POST', url: '/api/goose-tokens/generate-wallet', headers: { cookie }, payload: {} });
  return { cookie, address: (generated.json() as { wallet: { address: string } }).wallet.address };
}

const balance = async (cookie: string) => (await testApp.app.inject({ method: 'GET', url: '/api/goose-tokens/balance', headers: { cookie } })).json() as { balance: number };
const onChain = (address: string) => chain.token.getFunction('balanceOf')(address) as Promise<bigint>;
const withdraw = (cookie: string, amount: number) => testApp.app.inject({ method: 'POST', url: '/api/goose-tokens/withdraw', headers: { cookie }, payload: { amount } });

describe('withdrawal to Polygon (ganache EVM, OpenZeppelin ERC-20)', () => {
  it('sends exactly the amount to the user\'s Polygon address and debits the ledger by it', async () => {
    const { cookie, address } = await userWithWallet();
    const before = await balance(cookie);
    const response = await withdraw(cookie, 3.25);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { success: boolean; txHash: string; amount: number };
    expect(body).toEqual({ success: true, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), amount: 3.25 });
    expect(await onChain(address)).toBe((325n * ONE_TOKEN) / 100n);
    expect((await chain.provider.getTransactionReceipt(body.txHash))?.status).toBe(1);
    expect((await balance(cookie)).balance).toBeCloseTo(before.balance - 3.25, 6);
    const history = (await testApp.app.inject({ method: 'GET', url: '/api/goose-tokens/transactions', headers: { cookie } })).json() as { transactions: Array<{ kind: string; cause: string; amount: number }> };
    expect(history.transactions[0]).toMatchObject({ kind: 'debit', cause: 'withdrawal', amount: -3.25 });
  });

  it('refuses more than the balance with 402 and sends nothing', async () => {
    const { cookie, address } = await userWithWallet();
    const before = await balance(cookie);
    const response = await withdraw(cookie, before.balance + 1);
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatch(/Insufficient tokens/);
    expect(await onChain(address)).toBe(0n);
    expect((await balance(cookie)).balance).toBe(before.balance);
  });

  it('gives the tokens back with 502 when the transfer fails (the treasury holds no tokens)', async () => {
    const { cookie, address } = await userWithWallet();
    const before = await balance(cookie);
    const treasuryAddress = new Wallet(chain.treasuryKey).address;
    const everything = await onChain(treasuryAddress);
    await (await chain.token.getFunction('transfer')(Wallet.createRandom().address, everything)).wait();

    const response = await withdraw(cookie, 2);
    expect(response.statusCode).toBe(502);
    // The node's reason is logged, not answered.
    expect(response.json().error).toBe('The ERC-20 transfer did not go through, so nothing was sent. Your 2 tokens were credited back');
    expect(await onChain(address)).toBe(0n);
    expect((await balance(cookie)).balance).toBe(before.balance);
    const history = (await testApp.app.inject({ method: 'GET', url: '/api/goose-tokens/transactions?limit=2', headers: { cookie } })).json() as { transactions: Array<{ kind: string; cause: string; amount: number }> };
    expect(history.transactions).toMatchObject([
      { kind: 'credit', cause: 'refund', amount: 2 },
      { kind: 'debit', cause: 'withdrawal', amount: -2 },
    ]);
  });
});
