import { describe, expect, it } from 'vitest';
import { stereoFramePeaks } from './interpolator';
import { measureLoudness } from './loudness';
import { dspWorkerAvailable, measureLoudnessInParallel, quantizeWavInParallel, stereoFramePeaksOnWorker } from './parallel-dsp';
import { music } from './test-signals';
import { sharedFloat32 } from './typed-bytes';

const SR = 44_100;

function sharedMusic(seconds: number, gain: number): Float32Array {
  const source = music({ seconds, sampleRate: SR, seed: 21 });
  const pcm = sharedFloat32(source.length);
  for (let i = 0; i < source.length; i++) pcm[i] = Math.max(-1, Math.min(1, source[i]! * gain));
  return pcm;
}

describe('parallel DSP', () => {
  it('starts its worker thread under the test runner, as under the app', async () => {
    expect(await dspWorkerAvailable()).toBe(true);
  });

  it('finds the same frame peaks on the worker as on this thread, the seam included', async () => {
    const pcm = sharedMusic(20, 4);
    const frames = pcm.length / 2;
    const alone = new Float32Array(frames);
    stereoFramePeaks(pcm, 0, frames, alone);
    const shared = sharedFloat32(frames);
    const split = Math.floor(frames * 0.4);
    const later = stereoFramePeaksOnWorker(pcm, split, frames, shared);
    stereoFramePeaks(pcm, 0, split, shared);
    await later;
    expect(Array.from(shared)).toEqual(Array.from(alone));
    // Inter-sample peaks were found: some frames peak over both of their samples.
    let raised = 0;
    for (let n = 0; n < frames; n++) if (alone[n]! > Math.max(Math.abs(pcm[2 * n]!), Math.abs(pcm[2 * n + 1]!))) raised++;
    expect(raised).toBeGreaterThan(1000);
  });

  it('posts a share to the worker before returning, so it runs while this thread is still busy', async () => {
    expect(await dspWorkerAvailable()).toBe(true);
    const pcm = sharedMusic(5, 9);
    const frames = pcm.length / 2;
    const peaks = sharedFloat32(frames);
    const later = stereoFramePeaksOnWorker(pcm, 0, frames, peaks);
    // This thread never yields here: only a task already posted can fill the shared array.
    const deadline = Date.now() + 30_000;
    while (peaks[frames - 1] === 0 && Date.now() < deadline);
    expect(peaks[frames - 1]).toBeGreaterThan(0);
    await later;
  });

  it('measures the same loudness and true peak as measureLoudness', async () => {
    const pcm = sharedMusic(20, 6);
    const alone = measureLoudness(pcm, SR, 2);
    const parallel = await measureLoudnessInParallel(pcm, SR, 2);
    expect(parallel.truePeakDbtp).toBe(alone.truePeakDbtp);
    expect(parallel.integratedLufs).toBe(alone.integratedLufs);
    expect(parallel.loudnessRangeLu).toBe(alone.loudnessRangeLu);
    // Over the sample peak: the inter-sample peaks were found, not just the samples.
    expect(parallel.truePeakDbtp).toBeGreaterThan(alone.samplePeakDbfs);
  });

  it('gives the same answers for PCM outside shared memory, on this thread alone', async () => {
    const pcm = sharedMusic(10, 3).slice();
    expect((await measureLoudnessInParallel(pcm, SR, 2)).truePeakDbtp).toBe(measureLoudness(pcm, SR, 2).truePeakDbtp);
  });

  it('quantizes to 16-bit with dither the same with the worker as on this thread alone', async () => {
    const pcm = sharedMusic(10, 2);
    const parallel = await quantizeWavInParallel(pcm, SR, 'pcm_s16le', 7);
    const alone = await quantizeWavInParallel(pcm.slice(), SR, 'pcm_s16le', 7);
    expect(Buffer.from(parallel.file).equals(Buffer.from(alone.file))).toBe(true);
    // Dithered, not truncated: within a step and a half of the input, off by a fraction on average.
    const data = new Int16Array(parallel.file.buffer, 44, pcm.length);
    let sumError = 0;
    let worstError = 0;
    let misread = 0;
    let changed = 0;
    for (let i = 0; i < pcm.length; i++) {
      const error = data[i]! - pcm[i]! * 32768;
      worstError = Math.max(worstError, Math.abs(error));
      sumError += error;
      if (parallel.samples[i] !== data[i]! / 32768) misread++;
      if (Math.round(pcm[i]! * 32768) !== data[i]) changed++;
    }
    expect(worstError).toBeLessThan(1.5);
    expect(misread).toBe(0);
    expect(Math.abs(sumError / pcm.length)).toBeLessThan(0.01);
    expect(changed).toBeGreaterThan(pcm.length / 10);
  });
});
