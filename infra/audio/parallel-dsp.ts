// The audio engine's second thread. Mastering's heaviest sweeps over PCM in memory (true-peak
// interpolation for the limiter and for the final measurement) are shared between this thread and
// one worker thread: the machine this runs on has two cores, and ffmpeg does not use the second
// one while the limiter works. The PCM sits in SharedArrayBuffers, so nothing is copied; each
// thread takes its own range of frames, and the results are combined here exactly as one sweep
// would give them. Without a worker (it failed to start) or without shared memory, the work runs
// here alone, with the same results.
import { Worker } from 'node:worker_threads';
import { logger } from '../logger/logger';
import { amplitudeToDb, interpolatedGaps, measureLoudness, raiseToGapPeaks, samplePeakOf, truePeakOfGaps, type LoudnessOptions, type LoudnessResult } from './loudness';

interface GapRange {
  first: number;
  end: number;
}

export type DspTask =
  | ({ op: 'truePeak'; pcm: Float32Array; channels: number; samplePeak: number } & GapRange)
  | ({ op: 'gapPeaks'; pcm: Float32Array; frameMax: Float32Array; from: number; below: number; framePeak: Float32Array } & GapRange);
/** A task as posted to the worker: its id pairs it with the reply. */
export type DspMessage = DspTask & { id: number };
export type DspReply = { id: number; value: number } | { id: number; error: string };

const log = logger.child({ module: 'parallel-dsp' });

const isShared = (array: Float32Array): boolean => array.buffer instanceof SharedArrayBuffer;

class DspWorker {
  private readonly worker = new Worker(new URL('./dsp-worker.mjs', import.meta.url));
  private readonly pending = new Map<number, { resolve: (value: number) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  /** Whether it started; `failed` turns true if it dies later. */
  readonly ready: Promise<boolean>;
  failed = false;

  constructor() {
    const { worker } = this;
    // Idle, it must not keep the process alive.
    worker.unref();
    this.ready = new Promise<boolean>((resolve) => {
      worker.once('message', () => resolve(true));
      worker.once('error', (error) => {
        log.warn({ err: error.message }, 'DSP worker unavailable; its share runs on the main thread');
        resolve(false);
      });
    });
    worker.on('message', (reply: DspReply | { ready: true }) => {
      if (!('id' in reply)) return;
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if ('error' in reply) waiter.reject(new Error(`DSP worker: ${reply.error}`));
      else waiter.resolve(reply.value);
    });
    worker.on('error', (error) => {
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
      this.failed = true;
    });
  }

  run(task: DspTask): Promise<number> {
    const id = this.nextId++;
    return new Promise<number>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      const message: DspMessage = { ...task, id };
      this.worker.postMessage(message);
    }).finally(() => {
      if (this.pending.size === 0) this.worker.unref();
    });
  }
}

let shared: DspWorker | null = null;

/** Starts the worker (once per process) so it is ready by the time the work comes. */
export function startDspWorker(): void {
  shared ??= new DspWorker();
}

/** Whether the worker thread started and answers: false means every share runs on this thread. */
export async function dspWorkerAvailable(): Promise<boolean> {
  startDspWorker();
  return (await shared!.ready) && !shared!.failed;
}

/** The worker, when it is up and the arrays are shared; null means: do it all here. */
async function workerFor(...arrays: Float32Array[]): Promise<DspWorker | null> {
  if (!arrays.every(isShared)) return null;
  return (await dspWorkerAvailable()) ? shared : null;
}

/** The gaps split in two at `mid`: the lower part here, the upper part in the worker. */
function splitGaps(frames: number): { lower: GapRange; upper: GapRange } {
  const { first, end } = interpolatedGaps(frames);
  const mid = first + Math.floor((end - first) / 2);
  return { lower: { first, end: mid }, upper: { first: mid, end } };
}

/** raiseToGapPeaks over all gaps, shared with the worker. */
export async function raiseToGapPeaksInParallel(pcm: Float32Array, frameMax: Float32Array, from: number, below: number, framePeak: Float32Array): Promise<void> {
  const worker = await workerFor(pcm, frameMax, framePeak);
  if (!worker) return raiseToGapPeaks(pcm, frameMax, from, below, framePeak);
  const { lower, upper } = splitGaps(frameMax.length);
  // Gap `mid - 1` raises frame `mid`, which the worker's first gap raises too: it is done here
  // once both are finished, so no frame is written by two threads at once.
  const done = worker.run({ op: 'gapPeaks', pcm, frameMax, from, below, framePeak, ...upper });
  raiseToGapPeaks(pcm, frameMax, from, below, framePeak, { first: lower.first, end: Math.max(lower.first, lower.end - 1) });
  await done;
  if (lower.end > lower.first) raiseToGapPeaks(pcm, frameMax, from, below, framePeak, { first: lower.end - 1, end: lower.end });
}

/**
 * measureLoudness with the true peak shared with the worker: it interpolates the upper half of
 * the gaps while this thread K-weights and interpolates the lower half.
 */
export async function measureLoudnessInParallel(pcm: Float32Array, sampleRate: number, channels: number, options: Omit<LoudnessOptions, 'truePeak'> = {}): Promise<LoudnessResult> {
  const worker = await workerFor(pcm);
  if (!worker) return measureLoudness(pcm, sampleRate, channels, options);
  const samplePeak = samplePeakOf(pcm);
  const { lower, upper } = splitGaps(Math.floor(pcm.length / channels));
  const upperPeak = worker.run({ op: 'truePeak', pcm, channels, samplePeak, ...upper });
  const measured = measureLoudness(pcm, sampleRate, channels, { ...options, truePeak: false });
  const lowerPeak = truePeakOfGaps(pcm, channels, samplePeak, lower.first, lower.end);
  return { ...measured, truePeakDbtp: amplitudeToDb(Math.max(lowerPeak, await upperPeak)) };
}
