import { describe, expect, it } from 'vitest';
import { gapPeaks, interpolatedGaps } from './interpolator';
import { measureLoudness } from './loudness';
import { dspWorkerAvailable, gapPeaksOnWorker, measureLoudnessInParallel } from './parallel-dsp';
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

  it('finds the same peak of every gap on the worker as on this thread', async () => {
    const pcm = sharedMusic(20, 4);
    const frames = pcm.length / 2;
    const { first, end } = interpolatedGaps(frames);
    const alone = new Float32Array(frames);
    const aloneMax = gapPeaks(pcm, 2, first, end, alone);
    const shared = sharedFloat32(frames);
    const sharedMax = await gapPeaksOnWorker(pcm, 2, shared);
    expect(sharedMax).toBe(aloneMax);
    expect(Array.from(shared)).toEqual(Array.from(alone));
    // Every gap in range got its peak.
    expect(shared.subarray(first, end).every((peak) => peak > 0)).toBe(true);
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
});
