// A release package built on disk validates and goes through the sandbox distributor, whose stores
// move pending → uploaded → distributed (Beatport failing a genre it does not take); a package
// damaged after it was built fails its check; a takedown stops the stores moving.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_WORK_STATEMENT } from '../../domain/creation/generated-work';
import { releaseIdentifiers } from '../../domain/distribution/identifiers';
import { CERTIFICATE_VERSION, signCertificate } from '../certificate/certificate';
import { loadCertificateSigningKey } from '../certificate/signing-key';
import { sineWav } from '../../tests/support/audio';
import { releaseForm } from '../../tests/support/release-form';
import { buildReleasePackage, ERN_FILE, validateReleasePackage, type PackageSource } from './release-package';
import { SANDBOX_NOTICE, SandboxDistributor } from './sandbox-distributor';
import { DistributorRefusal } from './distributor';
import { parseXml, textAt } from './xml';

let dir: string;
const distributionId = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';

function source(overrides: Partial<PackageSource['form']> = {}, id = distributionId): PackageSource {
  return {
    distributionId: id,
    messageId: `GOOSE-${id}`,
    createdAt: '2026-11-25T10:00:00.000Z',
    ...releaseIdentifiers(2026, 3),
    form: releaseForm({ primaryGenre: 'Jazz', ...overrides }),
    audio: { path: path.join(dir, 'master.wav'), extension: 'wav', durationSeconds: 0.2 },
    certificate: { certificate: { certificateId: 'GOOSE-CERT-1', note: 'not a full certificate' }, signature: { algorithm: 'Ed25519', value: 'x' } },
    assistedBy: ['GOOSE automated mastering'],
    recipient: { dpid: 'PADPIDSANDBOXDISTRIBUTOR', name: 'Sandbox distributor' },
    live: false,
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'goose-release-package-'));
  await writeFile(path.join(dir, 'master.wav'), sineWav({ seconds: 0.2 }));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('release package and sandbox distributor', () => {
  it('builds the ERN, audio, 3000×3000 cover and certificate under releases/<id>, validates it, and the sandbox advances each store', async () => {
    const built = await buildReleasePackage(dir, source());
    expect(built.directory).toBe(`releases/${distributionId}`);
    expect(built.files.map((f) => f.role)).toEqual(['ern', 'audio', 'artwork', 'certificate_json']);
    const check = await validateReleasePackage(dir, built.directory);
    expect(check.errors).toEqual([]);
    expect(check.ernSha256).toBe(built.files[0]!.sha256);

    const sandbox = new SandboxDistributor(dir);
    const pkg = { distributionId, directory: path.join(dir, built.directory), ernFile: ERN_FILE };
    const ack = await sandbox.deliver(pkg);
    expect(ack).toEqual({ distributor: 'sandbox', deliveryId: `sandbox-${distributionId}`, notice: SANDBOX_NOTICE });
    expect(await sandbox.deliver(pkg)).toEqual(ack);
    expect((await sandbox.poll(ack.deliveryId)).map((s) => s.state)).toEqual(['uploaded', 'uploaded']);
    const settled = await sandbox.poll(ack.deliveryId);
    expect(settled[0]).toEqual({ storeId: 'spotify', state: 'distributed', reason: null });
    expect(settled[1]).toMatchObject({ storeId: 'beatport', state: 'failed', reason: expect.stringContaining('electronic and dance music only') });
  });

  it('discloses a generated work from its signed certificate: ContainsAI All, GenerativeAI, the generator named', async () => {
    const key = await loadCertificateSigningKey('/nonexistent', { CERTIFICATE_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
    const tx = 'A'.repeat(64);
    const signed = signCertificate(
      {
        certificateId: 'GOOSE-CERT-GEN',
        trackId: 't1',
        title: 'Tin Roof',
        owner: 'ada',
        ownerId: 'u1',
        contentType: 'music',
        sha256: 'c'.repeat(64),
        fileName: 'master.wav',
        copyrightStatus: 'registered',
        publicVisibility: 'public',
        registrationDate: '2026-11-25T10:00:00.000Z',
        blockchainNetwork: 'XRPL testnet',
        walletAddress: 'rPlatform',
        xrplTxHash: tx,
        ledgerStatus: 'awaiting_submission',
        verificationStatus: 'signed, awaiting ledger submission',
        blockchainExplorer: { xrpscan: null, xrplorer: null, bithomp: null },
        clearanceScore: 95,
        verificationUrl: 'https://goose.example/verify/GOOSE-CERT-GEN',
        version: CERTIFICATE_VERSION,
        generation: {
          statement: GENERATED_WORK_STATEMENT,
          generationId: 'g1',
          digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia',
          engine: { composer: 'goose-composer/1.0.0', packages: {} },
          soundFont: { name: 'MuseScore_General', licence: 'MIT' },
          vocalEngine: null,
          request: { prompt: 'rain', genre: 'Folk', mood: 'Peaceful', styles: [], tempo: 92, key: 'G' },
          requestHash: 'd'.repeat(64),
          seed: 1,
          source: null,
          outputs: [],
          c2pa: null,
        },
      },
      key,
    );
    const id = '7f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const built = await buildReleasePackage(dir, { ...source({}, id), certificate: signed });
    expect((await validateReleasePackage(dir, built.directory)).errors).toEqual([]);
    const ern = parseXml(await readFile(path.join(dir, built.directory, ERN_FILE), 'utf8'));
    expect(textAt(ern, 'ResourceList', 'SoundRecording', 'ContainsAI')).toBe('All');
    expect(textAt(ern, 'ResourceList', 'SoundRecording', 'Contributor', 'SpecialContributor')).toBe('GenerativeAI');
    expect(textAt(ern, 'ResourceList', 'SoundRecording', 'DisplayCredits', 'DisplayCreditText')).toContain('Generated by software on GOOSE (goose-composer/1.0.0');

    // An upload's package (the certificate says nothing of a generation) does not claim either way.
    const upload = parseXml(await readFile(path.join(dir, (await buildReleasePackage(dir, source())).directory, ERN_FILE), 'utf8'));
    expect(textAt(upload, 'ResourceList', 'SoundRecording', 'ContainsAI')).toBeUndefined();
  });

  it('a takedown stops the stores moving', async () => {
    const id = '7a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const built = await buildReleasePackage(dir, source({ primaryGenre: 'Electronic' }, id));
    const sandbox = new SandboxDistributor(dir);
    const ack = await sandbox.deliver({ distributionId: id, directory: path.join(dir, built.directory), ernFile: ERN_FILE });
    await sandbox.takedown(ack.deliveryId);
    expect((await sandbox.poll(ack.deliveryId)).map((s) => s.state)).toEqual(['pending', 'pending']);
  });

  it('a package whose audio changed after it was built fails its check, and the sandbox refuses a broken ERN', async () => {
    const id = '8b1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const built = await buildReleasePackage(dir, source({}, id));
    const root = path.join(dir, built.directory);
    await writeFile(path.join(root, 'resources/A1.wav'), sineWav({ seconds: 0.3 }));
    expect((await validateReleasePackage(dir, built.directory)).errors).toEqual(['resources/A1.wav does not match its SHA-256 in the ERN']);
    await writeFile(path.join(root, ERN_FILE), '<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/431"/>');
    await expect(new SandboxDistributor(dir).deliver({ distributionId: id, directory: root, ernFile: ERN_FILE })).rejects.toThrow(DistributorRefusal);
  });
});
