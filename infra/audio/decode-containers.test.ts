// The audio engine's decoders on every container the upload accepts: the oracle's fingerprint
// decode and the mastering decodes (stream info, whole-file PCM, the filtered chain decode) must
// read the same music out of each, the soundtrack of a video included.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeContainers, PIECE_SECONDS, type EncodedContainer } from '../../tests/support/containers';
import { decodeFilteredInto, decodePcm, readAudioInfo } from './ffmpeg';
import { align, decodeForFingerprint, FINGERPRINT_SAMPLE_RATE, fingerprintPcm, MATCH_BER } from './fingerprint';

let dir: string;
let encoded: EncodedContainer[];
let referenceItems: Uint32Array;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'goose-decode-'));
  const { reference, encoded: files } = await encodeContainers(dir);
  encoded = files;
  referenceItems = fingerprintPcm(await decodeForFingerprint(reference)).items;
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** RMS of interleaved PCM. */
function rms(pcm: Float32Array): number {
  let sum = 0;
  for (const x of pcm) sum += x * x;
  return Math.sqrt(sum / pcm.length);
}

describe('decodes for the oracle and for mastering', () => {
  it('the fingerprint decode reads the same music out of every container', async () => {
    const wrong: string[] = [];
    for (const container of encoded) {
      const pcm = await decodeForFingerprint(container.file);
      const seconds = pcm.length / FINGERPRINT_SAMPLE_RATE;
      const match = align(fingerprintPcm(pcm).items, referenceItems);
      // A lossy codec's padding shifts a copy by a few milliseconds at most: under one item.
      const ok = Math.abs(seconds - PIECE_SECONDS) < 0.1 && match !== null && match.bitErrorRate < MATCH_BER && Math.abs(match.offsetItems) <= 1;
      if (!ok) wrong.push(`${container.name}: ${seconds.toFixed(3)} s, ${JSON.stringify(match)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the mastering decodes read stream info, then the same stereo samples whole and through a filter graph', async () => {
    const wrong: string[] = [];
    for (const container of encoded) {
      const info = await readAudioInfo(container.file);
      const whole = await decodePcm(container.file, { sampleRate: info.sampleRate, channels: 2 });
      const filtered = new Float32Array(whole.length + 4096);
      const read = await decodeFilteredInto(container.file, { sampleRate: info.sampleRate, channels: 2, filters: 'anull' }, filtered, 0, filtered.length);
      const problems = [
        info.channels === 2 ? null : `${info.channels} channels`,
        info.durationSeconds !== null && Math.abs(info.durationSeconds - PIECE_SECONDS) < 0.6 ? null : `duration ${info.durationSeconds}`,
        Math.abs(whole.length / 2 / info.sampleRate - PIECE_SECONDS) < 0.1 ? null : `${whole.length / 2} frames at ${info.sampleRate} Hz`,
        rms(whole) > 0.02 ? null : `rms ${rms(whole)}`,
        read === whole.length ? null : `filtered decode read ${read} samples, whole ${whole.length}`,
      ].filter(Boolean);
      if (problems.length > 0) wrong.push(`${container.name}: ${problems.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('tells lossless sources (whose bit depth a WAV master keeps) from lossy ones', async () => {
    const lossless = async (name: string) => (await readAudioInfo(encoded.find((c) => c.name === name)!.file)).lossless;
    expect(await lossless('flac')).toBe(true);
    expect(await lossless('aiff')).toBe(true);
    expect(await lossless('m4a (ALAC)')).toBe(true);
    expect(await lossless('m4a (AAC)')).toBe(false);
    expect(await lossless('opus')).toBe(false);
    expect(await lossless('webm video (VP8 + Opus)')).toBe(false);
  });
});
