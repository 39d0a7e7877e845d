// The /verify page's own question to the ledger, asked over WebSocket as a browser asks it (the `ws`
// package stands in for the browser's WebSocket): a held transaction is answered with rippled's raw
// `tx` result, which the bundle check reads; an unknown one is null; a server that cannot be reached,
// cuts the connection or does not answer in time is said plainly, and the check falls back to the relay.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { startRippledStandIn, type RippledStandIn } from '../../../../../tests/support/rippled-stand-in';
import { ledgerRecordOfTxAnswer } from '../../../../../domain/proofs/ledger-answer';
import { checkBundleInBrowser } from '../bundle-check';
import { PUBLIC_LEDGER_URLS, askLedgerDirectly, publicLedgerUrl, type WebSocketConstructor } from './ask-ledger';

const Socket = WebSocket as unknown as WebSocketConstructor;
const TX_HASH = 'AB'.repeat(32);
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase();
const ACCOUNT = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const memo = { trackId: 't-1', sha256: 'ab'.repeat(32), certificateId: 'CERT-1', title: 'Midnight Rain' };
const txResult = {
  hash: TX_HASH,
  validated: true,
  ledger_index: 1234,
  meta: { TransactionResult: 'tesSUCCESS' },
  tx_json: { TransactionType: 'AccountSet', Account: ACCOUNT, Memos: [{ Memo: { MemoType: hex('goose/registration'), MemoData: hex(JSON.stringify(memo)) } }] },
};

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A tiny rippled: answers `tx` for TX_HASH as rippled's WebSocket API does, or stays silent. */
async function tinyRippled(behaviour: 'answer' | 'silent' = 'answer'): Promise<{ url: string; requests: unknown[] }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  const requests: unknown[] = [];
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const request = JSON.parse(String(data)) as { id: number; command: string; transaction: string };
      requests.push(request);
      if (behaviour === 'silent') return;
      const reply =
        request.command === 'tx' && request.transaction === TX_HASH
          ? { id: request.id, type: 'response', status: 'success', result: txResult }
          : { id: request.id, type: 'response', status: 'error', error: 'txnNotFound', error_code: 29, error_message: 'Transaction not found.' };
      socket.send(JSON.stringify(reply));
    });
  });
  closers.push(async () => {
    for (const client of server.clients) client.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

describe('asking the ledger directly from the browser', () => {
  it("answers a held, validated transaction with rippled's raw tx result, which the bundle check reads", async () => {
    const { url, requests } = await tinyRippled();
    const answer = await askLedgerDirectly(url, TX_HASH, { WebSocket: Socket });
    expect(requests).toEqual([{ id: 1, command: 'tx', transaction: TX_HASH }]);
    expect(answer).toEqual(txResult);
    expect(ledgerRecordOfTxAnswer(answer)).toEqual({ validated: true, ledgerIndex: 1234, engineResult: 'tesSUCCESS', account: ACCOUNT, memo: { sha256: memo.sha256, certificateId: 'CERT-1' } });
  });

  describe('against the rippled stand-in', () => {
    let standIn: RippledStandIn;
    afterEach(async () => standIn.close());

    it('is null when the ledger does not hold the transaction (txnNotFound)', async () => {
      standIn = await startRippledStandIn();
      await expect(askLedgerDirectly(standIn.url, 'CD'.repeat(32), { WebSocket: Socket })).resolves.toBeNull();
    });

    it('says plainly when the server cuts every connection', async () => {
      standIn = await startRippledStandIn();
      standIn.setUnreachable(true);
      await expect(askLedgerDirectly(standIn.url, TX_HASH, { WebSocket: Socket })).rejects.toThrow(/connection/);
    });
  });

  it('says plainly when nothing listens at the URL, or the URL is not a WebSocket one', async () => {
    const { url } = await tinyRippled();
    await closers.pop()!();
    await expect(askLedgerDirectly(url, TX_HASH, { WebSocket: Socket })).rejects.toThrow(/connection failed|closed/);
    await expect(askLedgerDirectly('https://example.org', TX_HASH, { WebSocket: Socket })).rejects.toThrow('must be a ws:// or wss:// URL');
  });

  it('gives up after the timeout when the server does not answer', async () => {
    const { url } = await tinyRippled('silent');
    await expect(askLedgerDirectly(url, TX_HASH, { WebSocket: Socket, timeoutMs: 150 })).rejects.toThrow('no answer within 0.2 s');
  });

  it("prefills the public server of the bundle's network, none for a custom one", () => {
    expect(publicLedgerUrl({ statement: { blockchainNetwork: 'XRPL testnet' } })).toBe(PUBLIC_LEDGER_URLS.testnet);
    expect(publicLedgerUrl({ statement: { blockchainNetwork: 'XRPL mainnet' } })).toBe('wss://xrplcluster.com');
    expect(publicLedgerUrl({ statement: { networkId: 'xrpl-devnet' } })).toBe('wss://s.devnet.rippletest.net:51233');
    expect(publicLedgerUrl({ statement: { blockchainNetwork: 'XRPL custom' } })).toBeNull();
    expect(publicLedgerUrl(null)).toBeNull();
  });
});

describe('the bundle check with the ledger asked directly', () => {
  // Unsigned for these checks: the ledger check runs on the statement whatever the signature says.
  const bundle = {
    format: 'goose-proof-bundle/1',
    statement: { certificateId: 'CERT-1', sha256: memo.sha256, walletAddress: ACCOUNT, xrplTxHash: TX_HASH },
    signature: { algorithm: 'Ed25519', canonicalization: 'RFC8785', keyId: 'k', publicKey: 'A', value: 'A' },
  };
  const ledgerCheck = async (...args: Parameters<typeof checkBundleInBrowser>) => (await checkBundleInBrowser(...args)).checks.find((check) => check.check === 'ledger_transaction')!;
  const relayed = { configured: true, network: 'testnet', url: 'wss://relay.example', transaction: null };

  it('says the answer came straight from the ledger, and does not ask this server', async () => {
    const { url } = await tinyRippled();
    let relayAsked = false;
    const check = await ledgerCheck(bundle, null, undefined, {
      url,
      direct: (at, hash) => askLedgerDirectly(at, hash, { WebSocket: Socket }),
      relay: async () => {
        relayAsked = true;
        return relayed;
      },
    });
    expect(relayAsked).toBe(false);
    expect(check.outcome).toBe('passed');
    expect(check.detail).toContain(`Your browser asked the ledger at ${url} directly; this server was not asked.`);
  });

  it("falls back to this server's relay when the ledger cannot be reached, and says the answer came through this server", async () => {
    const unreachable = 'ws://127.0.0.1:9';
    const direct = (at: string, hash: string) => askLedgerDirectly(at, hash, { WebSocket: Socket, timeoutMs: 2_000 });
    const check = await ledgerCheck(bundle, null, undefined, { url: unreachable, direct, relay: async () => relayed });
    expect(check).toMatchObject({ outcome: 'failed', detail: expect.stringContaining(`does not hold transaction ${TX_HASH}`) });
    expect(check.detail).toContain(`Your browser could not reach ${unreachable}: `);
    expect(check.detail).toContain('came through this server from wss://relay.example (testnet)');
    const alone = await ledgerCheck(bundle, null, undefined, { url: unreachable, direct });
    expect(alone).toMatchObject({ outcome: 'not_checked', detail: expect.stringMatching(new RegExp(`^Not checked: could not reach ${unreachable}: `)) });
    const none = await ledgerCheck(bundle, null, undefined, { url: unreachable, direct, relay: async () => ({ configured: false, network: 'testnet', url: null, transaction: null }) });
    expect(none.detail).toContain('this server is not connected to the XRP Ledger');
  });
});
