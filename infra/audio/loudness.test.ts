import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ebur128 } from './ebur128';
import { decodePcm } from './ffmpeg';
import { integratedLoudnessAtGain, kWeightingFilters, interSamplePeak, measureLoudness, measureStereoInBlocks, METER_BLOCK_FRAMES, METER_BLOCK_MARGIN } from './loudness';
import { music, sine, writeWav } from './test-signals';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'goose-loudness-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('K-weighting', () => {
  it('gives the published BS.1770-4 coefficients at 48 kHz', () => {
    const [shelf, highPass] = kWeightingFilters(48_000);
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 10);
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 10);
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 10);
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 10);
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 10);
    expect(highPass.a1).toBeCloseTo(-1.99004745483398, 10);
    expect(highPass.a2).toBeCloseTo(0.99007225036621, 10);
  });
});

describe('measureLoudness (EBU Tech 3341 signals)', () => {
  it('reads a 1 kHz stereo sine at −23 dBFS as −23.0 LUFS', () => {
    const r = measureLoudness(sine({ seconds: 20, dbfs: -23 }), 48_000, 2);
    expect(r.integratedLufs).toBeGreaterThan(-23.1);
    expect(r.integratedLufs).toBeLessThan(-22.9);
    expect(r.samplePeakDbfs).toBeCloseTo(-23, 2);
    expect(r.truePeakDbtp).toBeCloseTo(-23, 1);
    expect(r.loudnessRangeLu).toBeLessThan(0.1);
  });

  it('reads a 1 kHz stereo sine at −33 dBFS as −33.0 LUFS', () => {
    const r = measureLoudness(sine({ seconds: 20, dbfs: -33 }), 48_000, 2);
    expect(Math.abs(r.integratedLufs - -33)).toBeLessThan(0.1);
  });

  it('is sample-rate independent (44.1 kHz)', () => {
    const r = measureLoudness(sine({ seconds: 20, dbfs: -23, sampleRate: 44_100 }), 44_100, 2);
    expect(Math.abs(r.integratedLufs - -23)).toBeLessThan(0.1);
  });

  it('gates: 20 s at −36 then 20 s at −23 reads −23 (Tech 3341 case 3-like), not the average', () => {
    const quiet = sine({ seconds: 10, dbfs: -36 });
    const loud = sine({ seconds: 10, dbfs: -23 });
    const both = new Float32Array(quiet.length + loud.length);
    both.set(quiet);
    both.set(loud, quiet.length);
    const r = measureLoudness(both, 48_000, 2);
    expect(Math.abs(r.integratedLufs - -23)).toBeLessThan(0.1);
  });

  it('finds inter-sample peaks: a sine at fs/4 sampled 45° off its crest reads its true peak', () => {
    const sr = 48_000;
    const frames = sr * 2;
    const pcm = new Float32Array(frames * 2);
    for (let i = 0; i < frames; i++) {
      const v = 0.5 * Math.sin((Math.PI / 2) * i + Math.PI / 4);
      pcm[2 * i] = v;
      pcm[2 * i + 1] = v;
    }
    const r = measureLoudness(pcm, sr, 2);
    expect(r.samplePeakDbfs).toBeCloseTo(20 * Math.log10(0.5 * Math.SQRT1_2), 2); // −9.03
    expect(Math.abs(r.truePeakDbtp - 20 * Math.log10(0.5))).toBeLessThan(0.2); // −6.02
  });

  it('finds an inter-sample peak inside dense, loud material', () => {
    const sr = 44_100;
    const loud = music({ seconds: 10, sampleRate: sr, seed: 4 });
    // Squashed to a limited master's density: nearly every sample within 6 dB of the peak.
    for (let i = 0; i < loud.length; i++) loud[i] = 0.5 * Math.tanh(6 * loud[i]!);
    const plain = measureLoudness(loud, sr, 2).truePeakDbtp;
    // Half a second of a sine at fs/4 sampled 45° off its crest, amplitude 0.7: samples at 0.495,
    // under the material's peak, true peak 0.7 (−3.1 dBTP), above it.
    const start = 5 * sr;
    for (let i = 0; i < sr / 2; i++) {
      const v = 0.7 * Math.sin((Math.PI / 2) * i + Math.PI / 4);
      loud[2 * (start + i)] = v;
      loud[2 * (start + i) + 1] = v;
    }
    const r = measureLoudness(loud, sr, 2);
    expect(plain).toBeLessThan(-5.5);
    expect(r.samplePeakDbfs).toBeLessThan(-5.5);
    expect(Math.abs(r.truePeakDbtp - 20 * Math.log10(0.7))).toBeLessThan(0.2);
  });

  it('gives the loudness of the signal times a gain from its measurement, gates included', () => {
    const sr = 44_100;
    // Quiet then loud, so the gain moves blocks across the absolute gate and the gating matters.
    const quiet = sine({ seconds: 5, dbfs: -60, sampleRate: sr });
    const loud = music({ seconds: 10, sampleRate: sr, seed: 3 });
    const pcm = new Float32Array(quiet.length + loud.length);
    pcm.set(quiet);
    pcm.set(loud, quiet.length);
    const measured = measureLoudness(pcm, sr, 2);
    const gainDb = -15;
    const gained = pcm.map((v) => v * 10 ** (gainDb / 20));
    expect(integratedLoudnessAtGain(measured, gainDb)).toBeCloseTo(measureLoudness(gained, sr, 2).integratedLufs, 3);
  });

  it('measures the inter-sample peak alone as the full measurement finds the true peak', () => {
    const pcm = music({ seconds: 5, sampleRate: 44_100, seed: 5 });
    const measured = measureLoudness(pcm, 44_100, 2);
    expect(Math.max(measured.samplePeakDbfs, 20 * Math.log10(interSamplePeak(pcm, 2)))).toBe(measured.truePeakDbtp);
  });

  it('measures a track read block by block as it measures the whole array, to the bit', () => {
    // Over two blocks long, so blocks meet mid-track; the loudest moment straddles a block's edge.
    const sr = 44_100;
    const pcm = music({ seconds: 60, sampleRate: sr, seed: 11, level: -12 });
    const frames = pcm.length / 2;
    expect(frames).toBeGreaterThan(2 * METER_BLOCK_FRAMES);
    const edge = 2 * METER_BLOCK_FRAMES;
    pcm[2 * edge - 1] = 0.9;
    pcm[2 * edge] = -0.9;
    const whole = measureLoudness(pcm, sr, 2);
    const reads: [number, number][] = [];
    const read = (from: number, to: number): Float32Array => {
      reads.push([from, to]);
      // A fresh buffer each time: a block must not see any frame beyond what it asked for.
      return pcm.slice(2 * from, 2 * to);
    };
    expect(measureStereoInBlocks(frames, sr, read)).toEqual({ integratedLufs: whole.integratedLufs, truePeakDbtp: whole.truePeakDbtp });
    expect(reads.length).toBe(Math.ceil(frames / METER_BLOCK_FRAMES));
    for (const [from, to] of reads) expect(to - from).toBeLessThanOrEqual(METER_BLOCK_FRAMES + 2 * METER_BLOCK_MARGIN);
  });

  it('agrees with ffmpeg ebur128 within 0.2 LU on generated music', async () => {
    const sr = 44_100;
    const file = path.join(dir, 'music.wav');
    await writeWav(file, music({ seconds: 12, sampleRate: sr, seed: 7 }), sr, 2, 's16');
    const ours = measureLoudness(await decodePcm(file, { sampleRate: sr, channels: 2 }), sr, 2);
    const theirs = await ebur128(file);
    expect(Math.abs(ours.integratedLufs - theirs.integratedLufs)).toBeLessThan(0.2);
    expect(Math.abs(ours.truePeakDbtp - theirs.truePeakDbtp)).toBeLessThan(0.5);
    expect(Math.abs(ours.loudnessRangeLu - theirs.loudnessRangeLu)).toBeLessThan(1);
  });
});
