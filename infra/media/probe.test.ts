import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sineWav } from '../../tests/support/audio';
import { probeFile, UnreadableMediaError } from './probe';

describe('probeFile', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'goose-probe-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a WAV: format, duration, codec, sample rate, channels, bit rate', async () => {
    const file = path.join(dir, 'tone.wav');
    await writeFile(file, sineWav({ seconds: 1, sampleRate: 44_100, channels: 2 }));

    const probe = await probeFile(file, { extension: 'wav', mimeType: 'audio/wav' });

    expect(probe.format).toBe('wav');
    expect(probe.durationSeconds).toBeCloseTo(1, 2);
    expect(probe.codec).toBe('pcm_s16le');
    expect(probe.sampleRate).toBe(44_100);
    expect(probe.channels).toBe(2);
    expect(probe.bitRate).toBe(44_100 * 2 * 16);
  });

  it('does not run ffprobe on a text file', async () => {
    const file = path.join(dir, 'lyrics.txt');
    await writeFile(file, 'la la la\n');

    const probe = await probeFile(file, { extension: 'txt', mimeType: 'text/plain' });

    expect(probe).toEqual({ format: 'txt', durationSeconds: null, codec: null, sampleRate: null, channels: null, bitRate: null });
  });

  it('refuses a file that claims to be WAV but is not audio, with a human reason', async () => {
    const file = path.join(dir, 'garbage.wav');
    await writeFile(file, Buffer.from('RIFF this is not really a wave file at all, just words'.repeat(50)));

    const error = await probeFile(file, { extension: 'wav', mimeType: 'audio/wav' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UnreadableMediaError);
    expect((error as UnreadableMediaError).reason).toMatch(/^The file is not readable audio: /);
    expect((error as UnreadableMediaError).reason).not.toContain(dir);
  });

  it('refuses a WAV that claims to be an MP3', async () => {
    const file = path.join(dir, 'actually-wav.mp3');
    await writeFile(file, sineWav({ seconds: 0.5 }));

    await expect(probeFile(file, { extension: 'mp3', mimeType: 'audio/mpeg' })).rejects.toThrow(/claims to be mp3 but reads as wav/);
  });

  it('treats a missing file as a plain error, not as bad content', async () => {
    const error = await probeFile(path.join(dir, 'missing.wav'), { extension: 'wav', mimeType: 'audio/wav' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(UnreadableMediaError);
  });
});
