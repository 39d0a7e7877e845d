import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePcm, encodePcm, startEncodePcm } from './ffmpeg';
import { MP3_ARGS } from './mastering';
import { crc16, encodeMp3InHalves, mp3Frames, readInfoTag, startMp3DecodeInHalves, startMp3InHalves } from './mp3-halves';
import { music } from './test-signals';

const SR = 44_100;
const SECONDS = 60;

/** Residual power over signal power, in dB, over frames [from, to). */
function residualDb(decoded: Float32Array, original: Float32Array, from: number, to: number): number {
  let error = 0;
  let signal = 0;
  for (let i = from * 2; i < to * 2; i++) {
    error += (decoded[i]! - original[i]!) ** 2;
    signal += original[i]! ** 2;
  }
  return 10 * Math.log10(error / signal);
}

describe('an mp3 encoded in two halves at once', () => {
  const original = music({ seconds: SECONDS, seed: 4, level: -10 });
  let dir: string;
  let joined: Uint8Array;
  let fromHalves: Float32Array;
  let fromOneEncoder: Float32Array;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'goose-mp3-halves-'));
    await encodeMp3InHalves(original, SR, path.join(dir, 'halves.mp3'), MP3_ARGS);
    await encodePcm(original, SR, 2, path.join(dir, 'single.mp3'), [...MP3_ARGS, '-id3v2_version', '0']);
    joined = await readFile(path.join(dir, 'halves.mp3'));
    fromHalves = await decodePcm(path.join(dir, 'halves.mp3'), { sampleRate: SR, channels: 2 });
    fromOneEncoder = await decodePcm(path.join(dir, 'single.mp3'), { sampleRate: SR, channels: 2 });
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('decodes to exactly the samples it was given, as one encoder’s file does', () => {
    expect(fromHalves.length).toBe(original.length);
    expect(fromOneEncoder.length).toBe(original.length);
  });

  it('carries an Info tag rewritten for the joined stream, its CRCs as LAME computes them', async () => {
    const [info, ...audio] = mp3Frames(joined);
    const tag = readInfoTag(joined.subarray(0, info!.size))!;
    expect(tag.frames).toBe(audio.length);
    expect(tag.bytes).toBe(joined.length);
    expect(tag.musicLength).toBe(joined.length);
    expect(tag.encoderDelay).toBe(576);
    expect(tag.frames * 1152 - tag.encoderDelay - tag.padding).toBe(original.length / 2);
    expect(tag.tagCrc).toBe(crc16(joined.subarray(0, 190)));
    expect(tag.musicCrc).toBe(crc16(joined.subarray(info!.size)));
    // The same CRC reproduces what LAME itself wrote into one encoder's file.
    const single = await readFile(path.join(dir, 'single.mp3'));
    const singleInfo = mp3Frames(single)[0]!;
    const singleTag = readInfoTag(single.subarray(0, singleInfo.size))!;
    expect(singleTag.tagCrc).toBe(crc16(single.subarray(0, 190)));
    expect(singleTag.musicCrc).toBe(crc16(single.subarray(singleInfo.size)));
  });

  it('stays in sync and as clean as one encoder across the join and overall', () => {
    const frames = original.length / 2;
    const join = Math.floor(frames / 2 / 1152) * 1152 - 1105;
    const aroundJoin = (pcm: Float32Array): number => residualDb(pcm, original, join - SR / 10, join + SR / 10);
    // A sample out of sync would leave a residual near the signal's own level.
    expect(aroundJoin(fromHalves)).toBeLessThan(-40);
    expect(aroundJoin(fromHalves)).toBeLessThan(aroundJoin(fromOneEncoder) + 6);
    expect(residualDb(fromHalves, original, 0, frames)).toBeLessThan(residualDb(fromOneEncoder, original, 0, frames) + 1);
  });
});

describe('mp3 processes started before their input', () => {
  const original = music({ seconds: 30, seed: 6, level: -10 });
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'goose-mp3-started-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('encode the same file as an encode started with its samples, and decode it in halves to a whole decode’s samples, to the bit', async () => {
    const started = startMp3InHalves(original.length / 2, SR, path.join(dir, 'started.mp3'), MP3_ARGS);
    const check = startMp3DecodeInHalves(SR, original.length / 2);
    // Fed later, as a master feeds them once its samples are final.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const bytes = await started.encode(original);
    await encodeMp3InHalves(original, SR, path.join(dir, 'direct.mp3'), MP3_ARGS);
    expect(Buffer.from(bytes).equals(await readFile(path.join(dir, 'started.mp3')))).toBe(true);
    expect(Buffer.from(bytes).equals(await readFile(path.join(dir, 'direct.mp3')))).toBe(true);

    const halves = await check.decode(bytes);
    const whole = await decodePcm(path.join(dir, 'started.mp3'), { sampleRate: SR, channels: 2 });
    expect(whole.length).toBe(original.length);
    expect(halves.length).toBe(whole.length);
    let differing = 0;
    for (let i = 0; i < whole.length; i++) if (halves[i] !== whole[i]) differing++;
    expect(differing).toBe(0);
  }, 60_000);

  it('decodes a single encoder’s file, ID3 tag and all, in halves to a whole decode’s samples', async () => {
    const file = path.join(dir, 'single.mp3');
    await encodePcm(original, SR, 2, file, MP3_ARGS);
    const bytes = await readFile(file);
    expect(String.fromCharCode(...bytes.subarray(0, 3))).toBe('ID3');
    const halves = await startMp3DecodeInHalves(SR, original.length / 2).decode(bytes);
    const whole = await decodePcm(file, { sampleRate: SR, channels: 2 });
    expect(halves.length).toBe(whole.length);
    let differing = 0;
    for (let i = 0; i < whole.length; i++) if (halves[i] !== whole[i]) differing++;
    expect(differing).toBe(0);
  }, 60_000);

  it('leave no file behind when cancelled before they are fed', async () => {
    const target = path.join(dir, 'cancelled.mp3');
    const encoder = startEncodePcm(SR, 2, target, MP3_ARGS);
    const halves = startMp3InHalves(original.length / 2, SR, path.join(dir, 'cancelled-halves.mp3'), MP3_ARGS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    encoder.cancel();
    halves.cancel();
    await expect(encoder.encode(original)).rejects.toThrow(/killed/);
    await expect(stat(target)).rejects.toThrow(/ENOENT/);
    await expect(stat(path.join(dir, 'cancelled-halves.mp3'))).rejects.toThrow(/ENOENT/);
  }, 60_000);
});
