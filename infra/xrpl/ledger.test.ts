import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Wallet, decode, hashes, verifySignature } from 'xrpl';
import { startRippledStandIn, type RippledStandIn, type RippledStandInOptions } from '../../tests/support/rippled-stand-in';
import { SIGNED_AND_WAITING } from '../../domain/contracts/lifecycle';
import { XrplNetworkError, XrplRejectedError, decodeRegistrationMemo, explorerLinks, openXrplLedger, type RegistrationMemo, type XrplLedger } from './ledger';

const memo: RegistrationMemo = {
  trackId: '6f1c2a34-9b7d-4e0f-8a21-3c5d7e9f1b20',
  sha256: 'a3f1c9e2b4d6f8a0c2e4f6a8b0d2e4f6a8c0e2f4a6b8d0f2e4a6c8e0f2a4b6c8',
  certificateId: 'GOOSE-CERT-0001',
  title: 'Night Swim',
};

let dataDir: string;
const opened: XrplLedger[] = [];
const standIns: RippledStandIn[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'goose-xrpl-'));
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((ledger) => ledger.close()));
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
  await rm(dataDir, { recursive: true, force: true });
});

async function open(env: NodeJS.ProcessEnv = {}): Promise<XrplLedger> {
  const ledger = await openXrplLedger({ dataDir, env });
  opened.push(ledger);
  return ledger;
}

/** A stand-in with the platform account funded, and a ledger connected to it. */
async function openOnline(options: RippledStandInOptions = {}): Promise<{ ledger: XrplLedger; standIn: RippledStandIn }> {
  const standIn = await startRippledStandIn(options);
  standIns.push(standIn);
  const ledger = await open({ XRPL_URL: standIn.url });
  standIn.fundAccount(ledger.account, 7);
  return { ledger, standIn };
}

function flipSignatureByte(txBlob: string): string {
  const signature = decode(txBlob).TxnSignature as string;
  const at = txBlob.indexOf(signature) + 10;
  const flipped = (parseInt(txBlob.slice(at, at + 2), 16) ^ 0x01).toString(16).toUpperCase().padStart(2, '0');
  return txBlob.slice(0, at) + flipped + txBlob.slice(at + 2);
}

describe('XRPL ledger against a rippled stand-in', () => {
  it('signs and submits a registration that the ledger validates', async () => {
    const { ledger, standIn } = await openOnline();

    const signed = await ledger.signRegistration(memo);
    expect(signed).toMatchObject({ account: ledger.account, sequence: 7, memo });
    expect(signed.lastLedgerSequence).toBeGreaterThan(1000);
    const outcome = await ledger.submit(signed);

    expect(outcome).toMatchObject({ status: 'validated', engineResult: 'tesSUCCESS' });
    expect(standIn.received).toHaveLength(1);
    const [tx] = standIn.received;
    expect(tx?.hash).toBe(signed.txHash);
    expect(verifySignature(signed.txBlob)).toBe(true);
    expect(decodeRegistrationMemo(tx)).toEqual(memo);
    expect(await ledger.lookup(signed.txHash)).toEqual({
      validated: true,
      ledgerIndex: outcome.status === 'validated' ? outcome.ledgerIndex : null,
      engineResult: 'tesSUCCESS',
      memo,
      account: ledger.account,
    });
  });

  it('reports the same transaction when the same blob is submitted again', async () => {
    const { ledger, standIn } = await openOnline();
    const signed = await ledger.signRegistration(memo);
    const first = await ledger.submit(signed);

    const again = await ledger.submit(signed);

    expect(again).toEqual(first);
    expect(standIn.received).toHaveLength(1);
  });

  it('recovers when the reply to a submission is lost after the ledger applied it', async () => {
    const { ledger, standIn } = await openOnline({ dropConnections: 1 });
    const signed = await ledger.signRegistration(memo);

    await expect(ledger.submit(signed)).rejects.toBeInstanceOf(XrplNetworkError);
    const retried = await ledger.submit(signed);

    expect(retried).toMatchObject({ status: 'validated', engineResult: 'tesSUCCESS' });
    expect(standIn.received.map((tx) => tx.hash)).toEqual([signed.txHash]);
  });

  it('has a tampered signature refused, proving the stand-in checks signatures', async () => {
    const { ledger, standIn } = await openOnline();
    const signed = await ledger.signRegistration(memo);
    const tampered = flipSignatureByte(signed.txBlob);

    const refusal = await ledger.submit({ ...signed, txBlob: tampered, txHash: hashes.hashSignedTx(tampered) }).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(XrplRejectedError);
    expect((refusal as XrplRejectedError).resultCode).toBe('invalidTransaction');
    expect(standIn.refused).toEqual([{ txBlob: tampered, reason: 'bad signature' }]);
    expect(standIn.received).toHaveLength(0);
  });

  it('raises a non-retryable error carrying the result code when the ledger rejects', async () => {
    const { ledger } = await openOnline({ rejectWith: 'tecNO_PERMISSION' });
    const signed = await ledger.signRegistration(memo);

    const refusal = await ledger.submit(signed).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(XrplRejectedError);
    expect((refusal as XrplRejectedError).resultCode).toBe('tecNO_PERMISSION');
  });

  it('refuses to sign for an account the ledger does not know', async () => {
    const standIn = await startRippledStandIn();
    standIns.push(standIn);
    const ledger = await open({ XRPL_URL: standIn.url });

    await expect(ledger.signRegistration(memo)).rejects.toMatchObject({ name: 'XrplRejectedError', resultCode: 'actNotFound' });
  });

  it('raises a retryable error when the server is unreachable', async () => {
    const { ledger, standIn } = await openOnline();
    const signed = await ledger.signRegistration(memo);
    await standIn.close();
    standIns.splice(standIns.indexOf(standIn), 1);

    await expect(ledger.submit(signed)).rejects.toBeInstanceOf(XrplNetworkError);
    await expect(ledger.signRegistration(memo)).rejects.toBeInstanceOf(XrplNetworkError);
    await expect(ledger.lookup(signed.txHash)).rejects.toBeInstanceOf(XrplNetworkError);
  });
});

describe('XRPL ledger offline', () => {
  it('signs a real registration and keeps it awaiting submission', async () => {
    const ledger = await open();

    const signed = await ledger.signRegistration(memo);

    expect(ledger.url).toBeNull();
    expect(ledger.network).toBe('testnet');
    expect(signed.txHash).toBe(hashes.hashSignedTx(signed.txBlob));
    expect(signed.txHash).toMatch(/^[0-9A-F]{64}$/);
    expect(verifySignature(signed.txBlob)).toBe(true);
    expect(decode(signed.txBlob)).toMatchObject({ TransactionType: 'AccountSet', Account: ledger.account, SigningPubKey: ledger.publicKey, Fee: '12', Sequence: 1 });
    expect(signed).toMatchObject({ fee: '12', sequence: 1, lastLedgerSequence: null });
    expect(decodeRegistrationMemo(signed.txBlob)).toEqual(memo);
    const outcome = await ledger.submit(signed);
    expect(outcome.status).toBe('awaiting_submission');
    expect(outcome.status === 'awaiting_submission' && outcome.reason).toBe(SIGNED_AND_WAITING);
    expect(await ledger.lookup(signed.txHash)).toBeNull();
  });

  it('keeps one wallet, private to its owner, and advances sequences across restarts', async () => {
    const first = await open();
    const sequences = [(await first.signRegistration(memo)).sequence, (await first.signRegistration(memo)).sequence];
    const reopened = await open();
    sequences.push((await reopened.signRegistration(memo)).sequence);

    expect(reopened.account).toBe(first.account);
    expect(sequences).toEqual([1, 2, 3]);
    expect((await stat(path.join(dataDir, 'keys', 'xrpl-wallet.json'))).mode & 0o777).toBe(0o600);
  });

  it('gives concurrent signings distinct sequences', async () => {
    const ledger = await open();

    const signed = await Promise.all([1, 2, 3, 4].map(() => ledger.signRegistration(memo)));

    expect(signed.map((registration) => registration.sequence).sort()).toEqual([1, 2, 3, 4]);
  });

  it('uses XRPL_SEED when given and refuses an invalid one without echoing it', async () => {
    const funded = Wallet.generate();
    const seeded = await open({ XRPL_SEED: funded.seed });
    expect(seeded.account).toBe(funded.classicAddress);
    await expect(open({ XRPL_SEED: 'not-a-seed-secret' })).rejects.toThrow(/^XRPL_SEED is not a valid XRP Ledger seed(?!.*not-a-seed-secret)/);
  });

  it('shortens an overlong title so the memo fits the ledger limit', async () => {
    const ledger = await open();

    const signed = await ledger.signRegistration({ ...memo, title: 'é'.repeat(1_000) });

    expect(Buffer.byteLength(signed.memo.title)).toBeLessThanOrEqual(400);
    expect(decodeRegistrationMemo(signed.txBlob)).toEqual(signed.memo);
  });
});

describe('explorer links', () => {
  it('points at mainnet explorers and at the test explorers that exist', () => {
    const hash = 'A'.repeat(64);
    expect(explorerLinks('mainnet', hash)).toEqual({
      xrpscan: `https://xrpscan.com/tx/${hash}`,
      xrplorer: `https://xrplorer.com/transaction/${hash}`,
      bithomp: `https://bithomp.com/explorer/${hash}`,
      xrplOrg: `https://livenet.xrpl.org/transactions/${hash}`,
    });
    expect(explorerLinks('testnet', hash)).toMatchObject({ xrpscan: null, bithomp: `https://test.bithomp.com/explorer/${hash}` });
    expect(Object.values(explorerLinks('custom', hash)).every((link) => link === null)).toBe(true);
  });
});
