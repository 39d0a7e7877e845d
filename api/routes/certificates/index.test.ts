// A registered track's certificate as its owner reads it (JSON or PDF), and the public verification
// of a certificate: its signature against the published key, its file's hash, and (without a
// ledger here) the ledger check said to be pending rather than passed.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_AND_WAITING } from '../../../domain/contracts/lifecycle';
import { TrackCertificateIssued } from '../../../domain/track/stage.events';
import { CERTIFICATE_VERSION, signCertificate, type CertificateFields } from '../../../infra/certificate/certificate';
import { loadCertificateSigningKey } from '../../../infra/certificate/signing-key';
import { appendTrackEvents, seedTrack } from '../../../tests/support/seed-track';
import { signUpWithWallet, startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;

async function notExpected(): Promise<never> {
  throw new Error('reading a certificate does not use the track lifecycle');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-certificates-'));
  testApp = await startTestApp(dataDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A registered track whose stored file and signed certificate are the platform's own (signed with the app's key). */
async function certifiedTrack(ownerId: string, content = Buffer.from(`audio ${randomUUID()}`)) {
  const sha256 = createHash('sha256').update(content).digest('hex');
  const { trackId, storedName, certificateId, txHash } = await seedTrack(testApp, ownerId, { until: 'registered', title: 'Night Drive', sha256, size: content.length });
  await writeFile(testApp.storage.storedPath(storedName), content);
  const fields: CertificateFields = {
    certificateId: certificateId!,
    trackId,
    title: 'Night Drive',
    owner: 'the owner',
    ownerId,
    contentType: 'music',
    sha256,
    fileName: storedName,
    copyrightStatus: 'registered',
    publicVisibility: 'public',
    registrationDate: new Date().toISOString(),
    blockchainNetwork: 'XRPL testnet',
    walletAddress: 'r'.padEnd(30, 'x'),
    xrplTxHash: txHash!,
    ledgerStatus: 'awaiting_submission',
    verificationStatus: 'signed, awaiting ledger submission',
    blockchainExplorer: { xrpscan: null, xrplorer: null, bithomp: null },
    clearanceScore: 96,
    verificationUrl: `http://localhost/verify/${certificateId!}`,
    version: CERTIFICATE_VERSION,
  };
  const signed = signCertificate(fields, await loadCertificateSigningKey(dataDir, {}));
  await appendTrackEvents(testApp, trackId, ownerId, [TrackCertificateIssued.create({ trackId, certificateId: certificateId!, certificate: signed.certificate, signature: signed.signature })]);
  return { trackId, storedName, certificateId: certificateId! };
}

describe('the owner\'s certificate', () => {
  it('answers the signed document as JSON, and as a PDF when asked', async () => {
    const owner = await signUpWithWallet(testApp);
    const { trackId, certificateId } = await certifiedTrack(owner.userId);
    const json = await testApp.app.inject({ method: 'GET', url: `/api/copyright-certificate/${trackId}`, headers: { cookie: owner.cookie } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ certificateId, contentId: trackId, title: 'Night Drive', signature: { algorithm: 'Ed25519' }, signedDocument: { certificateId } });

    for (const url of [`/api/copyright-certificate/${trackId}?format=pdf`, `/api/copyright-certificate/${trackId}/view`, `/api/copyright/certificate/${trackId}`]) {
      const pdf = await testApp.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('is its owner\'s alone: 401 signed out, 404 for another user, 404 before registration', async () => {
    const owner = await signUpWithWallet(testApp);
    const { trackId } = await certifiedTrack(owner.userId);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/copyright-certificate/${trackId}` })).statusCode).toBe(401);
    const stranger = await signUpWithWallet(testApp);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/copyright-certificate/${trackId}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    const { trackId: cleared } = await seedTrack(testApp, owner.userId);
    const unregistered = await testApp.app.inject({ method: 'GET', url: `/api/copyright-certificate/${cleared}`, headers: { cookie: owner.cookie } });
    expect(unregistered.statusCode).toBe(404);
    expect(unregistered.json()).toEqual({ error: 'This content has no certificate yet: register it first' });
  });
});

describe('public verification', () => {
  it('passes the signature and the file, and says the ledger check waits when no ledger is configured', async () => {
    const owner = await signUpWithWallet(testApp);
    const { certificateId } = await certifiedTrack(owner.userId);
    const answer = await testApp.app.inject({ method: 'GET', url: `/api/verify/${certificateId}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      certificateId,
      verified: true,
      checks: { signature: { status: 'passed' }, fileHash: { status: 'passed' }, ledger: { status: 'not_checked', detail: SIGNED_AND_WAITING } },
    });
  });

  it('fails a certificate whose stored file was changed, and answers 404 for an unknown id', async () => {
    const owner = await signUpWithWallet(testApp);
    const { certificateId, storedName } = await certifiedTrack(owner.userId);
    await writeFile(testApp.storage.storedPath(storedName), 'something else');
    const answer = (await testApp.app.inject({ method: 'GET', url: `/api/verify/${certificateId}` })).json();
    expect(answer).toMatchObject({ verified: false, checks: { signature: { status: 'passed' }, fileHash: { status: 'failed' } } });

    const unknown = await testApp.app.inject({ method: 'GET', url: '/api/verify/GOOSE-CERT-NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'No certificate with id GOOSE-CERT-NOPE' });
  });

  it('publishes the key certificates are signed with', async () => {
    const key = (await testApp.app.inject({ method: 'GET', url: '/api/certificate-key' })).json();
    const signingKey = await loadCertificateSigningKey(dataDir, {});
    expect(key).toEqual({ algorithm: 'Ed25519', keyId: signingKey.keyId, publicKey: signingKey.publicKeyBase64, publicKeyPem: signingKey.publicKeyPem });
  });
});
