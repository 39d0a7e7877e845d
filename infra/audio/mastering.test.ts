import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ebur128 } from './ebur128';
import { decodePcm, filterPcm, readAudioInfo, runFfmpeg } from './ffmpeg';
import { stereoFramePeaks } from './interpolator';
import { measureLoudness } from './loudness';
import { sharedFloat32 } from './typed-bytes';
import { envelopeScratch, limitFrames, shapeGain } from './gain-envelope';
import { LookAheadLimiter } from './limiter';
import { softClip } from './soft-clipper';
import { edgePeaks } from './edge-peaks';
import { LOUDNESS_TARGETS, decodeInHalves, MASTERING_STEPS, MasteringError, STYLE_CHAINS, masterTrack, previewSecondsOf, runStyleChain, type MasterLoudness, type MasterResult, type MasterStyle, type MasteringProgressEvent } from './mastering';
import { music, writeWav } from './test-signals';

const SR = 44_100;
let dir: string;
let input: string;
const results = new Map<string, { result: MasterResult; events: MasteringProgressEvent[]; ms: number }>();

async function master(style: MasterStyle, loudness: MasterLoudness, format: 'wav' | 'cd' | 'mp3' = 'wav') {
  const key = `${style}-${loudness}-${format}`;
  const cached = results.get(key);
  if (cached) return cached;
  const events: MasteringProgressEvent[] = [];
  const t = performance.now();
  const result = await masterTrack(input, { style, loudness, format, outDir: path.join(dir, 'out'), name: key, onProgress: (e) => events.push(e) });
  const entry = { result, events, ms: performance.now() - t };
  results.set(key, entry);
  return entry;
}

async function meanSquare(pcm: Float32Array): Promise<number> {
  let s = 0;
  for (const x of pcm) s += x * x;
  return s / pcm.length;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'goose-master-'));
  input = path.join(dir, 'song.wav');
  await writeWav(input, music({ seconds: 8, sampleRate: SR, seed: 3, level: -8 }), SR, 2, 's16');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('masterTrack', () => {
  for (const loudness of ['low', 'medium', 'high'] as const) {
    it(`lands the ${loudness} target (${LOUDNESS_TARGETS[loudness]} LUFS) by ffmpeg's ebur128, true peak ≤ −1 dBTP`, async () => {
      const { result } = await master('balanced', loudness);
      const check = await ebur128(result.files.master);
      const target = LOUDNESS_TARGETS[loudness];
      expect(Math.abs(check.integratedLufs - target)).toBeLessThanOrEqual(0.5);
      expect(check.truePeakDbtp).toBeLessThanOrEqual(-1);
      // The reported figures are the file's, not the target's.
      expect(Math.abs(result.lufs - check.integratedLufs)).toBeLessThanOrEqual(0.2);
      expect(Math.abs(result.peak - check.truePeakDbtp)).toBeLessThanOrEqual(0.3);
      expect(result.dynamicRange).toBeGreaterThanOrEqual(0);
    }, 60_000);
  }

  it('reports the figures of the samples in the written file, as ffmpeg decodes them', async () => {
    const { result } = await master('balanced', 'low');
    const decoded = measureLoudness(await decodePcm(result.files.master, { sampleRate: SR, channels: 2 }), SR, 2);
    expect(result.lufs).toBe(Math.round(decoded.integratedLufs * 10) / 10);
    expect(result.peak).toBe(Math.round(decoded.truePeakDbtp * 10) / 10);
    expect(result.dynamicRange).toBe(Math.round(decoded.loudnessRangeLu * 10) / 10);
  });

  it('reports the eight mastering steps in order, each started then completed, then Complete', async () => {
    const { events, result } = await master('balanced', 'low');
    expect(events.filter((e) => e.progress === 100 && e.step !== 'Complete').map((e) => e.step)).toEqual([...MASTERING_STEPS]);
    expect(events.filter((e) => e.progress === 0).map((e) => e.step)).toEqual([...MASTERING_STEPS]);
    expect(events.at(-1)?.step).toBe('Complete');
    expect(result.processing.length).toBeGreaterThanOrEqual(8);
  });

  it('gives the same files when it masters again on the buffers the last master handed back', async () => {
    const again = await masterTrack(input, { style: 'balanced', loudness: 'low', format: 'wav', outDir: path.join(dir, 'again'), name: 'again' });
    const { result } = await master('balanced', 'low');
    for (const kind of ['master', 'preview', 'preLimiter', 'abOriginal', 'abMaster'] as const) {
      expect((await readFile(again.files[kind])).equals(await readFile(result.files[kind])), kind).toBe(true);
    }
  });

  it('writes a preview, a pre-limiter master and a loudness-matched A/B pair', async () => {
    const { result } = await master('balanced', 'medium');
    for (const f of Object.values(result.files)) expect((await stat(f)).size).toBeGreaterThan(1000);
    const [a, b, pre] = await Promise.all([ebur128(result.files.abOriginal), ebur128(result.files.abMaster), ebur128(result.files.preLimiter)]);
    expect(Math.abs(a.integratedLufs - b.integratedLufs)).toBeLessThanOrEqual(0.5);
    // The pair's reported figures are those of its files.
    expect(Math.abs(result.measurements.abOriginalLufs - a.integratedLufs)).toBeLessThanOrEqual(0.15);
    expect(Math.abs(result.measurements.abMasterLufs - b.integratedLufs)).toBeLessThanOrEqual(0.15);
    expect(pre.truePeakDbtp).toBeLessThanOrEqual(-1);
    // Before the limiter the track is quieter than the master: the limiter did the last stretch.
    expect(pre.integratedLufs).toBeLessThan(result.lufs - 1);
  }, 60_000);

  it('makes a preview of at most 30 s and at most half the track: a short track\'s preview never holds the whole master', async () => {
    expect([10, 20, 30, 60, 61, 180].map(previewSecondsOf)).toEqual([5, 10, 15, 30, 30, 30]);
    for (const [seconds, expected] of [[20, 10], [64, 30]] as const) {
      const song = path.join(dir, `song-${seconds}.wav`);
      await writeWav(song, music({ seconds, sampleRate: SR, seed: 21, level: -8 }), SR, 2, 's16');
      const { files, measurements } = await masterTrack(song, { style: 'balanced', loudness: 'medium', format: 'wav', outDir: path.join(dir, 'out'), name: `preview-${seconds}` });
      const [master, preview] = await Promise.all([readAudioInfo(files.master), readAudioInfo(files.preview)]);
      expect(master.durationSeconds).toBeCloseTo(seconds, 1);
      expect(preview.durationSeconds).toBeCloseTo(expected, 1);
      expect(measurements.previewSeconds).toBe(expected);
      // The excerpt is the master's own samples (the loudest part), faded in and out.
      expect(measurements.previewStartSeconds + expected).toBeLessThanOrEqual(seconds);
    }
  }, 120_000);

  it('styles differ measurably: tonal tilt (low/high band energy) and stereo width', async () => {
    const spectra: Record<string, { tilt: number; width: number }> = {};
    for (const style of ['warm', 'balanced', 'open'] as const) {
      const { result } = await master(style, 'medium');
      const pcm = await decodePcm(result.files.master, { sampleRate: SR, channels: 2 });
      const low = await meanSquare(await filterPcm(pcm, SR, 2, 'lowpass=f=200,lowpass=f=200'));
      const high = await meanSquare(await filterPcm(pcm, SR, 2, 'highpass=f=4000,highpass=f=4000'));
      let mid = 0;
      let side = 0;
      for (let i = 0; i < pcm.length; i += 2) {
        mid += (pcm[i]! + pcm[i + 1]!) ** 2;
        side += (pcm[i]! - pcm[i + 1]!) ** 2;
      }
      spectra[style] = { tilt: 10 * Math.log10(low / high), width: 10 * Math.log10(side / mid) };
    }
    const { warm, balanced, open } = spectra as Record<MasterStyle, { tilt: number; width: number }>;
    expect(warm.tilt - balanced.tilt).toBeGreaterThan(1.5);
    expect(balanced.tilt - open.tilt).toBeGreaterThan(1.5);
    expect(open.width - warm.width).toBeGreaterThan(2);
  }, 60_000);

  it('exports cd as 44.1 kHz 16-bit and mp3 at 320 kbps, both within target and ceiling', async () => {
    for (const format of ['cd', 'mp3'] as const) {
      const { result } = await master('open', 'medium', format);
      const info = await readAudioInfo(result.files.master);
      expect(info.sampleRate).toBe(44_100);
      if (format === 'cd') expect(info.sampleFormat).toBe('s16');
      // An mp3's preview is mp3; its pre-limiter master and A/B pair are WAV (see mastering.ts).
      if (format === 'mp3') expect([result.files.preview, result.files.abMaster, result.files.preLimiter].map((f) => path.extname(f))).toEqual(['.mp3', '.wav', '.wav']);
      const check = await ebur128(result.files.master);
      expect(Math.abs(check.integratedLufs - -9)).toBeLessThanOrEqual(0.5);
      expect(check.truePeakDbtp).toBeLessThanOrEqual(-1);
    }
  }, 60_000);

  it('decodes an mp3 master in two halves at once to the samples of one decode, to the bit', async () => {
    const { result } = await master('open', 'medium', 'mp3');
    const whole = await decodePcm(result.files.master, { sampleRate: SR, channels: 2 });
    const halves = await decodeInHalves(result.files.master, SR, whole.length / 2);
    expect(halves.length).toBe(whole.length);
    let differing = 0;
    for (let i = 0; i < whole.length; i++) if (halves[i] !== whole[i]) differing++;
    expect(differing).toBe(0);
  }, 60_000);

  it('wav keeps a 48 kHz 24-bit input at 48 kHz 24-bit; a lossy input becomes 24-bit', async () => {
    const hi = path.join(dir, 'hi.wav');
    await writeWav(hi, music({ seconds: 5, sampleRate: 48_000, seed: 5, level: -8 }), 48_000, 2, 's24');
    const r = await masterTrack(hi, { style: 'warm', loudness: 'low', format: 'wav', outDir: path.join(dir, 'hi') });
    const info = await readAudioInfo(r.files.master);
    expect(info.sampleRate).toBe(48_000);
    expect(info.bitsPerSample).toBe(24);
    const lossy = path.join(dir, 'song.mp3');
    await runFfmpeg(['-v', 'error', '-i', input, '-c:a', 'libmp3lame', '-b:a', '192k', '-y', lossy]);
    const fromMp3 = await masterTrack(lossy, { style: 'warm', loudness: 'low', format: 'wav', outDir: path.join(dir, 'lossy') });
    expect((await readAudioInfo(fromMp3.files.master)).bitsPerSample).toBe(24);
    expect(Math.abs(fromMp3.lufs - -14)).toBeLessThanOrEqual(0.5);
  }, 60_000);

  it('reports the clipper and the limiter in the processing, with measured gain reduction', async () => {
    const { result } = await master('balanced', 'high');
    const clipping = result.processing.find((line) => line.startsWith('Soft clipping:'));
    const limiting = result.processing.find((line) => line.startsWith('Limiting:'));
    expect(clipping).toBeDefined();
    expect(limiting).toMatch(/gain reduction up to [\d.]+ dB, [\d.]+ dB of the power/);
    expect(result.processing.indexOf(clipping!)).toBeLessThan(result.processing.indexOf(limiting!));
    expect(result.measurements.limiterGainReductionDb).toBeGreaterThanOrEqual(0);
    expect(result.measurements.clipperGainReductionDb).toBeGreaterThanOrEqual(0);
    if (result.measurements.clipperGainReductionDb > 0) expect(clipping).toMatch(/gain reduction up to [\d.]+ dB/);
  }, 60_000);

  it('says what it reached and suggests the next loudness down when a target is out of reach', async () => {
    // Lone clicks in silence: however hard they are clipped and limited, a click stays a click, and
    // its loudness a click's.
    const clicks = new Float32Array(10 * SR * 2);
    for (let n = 0; n < clicks.length / 2; n += SR / 5) clicks[2 * n] = clicks[2 * n + 1] = 0.5;
    const file = path.join(dir, 'clicks.wav');
    await writeWav(file, clicks, SR, 2, 's16');
    const error = await masterTrack(file, { style: 'balanced', loudness: 'high', format: 'wav', outDir: path.join(dir, 'clicks') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MasteringError);
    expect((error as Error).message).toMatch(/Could not reach -6 LUFS under a -1 dBTP ceiling: the master reaches -?[\d.]+ LUFS/);
    expect((error as Error).message).toContain('try medium (-9 LUFS)');
  }, 60_000);

  it('masters a FLAC file and the audio track of an MP4 video, each within target and ceiling', async () => {
    const flac = path.join(dir, 'song.flac');
    await runFfmpeg(['-v', 'error', '-i', input, '-c:a', 'flac', '-y', flac]);
    const video = path.join(dir, 'clip.mp4');
    await runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10', '-i', input, '-shortest', '-c:v', 'mpeg4', '-c:a', 'aac', '-b:a', '192k', '-y', video]);
    for (const source of [flac, video]) {
      const r = await masterTrack(source, { style: 'open', loudness: 'medium', format: 'cd', outDir: path.join(dir, path.extname(source).slice(1)) });
      const check = await ebur128(r.files.master);
      expect(Math.abs(check.integratedLufs - LOUDNESS_TARGETS.medium), source).toBeLessThanOrEqual(0.5);
      expect(check.truePeakDbtp, source).toBeLessThanOrEqual(-1);
    }
  }, 60_000);
});

describe('runStyleChain', () => {
  it('gives the same audio split in two halves run in parallel as in one run, across the seam', async () => {
    const frames = 8 * SR;
    const graph = ['volume=6dB', STYLE_CHAINS.warm.eq.filter, STYLE_CHAINS.warm.compression.filter, STYLE_CHAINS.warm.stereo.filter, STYLE_CHAINS.warm.harmonic.filter].join(',');
    const [whole, split] = await Promise.all([runStyleChain(input, SR, frames, graph, { splitFromSeconds: Infinity }), runStyleChain(input, SR, frames, graph, { splitFromSeconds: 0 })]);
    expect(split.length).toBe(whole.length);
    let peak = 0;
    for (const x of whole) peak = Math.max(peak, Math.abs(x));
    expect(peak).toBeGreaterThan(0.1);
    // The seam is at frame frames / 2; compare everywhere, and look at the seam's neighbourhood too.
    let maxDiff = 0;
    let seamDiff = 0;
    for (let i = 0; i < whole.length; i++) {
      const d = Math.abs(whole[i]! - split[i]!);
      maxDiff = Math.max(maxDiff, d);
      if (Math.abs(i / 2 - frames / 2) < SR / 10) seamDiff = Math.max(seamDiff, d);
    }
    // Float rounding only (−120 dBFS): the halves carry the same filter state at the seam. A 20 ms
    // overlap instead of 3 s differs by about 1e-2 here.
    expect(maxDiff).toBeLessThan(1e-6);
    expect(seamDiff).toBeLessThan(1e-6);
  }, 60_000);
});

describe('softClip', () => {
  it('leaves samples under the knee alone, keeps every sample under its limit, and measures what it took', () => {
    const input = new Float32Array([0.1, -0.3, 0.5, -0.9, 2, -4, 0]);
    const out = new Float32Array(input.length);
    const knee = 0.5;
    const limit = 0.8;
    const measured = softClip(input, out, 1, knee, limit);
    expect(Array.from(out.subarray(0, 3))).toEqual(Array.from(input.subarray(0, 3)));
    for (let i = 3; i < 6; i++) {
      expect(Math.abs(out[i]!)).toBeLessThan(limit);
      expect(Math.abs(out[i]!)).toBeGreaterThan(knee);
      expect(Math.sign(out[i]!)).toBe(Math.sign(input[i]!));
    }
    // The loudest sample (4) lost the most: 20·log10(4 / |out|).
    expect(measured.peakReductionDb).toBeCloseTo(20 * Math.log10(4 / Math.abs(out[5]!)), 4);
    let inPower = 0;
    let outPower = 0;
    for (let i = 0; i < input.length; i++) {
      inPower += input[i]! ** 2;
      outPower += out[i]! ** 2;
    }
    expect(measured.powerReductionDb).toBeCloseTo(10 * Math.log10(inPower / outPower), 4);
    expect(measured.clippedShare).toBeCloseTo(3 / 7, 6);
  });
});

describe('edgePeaks', () => {
  it("finds the overshoot of a track that starts loud, which the interpolator's taps do not reach", () => {
    // Full-scale alternation from the first sample: against the silence before it, it rings over.
    const frames = 4096;
    const pcm = new Float32Array(frames * 2);
    for (let n = 0; n < frames; n++) pcm[2 * n] = pcm[2 * n + 1] = (n % 4 < 2 ? 1 : -1) * 0.5;
    const framePeak = new Float32Array(frames);
    stereoFramePeaks(pcm, 0, frames, framePeak);
    const inner = framePeak[0]!;
    const peak = edgePeaks(pcm, framePeak);
    expect(framePeak[0]).toBeGreaterThan(inner);
    expect(Math.max(...framePeak.subarray(0, 64), ...framePeak.subarray(frames - 64))).toBe(peak);
    // In the middle the interpolator saw it all: nothing changes there.
    const middle = new Float32Array(frames);
    stereoFramePeaks(pcm, 0, frames, middle);
    for (let n = 64; n < frames - 64; n++) expect(framePeak[n]).toBe(middle[n]);
  });
});

describe('LookAheadLimiter', () => {
  it('keeps every true peak under its ceiling, and its loudness estimate tracks the measured output', async () => {
    const source = music({ seconds: 20, sampleRate: SR, seed: 9, level: -20 });
    const pcm = sharedFloat32(source.length);
    pcm.set(source);
    const framePower = new Float32Array(pcm.length / 2);
    const before = measureLoudness(pcm, SR, 2, { framePower });
    const framePeak = new Float32Array(framePower.length);
    stereoFramePeaks(pcm, 0, framePeak.length, framePeak);
    const limiter = new LookAheadLimiter(pcm, framePower, framePeak, SR, Math.round(0.005 * SR), 0.08 * SR);
    for (const gainDb of [10, 20, 30]) {
      const estimate = limiter.estimateLoudness(gainDb, -2);
      const measured = measureLoudness(await limiter.run(gainDb, -2), SR, 2);
      expect(measured.truePeakDbtp, `${gainDb} dB`).toBeLessThanOrEqual(-2 + 0.05);
      expect(Math.abs(estimate - measured.integratedLufs), `${gainDb} dB`).toBeLessThan(0.05);
      // It limits: louder than the input, but by less than the gain once it works.
      expect(measured.integratedLufs).toBeGreaterThan(before.integratedLufs);
      if (gainDb === 30) expect(measured.integratedLufs).toBeLessThan(before.integratedLufs + gainDb - 3);
    }
  });

  it('limits the later half on the worker, from a warmed-up release, as one run over the whole track would', async () => {
    const source = music({ seconds: 40, sampleRate: SR, seed: 12, level: -20 });
    const pcm = sharedFloat32(source.length);
    pcm.set(source);
    const frames = pcm.length / 2;
    const framePower = new Float32Array(frames);
    measureLoudness(pcm, SR, 2, { framePower });
    const framePeak = sharedFloat32(frames);
    stereoFramePeaks(pcm, 0, frames, framePeak);
    const envelope = { peaks: framePeak, attack: Math.round(0.005 * SR), release: 0.08 * SR };
    const limiter = new LookAheadLimiter(pcm, framePower, framePeak, SR, envelope.attack, envelope.release);
    const shared = (await limiter.run(25, -2)).slice();
    const whole = new Float32Array(pcm.length);
    const gain = shapeGain(envelope, 25, -2, 0, frames, envelopeScratch(frames + envelope.attack, (length) => new Float32Array(length)));
    limitFrames(pcm, whole, gain, 0, frames);
    let worst = 0;
    for (let i = 0; i < whole.length; i++) worst = Math.max(worst, Math.abs(shared[i]! - whole[i]!));
    expect(worst).toBeLessThan(1e-6);
    // It did limit: 25 dB of gain brings most of the track to the ceiling.
    expect(measureLoudness(shared, SR, 2).truePeakDbtp).toBeLessThanOrEqual(-2 + 0.05);
  });

  it('limits any range by itself, from a warmed-up release, and the input in place block by block, as a run over the whole track does', async () => {
    const pcm = music({ seconds: 40, sampleRate: SR, seed: 13, level: -20 });
    const frames = pcm.length / 2;
    const framePower = new Float32Array(frames);
    measureLoudness(pcm, SR, 2, { framePower });
    const framePeak = new Float32Array(frames);
    stereoFramePeaks(pcm, 0, frames, framePeak);
    const limiter = new LookAheadLimiter(pcm, framePower, framePeak, SR, Math.round(0.005 * SR), 0.08 * SR, (length) => new Float32Array(length));
    const whole = (await limiter.run(25, -2)).slice();
    const worstOff = (a: Float32Array, b: Float32Array): number => a.reduce((worst, x, i) => Math.max(worst, Math.abs(x - b[i]!)), 0);
    const middle = { from: Math.floor(frames / 2), to: Math.floor(frames / 2) + SR };
    const range = limiter.limitInto(25, -2, middle.from, middle.to, new Float32Array(2 * SR));
    expect(worstOff(range, whole.subarray(2 * middle.from, 2 * middle.to))).toBeLessThan(1e-6);
    const expectedReductionDb = limiter.measureGainReduction(25).peakDb;
    // Blocks of 7 s: a track of 40 s is limited in six, most of them starting mid-track.
    const reductionDb = limiter.limitInPlace(25, -2, new Float32Array(2 * 7 * SR));
    expect(worstOff(pcm, whole)).toBeLessThan(1e-6);
    expect(reductionDb).toBeGreaterThan(3);
    expect(reductionDb).toBeCloseTo(expectedReductionDb, 3);
  });
});
