import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sineWav } from '../../tests/support/audio';
import { encodeContainers, encodeSilentVideo, PIECE_SECONDS, type EncodedContainer } from '../../tests/support/containers';
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

describe('probeFile on every common audio container', () => {
  let dir: string;
  let encoded: EncodedContainer[];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'goose-probe-containers-'));
    ({ encoded } = await encodeContainers(dir));
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the duration, sample rate and channels of each, as music', async () => {
    const wrong: string[] = [];
    for (const container of encoded) {
      const probe = await probeFile(container.file, { extension: container.extension, mimeType: 'audio/x-test', requireAudio: true });
      // Lossy codecs pad a frame or so.
      const durationOk = probe.durationSeconds !== null && Math.abs(probe.durationSeconds - PIECE_SECONDS) < 0.1;
      const audioOk = (probe.sampleRate === 44_100 || probe.sampleRate === 48_000) && probe.channels === 2;
      if (!durationOk || !audioOk) wrong.push(`${container.name}: ${JSON.stringify(probe)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names the audio codec for audio files and the picture codec for videos', async () => {
    const codec = async (name: string) => {
      const container = encoded.find((c) => c.name === name)!;
      return (await probeFile(container.file, { extension: container.extension, mimeType: 'audio/x-test' })).codec;
    };
    expect(await codec('m4a (AAC)')).toBe('aac');
    expect(await codec('opus named .ogg')).toBe('opus');
    expect(await codec('ogg (Vorbis)')).toBe('vorbis');
    expect(await codec('aiff')).toBe('pcm_s16be');
    expect(await codec('mov video (MPEG-4 + AAC)')).toBe('mpeg4');
  });

  it('refuses a video with no sound as music, with a reason, and takes it as a video', async () => {
    const file = path.join(dir, 'silent.mp4');
    await encodeSilentVideo(file);

    const error = await probeFile(file, { extension: 'mp4', mimeType: 'video/mp4', requireAudio: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableMediaError);
    expect((error as UnreadableMediaError).reason).toBe('The video has no audio stream, so it cannot be music: there is nothing in it to play, master or check');

    const asVideo = await probeFile(file, { extension: 'mp4', mimeType: 'video/mp4' });
    expect(asVideo).toMatchObject({ format: 'mp4', codec: 'mpeg4', sampleRate: null, channels: null });
    expect(asVideo.durationSeconds).toBeCloseTo(PIECE_SECONDS, 1);
  });

  it('refuses a file whose container is not the one sniffed', async () => {
    const ogg = encoded.find((c) => c.extension === 'ogg')!;
    await expect(probeFile(ogg.file, { extension: 'm4a', mimeType: 'audio/mp4' })).rejects.toThrow(/claims to be m4a but reads as ogg/);
  });
});
