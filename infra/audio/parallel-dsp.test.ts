import { describe, expect, it } from 'vitest';
import { measureLoudness, raiseToGapPeaks } from './loudness';
import { dspWorkerAvailable, measureLoudnessInParallel, raiseToGapPeaksInParallel } from './parallel-dsp';
import { music } from './test-signals';
import { sharedFloat32 } from './typed-bytes';

const SR = 44_100;

function sharedMusic(seconds: number, gain: number): Float32Array {
  const source = music({ seconds, sampleRate: SR, seed: 21 });
  const pcm = sharedFloat32(source.length);
  for (let i = 0; i < source.length; i++) pcm[i] = Math.max(-1, Math.min(1, source[i]! * gain));
  return pcm;
}

function frameMaxOf(pcm: Float32Array): Float32Array {
  const out = sharedFloat32(pcm.length / 2);
  for (let n = 0; n < out.length; n++) out[n] = Math.max(Math.abs(pcm[2 * n]!), Math.abs(pcm[2 * n + 1]!));
  return out;
}

describe('parallel DSP', () => {
  it('starts its worker thread under the test runner, as under the app', async () => {
    expect(await dspWorkerAvailable()).toBe(true);
  });

  it('raises the same frame peaks shared with the worker as on one thread, the seam included', async () => {
    const pcm = sharedMusic(20, 4);
    const frameMax = frameMaxOf(pcm);
    const alone = frameMax.slice();
    const shared = sharedFloat32(frameMax.length);
    shared.set(frameMax);
    raiseToGapPeaks(pcm, frameMax, 0.2, Infinity, alone);
    await raiseToGapPeaksInParallel(pcm, frameMax, 0.2, Infinity, shared);
    let raised = 0;
    for (let n = 0; n < alone.length; n++) if (alone[n]! > frameMax[n]!) raised++;
    expect(raised).toBeGreaterThan(1000);
    expect(Array.from(shared)).toEqual(Array.from(alone));
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
