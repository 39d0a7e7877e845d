import { generateKeyPairSync, verify } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_VERSION,
  canonicalCertificate,
  certificateFileName,
  signCertificate,
  signedCertificateSchema,
  verifyCertificateSignature,
  type CertificateFields,
  type SignedCertificate,
} from './certificate';
import { GENERATED_WORK_STATEMENT, type GeneratedWork } from '../../domain/creation/generated-work';
import { renderCertificatePdf, shortHash } from './pdf';
import { loadCertificateSigningKey, type CertificateSigningKey } from './signing-key';

const TX_HASH = 'E3FE6EA3D48F0C2B639448020EA4F03D4F4F8FFDB243A852A0F59177921B4879';

function certificateFields(overrides: Partial<CertificateFields> = {}): CertificateFields {
  return {
    certificateId: 'GOOSE-CERT-7F3A9C21B4D0',
    trackId: '0b9f5a52-6a35-4c1e-9a51-2d3c4e5f6a7b',
    title: 'Midnight Harbour',
    owner: 'ada',
    ownerId: 'c1f2e3d4-0000-4000-8000-000000000001',
    contentType: 'music',
    sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    fileName: 'midnight-harbour-master.wav',
    copyrightStatus: 'registered',
    publicVisibility: 'public',
    registrationDate: '2025-03-14T10:32:05.000Z',
    blockchainNetwork: 'XRPL testnet',
    walletAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    xrplTxHash: TX_HASH,
    ledgerStatus: 'validated',
    verificationStatus: 'verified',
    blockchainExplorer: {
      xrpscan: `https://testnet.xrpscan.com/tx/${TX_HASH}`,
      xrplorer: `https://xrplorer.com/testnet/transaction/${TX_HASH}`,
      bithomp: `https://test.bithomp.com/explorer/${TX_HASH}`,
    },
    clearanceScore: 91.5,
    verificationUrl: 'https://goose.example/verify/GOOSE-CERT-7F3A9C21B4D0',
    version: CERTIFICATE_VERSION,
    ...overrides,
  };
}

const tempDirs: string[] = [];
async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'goose-cert-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function envKeyPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

let platformKey: CertificateSigningKey;
let otherKey: CertificateSigningKey;
beforeAll(async () => {
  platformKey = await loadCertificateSigningKey('/nonexistent', { CERTIFICATE_SIGNING_KEY: envKeyPem() });
  otherKey = await loadCertificateSigningKey('/nonexistent', { CERTIFICATE_SIGNING_KEY: envKeyPem() });
});

describe('certificate signature', () => {
  it('verifies a certificate signed with the published key', () => {
    const signed = signCertificate(certificateFields(), platformKey);

    expect(signed.signature).toMatchObject({ algorithm: 'Ed25519', canonicalization: 'RFC8785', keyId: platformKey.keyId, publicKey: platformKey.publicKeyBase64 });
    expect(verifyCertificateSignature(signed, platformKey.publicKeyBase64)).toEqual({ valid: true, reason: null });
  });

  it.each<[string, Partial<CertificateFields>]>([
    ['title', { title: 'Midnight Harbor' }],
    ['sha256', { sha256: '0'.repeat(64) }],
    ['xrplTxHash', { xrplTxHash: 'A'.repeat(64) }],
    ['ledgerStatus', { ledgerStatus: 'awaiting_submission' }],
    ['clearanceScore', { clearanceScore: null }],
  ])('rejects a certificate whose %s was changed after signing', (_field, change) => {
    const signed = signCertificate(certificateFields(), platformKey);
    const tampered = { ...signed, certificate: { ...signed.certificate, ...change } };

    const check = verifyCertificateSignature(tampered, platformKey.publicKeyBase64);

    expect(check.valid).toBe(false);
    expect(check.reason).toMatch(/does not match the certificate/);
  });

  it('rejects a certificate signed by another key, whichever public key it claims', () => {
    const forged = signCertificate(certificateFields(), otherKey);
    const claimingPlatformKey = { ...forged, signature: { ...forged.signature, publicKey: platformKey.publicKeyBase64 } };

    expect(verifyCertificateSignature(forged, platformKey.publicKeyBase64)).toEqual({
      valid: false,
      reason: "The certificate was signed with a key other than GOOSE's published key.",
    });
    expect(verifyCertificateSignature(claimingPlatformKey, platformKey.publicKeyBase64).reason).toMatch(/does not match the certificate/);
  });

  it('rejects a genuine certificate when the published key is a different one or not a key', () => {
    const signed = signCertificate(certificateFields(), platformKey);

    expect(verifyCertificateSignature(signed, otherKey.publicKeyBase64).reason).toMatch(/key other than GOOSE's published key/);
    expect(verifyCertificateSignature(signed, 'not-a-key').reason).toMatch(/not an Ed25519 public key/);
  });

  it('rejects a malformed signature value', () => {
    const signed = signCertificate(certificateFields(), platformKey);
    const malformed = { ...signed, signature: { ...signed.signature, value: `${signed.signature.value.slice(0, 40)}!` } };

    expect(verifyCertificateSignature(malformed, platformKey.publicKeyBase64)).toEqual({ valid: false, reason: 'The signature value is malformed.' });
  });

  it('signs the RFC 8785 canonical JSON, whatever order the fields arrive in', () => {
    const fields = certificateFields();
    const reversed = Object.fromEntries(Object.entries(fields).reverse()) as CertificateFields;

    expect(canonicalCertificate(reversed)).toBe(canonicalCertificate(fields));
    expect(canonicalCertificate(fields)).toMatch(/^\{"blockchainExplorer":\{"bithomp":"https:\/\/test\.bithomp\.com\/explorer\/E3FE/);
    const signed = signCertificate(reversed, platformKey);
    const signedMessage = Buffer.from(canonicalCertificate(fields), 'utf8');
    expect(verify(null, signedMessage, platformKey.publicKeyPem, Buffer.from(signed.signature.value, 'base64url'))).toBe(true);
  });

  it('parses a signed certificate back from JSON and still verifies it', () => {
    const signed = signCertificate(certificateFields(), platformKey);

    const parsed = signedCertificateSchema.parse(JSON.parse(JSON.stringify(signed)));

    expect(verifyCertificateSignature(parsed, platformKey.publicKeyBase64).valid).toBe(true);
    expect(signedCertificateSchema.safeParse({ ...signed, certificate: { ...signed.certificate, extraClaim: 'unsigned' } }).success).toBe(false);
  });

  it('refuses to sign fields that would not parse back', () => {
    expect(() => signCertificate(certificateFields({ sha256: 'ABC' }), platformKey)).toThrow();
    expect(() => signCertificate(certificateFields({ verificationUrl: 'javascript:alert(1)' }), platformKey)).toThrow();
  });
});

describe('certificate signing key', () => {
  it('is generated once per data folder, kept private, and used again on the next load', async () => {
    const dataDir = await tempDataDir();

    const first = await loadCertificateSigningKey(dataDir, {});
    const second = await loadCertificateSigningKey(dataDir, {});

    expect(first.keyId).toMatch(/^goose-[0-9a-f]{16}$/);
    expect(second.keyId).toBe(first.keyId);
    expect(second.publicKeyBase64).toBe(first.publicKeyBase64);
    expect(Buffer.from(first.publicKeyBase64, 'base64url')).toHaveLength(32);
    const keyFile = path.join(dataDir, 'keys', 'certificate-ed25519.pem');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.join(dataDir, 'keys'))).toEqual(['certificate-ed25519.pem']);
    const signed = signCertificate(certificateFields(), first);
    expect(verifyCertificateSignature(signed, second.publicKeyBase64).valid).toBe(true);
  });

  it('gives concurrent first loads the same key', async () => {
    const dataDir = await tempDataDir();

    const keys = await Promise.all([1, 2, 3, 4].map(() => loadCertificateSigningKey(dataDir, {})));

    expect(new Set(keys.map((key) => key.keyId)).size).toBe(1);
    expect(await readdir(path.join(dataDir, 'keys'))).toEqual(['certificate-ed25519.pem']);
  });

  it('uses CERTIFICATE_SIGNING_KEY when set, also with escaped newlines, and writes no file', async () => {
    const dataDir = await tempDataDir();
    const pem = envKeyPem();

    const key = await loadCertificateSigningKey(dataDir, { CERTIFICATE_SIGNING_KEY: pem });
    const fromOneLine = await loadCertificateSigningKey(dataDir, { CERTIFICATE_SIGNING_KEY: pem.replace(/\n/g, '\\n') });

    expect(fromOneLine.keyId).toBe(key.keyId);
    expect(await readdir(dataDir)).toEqual([]);
    expect(key.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('refuses a key that is not Ed25519, without quoting it', async () => {
    const ecPem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

    await expect(loadCertificateSigningKey('/nonexistent', { CERTIFICATE_SIGNING_KEY: ecPem })).rejects.toThrow(/ec key; certificates need an Ed25519 key/);
    await expect(loadCertificateSigningKey('/nonexistent', { CERTIFICATE_SIGNING_KEY: 'garbage' })).rejects.toThrow(
      /^CERTIFICATE_SIGNING_KEY does not hold a PEM private key$/,
    );
  });

  it('fails on a damaged key file instead of replacing it', async () => {
    const dataDir = await tempDataDir();
    await mkdir(path.join(dataDir, 'keys'));
    await writeFile(path.join(dataDir, 'keys', 'certificate-ed25519.pem'), 'damaged');

    await expect(loadCertificateSigningKey(dataDir, {})).rejects.toThrow(/does not hold a PEM private key/);
  });
});

describe('certificate PDF', () => {
  let signed: SignedCertificate;
  let pdf: Buffer;
  let parsed: ParsedPdf;
  beforeAll(async () => {
    signed = signCertificate(certificateFields(), platformKey);
    pdf = await renderCertificatePdf(signed);
    parsed = parsePdf(pdf);
  });

  it('is a one-page PDF with its metadata', () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(parsed.pageCount).toBe(1);
    expect(parsed.raw).toContain('(Certificate of Copyright Registration: Midnight Harbour)');
    expect(parsed.raw).toContain('(GOOSE)');
  });

  it('prints the signed fields, the verification address and the format version', () => {
    const { certificate, signature } = signed;
    for (const text of [
      'Certificate of Copyright Registration',
      certificate.title,
      certificate.owner,
      certificate.sha256,
      certificate.xrplTxHash,
      certificate.walletAddress,
      certificate.certificateId,
      certificate.verificationUrl,
      certificate.blockchainExplorer.xrpscan,
      certificate.blockchainExplorer.xrplorer,
      certificate.blockchainExplorer.bithomp,
      'Validated on the XRP Ledger',
      '14 March 2025, 10:32 UTC',
      '91.5 / 100',
      signature.keyId,
      signature.value,
      'GOOSE Copyright Registry · certificate format version 3.3.0',
    ]) {
      expect(parsed.text).toContain(text);
    }
  });

  it('embeds a QR code of the verification address', () => {
    const image = parsed.images.find((candidate) => candidate.colorSpace === 'DeviceRGB');
    if (!image) throw new Error('no RGB image in the PDF');
    const expected = QRCode.create(signed.certificate.verificationUrl, { errorCorrectionLevel: 'M' }).modules;
    const scale = image.width / expected.size;

    expect(image.width).toBe(image.height);
    expect(Number.isInteger(scale)).toBe(true);
    for (let row = 0; row < expected.size; row++) {
      for (let column = 0; column < expected.size; column++) {
        const pixel = (Math.floor((row + 0.5) * scale) * image.width + Math.floor((column + 0.5) * scale)) * 3;
        const dark = (image.pixels[pixel] ?? 255) < 128;
        expect(dark, `module ${row},${column}`).toBe(expected.get(row, column) === 1);
      }
    }
  });

  it('names the file as the creator uploaded it, not as it is stored', async () => {
    const stored = '5d0c4a2e-7b1f-4f3e-9a51-2d3c4e5f6a7b.wav';
    const named = parsePdf(await renderCertificatePdf(signCertificate(certificateFields({ fileName: stored, uploadedFileName: 'Harbour final mix.wav' }), platformKey)));

    expect(named.text).toContain('Harbour final mix.wav');
    expect(named.text).not.toContain(stored);
  });

  it('says plainly when the transaction is not on the ledger yet', async () => {
    const pending = parsePdf(await renderCertificatePdf(signCertificate(certificateFields({ ledgerStatus: 'awaiting_submission', clearanceScore: null }), platformKey)));

    expect(pending.text).toContain('Signed, awaiting ledger submission');
    expect(pending.text).toContain('the transaction has not been submitted yet');
    expect(pending.text).toContain('Not scored');
    expect(pending.text).not.toContain('Validated on the XRP Ledger');
  });

  it('renders the same bytes for the same certificate', async () => {
    expect((await renderCertificatePdf(signed)).equals(pdf)).toBe(true);
  });

  it('keeps a long or non-Latin title on one page', async () => {
    const title = `Café Čapek ő ${'曲 '.repeat(120)}`;
    const long = parsePdf(await renderCertificatePdf(signCertificate(certificateFields({ title, fileName: 'x'.repeat(300) }), platformKey)));

    expect(long.pageCount).toBe(1);
    expect(long.text).toContain('Café Capek o ? ? ?');
  });
});

const generation: GeneratedWork = {
  statement: GENERATED_WORK_STATEMENT,
  generationId: 'gen-42',
  digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia',
  engine: { composer: 'goose-composer/1.0.0', packages: { spessasynth_core: '4.3.22', tonal: '6.5.1' } },
  soundFont: { name: 'MuseScore_General', licence: 'MIT' },
  vocalEngine: null,
  request: { prompt: 'Rain on a tin roof at dawn', genre: 'Folk', mood: 'Calm', styles: ['Acoustic', 'Lo-fi'], tempo: 92, key: 'G' },
  requestHash: 'c'.repeat(64),
  seed: 205_862_179_034,
  source: null,
  outputs: [
    { path: 'generation-gen-42-mix.wav', sha256: '0123456789abcdef'.repeat(4) },
    { path: 'generation-gen-42-song.mid', sha256: 'fedcba9876543210'.repeat(4) },
  ],
  c2pa: { signedBy: "This server's own certificate, not one on a public trust list." },
};

describe('a generated work\'s certificate', () => {
  it('signs the generation with the other fields, and an upload\'s certificate has no such field at all', () => {
    const generated = signCertificate(certificateFields({ generation }), platformKey);
    expect(verifyCertificateSignature(generated, platformKey.publicKeyBase64).valid).toBe(true);
    expect(canonicalCertificate(generated.certificate)).toContain('"requestHash":"' + 'c'.repeat(64));
    // Claiming an upload was generated (or changing its request) breaks the signature.
    const forged = { ...generated, certificate: { ...generated.certificate, generation: { ...generation, request: { ...generation.request, prompt: 'something else' } } } };
    expect(verifyCertificateSignature(forged, platformKey.publicKeyBase64).valid).toBe(false);

    const upload = signCertificate(certificateFields(), platformKey);
    expect('generation' in upload.certificate).toBe(false);
    expect(canonicalCertificate(upload.certificate)).not.toContain('generation');
  });

  it('prints a second page: generated, by what, from what request, and the output hashes shortened', async () => {
    const parsed = parsePdf(await renderCertificatePdf(signCertificate(certificateFields({ generation }), platformKey)));
    expect(parsed.pageCount).toBe(2);
    for (const text of [
      'generated by software on GOOSE (provenance on page 2)',
      'Provenance of a generated work',
      'goose-composer/1.0.0 (spessasynth_core 4.3.22, tonal 6.5.1)',
      'MuseScore_General · MIT',
      'None (instrumental)',
      'algorithmicMedia',
      'Rain on a tin roof at dawn',
      'Folk · Calm',
      'Acoustic, Lo-fi',
      '92 BPM · G',
      '205862179034',
      'c'.repeat(32),
      'mix.wav',
      shortHash('0123456789abcdef'.repeat(4)),
      'song.mid',
      'carry a C2PA manifest',
      'not one on a public trust list',
    ]) {
      expect(parsed.text).toContain(text);
    }
    expect(parsed.text).not.toContain('0123456789abcdef'.repeat(4));
  });
});

describe('certificateFileName', () => {
  it.each([
    ['My Song', 'GOOSE-CERT-1A2B', 'My_Song_GOOSE-CERT-1A2B.pdf'],
    ['  Café  del   Mar! ', 'GOOSE-CERT-1A2B', 'Cafe_del_Mar_GOOSE-CERT-1A2B.pdf'],
    ['../../etc/passwd', 'GOOSE-CERT-1A2B', 'etcpasswd_GOOSE-CERT-1A2B.pdf'],
    ['曲', 'GOOSE-CERT-1A2B', 'certificate_GOOSE-CERT-1A2B.pdf'],
    ['', 'GOOSE-CERT-1A2B', 'certificate_GOOSE-CERT-1A2B.pdf'],
    ['Title', '../id/"x"', 'Title_idx.pdf'],
    ['Title', '', 'Title.pdf'],
  ])('%j with %j is %j', (title, certificateId, expected) => {
    expect(certificateFileName(title, certificateId)).toBe(expected);
  });

  it('shortens a long title to 80 characters', () => {
    const name = certificateFileName(`${'a'.repeat(79)} ${'b'.repeat(50)}`, 'GOOSE-CERT-1A2B');

    expect(name).toBe(`${'a'.repeat(79)}_GOOSE-CERT-1A2B.pdf`);
  });
});

interface ParsedPdf {
  raw: string;
  pageCount: number;
  /** Every string the content streams show, joined, so text wrapped over lines reads as one. */
  text: string;
  images: { width: number; height: number; colorSpace: string; pixels: Buffer }[];
}

/** Just enough of a PDF reader for pdfkit's output: streams, shown text, images. */
function parsePdf(pdf: Buffer): ParsedPdf {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const images: ParsedPdf['images'] = [];
  for (let at = raw.indexOf('\nstream\n'); at !== -1; at = raw.indexOf('\nstream\n', at + 1)) {
    const dictionary = raw.slice(raw.lastIndexOf(' obj', at), at);
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
    const start = at + '\nstream\n'.length;
    const encoded = pdf.subarray(start, start + length);
    const data = dictionary.includes('/FlateDecode') ? inflateSync(encoded) : encoded;
    if (dictionary.includes('/Subtype /Image')) {
      images.push({
        width: Number(/\/Width (\d+)/.exec(dictionary)?.[1]),
        height: Number(/\/Height (\d+)/.exec(dictionary)?.[1]),
        colorSpace: /\/ColorSpace \/(\w+)/.exec(dictionary)?.[1] ?? '',
        pixels: data,
      });
      continue;
    }
    for (const [, operands = ''] of data.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      for (const [, hex = ''] of operands.matchAll(/<([0-9a-fA-F]*)>/g)) texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return { raw, pageCount: raw.match(/\/Type \/Page\b/g)?.length ?? 0, text: texts.join(''), images };
}
