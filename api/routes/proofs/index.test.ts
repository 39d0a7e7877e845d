// The proof explorer's routes through app.inject, as a visitor (no session): search with filters
// and typos, one proof, a bundle that verifies against the published key (and fails once
// tampered), the certificate document whose bytes hash as listed, and the refusals.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisputeFiled, DisputeResolved } from '../../../domain/disputes/dispute.events';
import { ledgerTransactionAnswerSchema, proofBundleSchema, proofDetailSchema, proofListSchema } from '../../../domain/contracts/proofs';
import { verifyBundle } from '../../../domain/proofs/verify-bundle';
import { loadCertificateSigningKey } from '../../../infra/certificate/signing-key';
import { issuedLicenseEvents, registeredTrackEvents, type RegisteredTrack, type TestSigningKey } from '../../../tests/support/proof-events';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;
let platformKey: TestSigningKey;
const fileBytes = new TextEncoder().encode('RIFF the registered take');
let pending: RegisteredTrack;
let mastered: RegisteredTrack;
let licenseProofId: string;

async function notExpected(): Promise<never> {
  throw new Error('the proof routes do not use the track lifecycle');
}

async function append(streamId: string, events: { type: string; data: unknown }[]): Promise<void> {
  const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() };
  const result = await testApp.eventStore.append(streamId, events.map((event) => ({ eventId: randomUUID(), metadata, ...event })), 'no_stream');
  await testApp.projector.waitFor(result.lastPosition);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-proofs-'));
  testApp = await startTestApp(dataDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
  // The app's own certificate key (generated under dataDir), so bundles verify with the published key.
  const signingKey = await loadCertificateSigningKey(dataDir, {});
  platformKey = { keyId: signingKey.keyId, publicKey: signingKey.publicKeyBase64, sign: signingKey.sign };
  pending = registeredTrackEvents(platformKey, { title: 'Midnight Rain', owner: 'ada', fileBytes });
  mastered = registeredTrackEvents(platformKey, { title: 'Glass Orchard', owner: 'cyd', outcome: 'validated', mastered: true });
  await writeFile(testApp.storage.storedPath(`${mastered.trackId}-master.mp3`), new Uint8Array(4321));
  await append(`track-${pending.trackId}`, pending.events);
  await append(`track-${mastered.trackId}`, mastered.events);
  const license = issuedLicenseEvents(platformKey, mastered, 'Glass Orchard');
  licenseProofId = license.proofId;
  await append(`license-${license.licenseId}`, [license.requested, license.issued]);
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('GET /api/proofs', () => {
  it('lists every proof for a visitor, newest first, with the total', async () => {
    const response = await get('/api/proofs');

    expect(response.statusCode).toBe(200);
    const body = proofListSchema.parse(response.json());
    expect(body.total).toBe(3);
    const created = body.proofs.map((proof) => proof.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(new Set(body.proofs.map((proof) => proof.id))).toEqual(new Set([pending.proofId, mastered.proofId, licenseProofId]));
  });

  it('finds a work by a misspelt title and filters by type, status and verifier', async () => {
    const ids = async (query: string) => proofListSchema.parse((await get(`/api/proofs?${query}`)).json()).proofs.map((proof) => proof.id);

    expect((await ids('query=Midnigth%20Rian'))[0]).toBe(pending.proofId);
    expect(await ids('proofType=licensing')).toEqual([licenseProofId]);
    expect(await ids('status=pending')).toEqual([pending.proofId]);
    expect(await ids('verifier=XRPL%20testnet')).toEqual([mastered.proofId]);
    expect(await ids(`workId=${mastered.trackId}&proofType=creation`)).toEqual([mastered.proofId]);
  });

  it('refuses an unknown filter value with a 400 naming it', async () => {
    const response = await get('/api/proofs?status=sealed');

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('status');
  });
});

describe('GET /api/proofs/:id', () => {
  it("shows a proof, a registered master's size read from the stored file and no internal file name", async () => {
    const response = await get(`/api/proofs/${mastered.proofId}`);

    expect(response.statusCode).toBe(200);
    const { proof } = proofDetailSchema.parse(response.json());
    expect(proof).toMatchObject({ status: 'verified', attestation: { polygonTransactionId: mastered.txHash, blockHeight: 4_812_003 } });
    expect(proof.evidence.documents[0]).toEqual({ id: 'registered-file', filename: 'take-1-master.mp3', mimeType: 'audio/mpeg', size: 4321, hash: mastered.sha256 });
    expect(response.body).not.toContain('storedName');
  });

  it('answers 404 for an unknown proof', async () => {
    const response = await get('/api/proofs/creation-GOOSE-CERT-NOPE');

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Proof not found' });
  });
});

describe('GET /api/proofs/:id/bundle', () => {
  it('downloads a bundle that verifies with the published key and the registered file, and fails once tampered', async () => {
    const response = await get(`/api/proofs/${pending.proofId}/bundle`);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${pending.proofId}.proof.json"`);
    const bundle = proofBundleSchema.parse(response.json());
    const published = (await get('/api/certificate-key')).json() as { keyId: string; publicKey: string };
    const result = await verifyBundle(bundle, { trustedKeys: [published], fileBytes });
    expect(result).toMatchObject({ valid: true, checks: [{ outcome: 'passed' }, { outcome: 'passed' }, { outcome: 'not_checked' }] });

    const tampered = { ...bundle, statement: { ...bundle.statement, owner: 'mallory' } };
    expect((await verifyBundle(tampered, { trustedKeys: [published] })).valid).toBe(false);
  });

  it("downloads a licensing proof's bundle: the license certificate as signed", async () => {
    const bundle = proofBundleSchema.parse((await get(`/api/proofs/${licenseProofId}/bundle`)).json());

    expect(bundle.statement).toMatchObject({ proofId: licenseProofId, workId: mastered.trackId });
    expect((await verifyBundle(bundle, { trustedKeys: [platformKey] })).valid).toBe(true);
  });
});

describe('GET /api/proofs/:id/documents/:documentId', () => {
  it('serves the signed certificate, whose bytes hash to what the proof lists', async () => {
    const { proof } = proofDetailSchema.parse((await get(`/api/proofs/${pending.proofId}`)).json());
    const listed = proof.evidence.documents.find((document) => document.id === 'certificate-json');

    const response = await get(`/api/proofs/${pending.proofId}/documents/certificate-json`);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${pending.certificateId}.json"`);
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(listed?.hash);
    expect(response.rawPayload.length).toBe(listed?.size);
    expect(response.json()).toMatchObject({ certificate: { certificateId: pending.certificateId }, signature: { keyId: platformKey.keyId } });
  });

  it('refuses the registered file itself, saying how to check a copy instead', async () => {
    const response = await get(`/api/proofs/${pending.proofId}/documents/registered-file`);

    expect(response.statusCode).toBe(403);
    expect(response.json().error).toContain('The registered file itself is not published');
  });

  it('answers 404 for a document the proof does not list', async () => {
    const response = await get(`/api/proofs/${pending.proofId}/documents/license-certificate-json`);

    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(`Proof ${pending.proofId} lists no document license-certificate-json`);
  });
});

describe('dispute resolution proofs', () => {
  it("serves a resolution's bundle signed with the published key, and the work's creation proof lists the dispute as a challenge", async () => {
    const ownerId = randomUUID();
    const filedAt = new Date().toISOString();
    await append('dispute-DR1', [
      DisputeFiled.create({
        disputeId: 'DR1', kind: 'dispute', workId: mastered.trackId, workTitle: 'Glass Orchard', ownerId, ownerName: 'cyd', claimant: { userId: randomUUID(), name: 'eve' },
        disputeType: 'attribution_dispute', priority: 'low', subject: 'Credit me', description: 'I co-wrote it', claimedRights: [], estimatedValueCents: 0, checkId: null, filedAt, answerDueAt: filedAt,
      }),
      DisputeResolved.create({
        disputeId: 'DR1', outcome: 'upheld', details: 'The respondent did not answer', compensationCents: 0, by: { userId: null, name: 'GOOSE' }, byDefault: true, resolvedAt: filedAt, appealUntil: filedAt,
      }),
    ]);

    const response = await get('/api/proofs/dispute-resolution-DR1-1/bundle');
    expect(response.statusCode).toBe(200);
    const bundle = proofBundleSchema.parse(response.json());
    expect(bundle.statement).toMatchObject({ format: 'goose-dispute-resolution/1', disputeId: 'DR1', outcome: 'upheld', byDefault: true });
    const published = (await get('/api/certificate-key')).json() as { keyId: string; publicKey: string };
    expect((await verifyBundle(bundle, { trustedKeys: [published] })).valid).toBe(true);
    const { proof } = proofDetailSchema.parse((await get('/api/proofs/dispute-resolution-DR1-1')).json());
    expect(proof.signature).toMatchObject({ keyId: published.keyId, signature: bundle.signature.value });
    const creation = proofDetailSchema.parse((await get(`/api/proofs/${mastered.proofId}`)).json()).proof;
    expect(creation.verification.challenges).toEqual([
      { id: 'DR1', type: 'attribution_dispute', challengedBy: 'eve', resolution: 'upheld (by default: the respondent did not answer in time): The respondent did not answer', status: 'resolved' },
    ]);
  });
});

describe('GET /api/ledger/transactions/:txHash', () => {
  it('says plainly that this server has no ledger configured (no XRPL_URL), for anyone', async () => {
    const response = await get(`/api/ledger/transactions/${'ab'.repeat(32)}`);

    expect(response.statusCode).toBe(200);
    expect(ledgerTransactionAnswerSchema.parse(response.json())).toEqual({ configured: false, network: expect.any(String), url: null, transaction: null });
  });

  it('refuses what is not a transaction hash with a 400 saying so', async () => {
    const response = await get('/api/ledger/transactions/not-a-hash');

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('64 hex characters');
  });
});
