// The audio engine's other threads. The machine this runs on has two cores, and ffmpeg does not
// use the second one while the limiter works, so mastering's sweeps over whole tracks in memory
// (the limiter's frame peaks, its full-resolution run, the 16-bit dither, the final true-peak
// measurement and the original's) are shared between this thread and a compute worker; a second
// worker writes the float WAV files. The PCM sits in SharedArrayBuffers, so nothing is copied;
// each thread takes its own range of frames, and the results are those of one sweep (the
// limiter's to float precision, see limiter.ts). Without the workers (they failed to start) or
// without shared memory, the same work runs here alone.
import { Worker } from 'node:worker_threads';
import { logger } from '../logger/logger';
import { envelopeScratch, limitRange, limitRangeSpan, type LimitRange } from './gain-envelope';
import { gapPeaks, interpolatedGaps, stereoFramePeaks } from './interpolator';
import { amplitudeToDb, measureLoudness, type LoudnessOptions, type LoudnessResult } from './loudness';
import type { Scratch } from './scratch';
import { allocateWav, quantizeRange, writeScaledFloatWav, type QuantizedWav, type WavCodec } from './wav-file';

interface GapRange {
  first: number;
  end: number;
}

/**
 * gapPeaks over a range of gaps (the highest magnitude), stereoFramePeaks over a range of frames,
 * quantizeRange over a range of samples, limitRange, or a stereo float WAV written from PCM times
 * a gain.
 */
export type DspTask =
  | ({ op: 'gapPeaks'; pcm: Float32Array; channels: number } & GapRange)
  | { op: 'framePeaks'; pcm: Float32Array; from: number; to: number; out: Float32Array }
  | { op: 'floatWav'; target: string; pcm: Float32Array; sampleRate: number; gain: number }
  | { op: 'quantize'; pcm: Float32Array; codec: WavCodec; seed: number; from: number; to: number; wav: QuantizedWav }
  | ({ op: 'limit' } & LimitRange);
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
  /** True once it answered: tasks can be posted without waiting on `ready`. */
  started = false;
  failed = false;

  constructor() {
    const { worker } = this;
    // Idle, it must not keep the process alive.
    worker.unref();
    this.ready = new Promise<boolean>((resolve) => {
      worker.once('message', () => {
        this.started = true;
        resolve(true);
      });
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

/**
 * Two threads: `compute` takes its share of the sweeps the main thread waits for; `writer` writes
 * files in the background, so a long write never holds up a share.
 */
let workers: { compute: DspWorker; writer: DspWorker } | null = null;

/** Starts the workers (once per process) so they are ready by the time the work comes. */
export function startDspWorker(): void {
  workers ??= { compute: new DspWorker(), writer: new DspWorker() };
}

/** Whether the worker threads started and answer: false means every share runs on this thread. */
export async function dspWorkerAvailable(): Promise<boolean> {
  startDspWorker();
  const { compute, writer } = workers!;
  const [computeReady, writerReady] = await Promise.all([compute.ready, writer.ready]);
  return computeReady && writerReady && !compute.failed && !writer.failed;
}

type Threads = { compute: DspWorker; writer: DspWorker };

/**
 * The workers as far as is known without waiting: both up and the arrays shared (a task posted now
 * starts at once), null to do it all here, undefined while they are still starting.
 */
function workersNow(arrays: readonly Float32Array[]): Threads | null | undefined {
  if (!arrays.every(isShared)) return null;
  if (!workers) return undefined;
  const { compute, writer } = workers;
  if (compute.failed || writer.failed) return null;
  return compute.started && writer.started ? workers : undefined;
}

/** The workers, when they are up and the arrays are shared; null means: do it all here. */
async function workersFor(...arrays: Float32Array[]): Promise<Threads | null> {
  const now = workersNow(arrays);
  if (now !== undefined) return now;
  return (await dspWorkerAvailable()) ? workers : null;
}

/**
 * A share of work for the compute worker, posted before this returns when the workers are known to
 * be up: a caller that goes on to a long stretch of work of its own would otherwise only post it
 * (a few promise ticks later) once that work is done, and the two shares would run one after the
 * other. Without the worker, `here` runs on this thread before this returns.
 */
function onCompute<T>(arrays: readonly Float32Array[], there: (worker: DspWorker) => Promise<T>, here: () => T): Promise<T> {
  const now = workersNow(arrays);
  if (now) return there(now.compute);
  // The executor runs `here` at once and turns a throw into a rejection.
  if (now === null) return new Promise((resolve) => resolve(here()));
  return workersFor(...arrays).then((threads) => (threads ? there(threads.compute) : here()));
}

/**
 * Writes interleaved stereo times `gain` as a 32-bit float WAV on the writer thread (on this one
 * without it), while this thread goes on.
 */
export async function writeFloatWavInBackground(target: string, pcm: Float32Array, sampleRate: number, gain: number): Promise<void> {
  const threads = await workersFor(pcm);
  if (threads) await threads.writer.run({ op: 'floatWav', target, pcm, sampleRate, gain });
  else writeScaledFloatWav(target, pcm, sampleRate, gain);
}

/** The gaps split in two at `mid`: the lower part here, the upper part in the worker. */
function splitGaps(frames: number): { lower: GapRange; upper: GapRange } {
  const { first, end } = interpolatedGaps(frames);
  const mid = first + Math.floor((end - first) / 2);
  return { lower: { first, end: mid }, upper: { first: mid, end } };
}

/**
 * stereoFramePeaks over frames `from` ≤ n < `to`, on the worker (here, before returning, without
 * it): for when this thread has other work meanwhile.
 */
export function stereoFramePeaksOnWorker(pcm: Float32Array, from: number, to: number, out: Float32Array): Promise<void> {
  return onCompute(
    [pcm, out],
    async (worker) => void (await worker.run({ op: 'framePeaks', pcm, from, to, out })),
    () => stereoFramePeaks(pcm, from, to, out),
  );
}

/** limitRange on the worker (here without it), for the later part of a limiter's run. */
export function limitOnWorker(range: LimitRange): Promise<void> {
  return onCompute(
    [range.input, range.out, range.peaks],
    async (worker) => void (await worker.run({ op: 'limit', ...range })),
    () => limitRange(range, envelopeScratch(limitRangeSpan(range), (length) => new Float32Array(length))),
  );
}

/** interSamplePeak on the worker (here, before returning, without it). */
export function interSamplePeakOnWorker(pcm: Float32Array, channels: number): Promise<number> {
  const { first, end } = interpolatedGaps(Math.floor(pcm.length / channels));
  return onCompute(
    [pcm],
    (worker) => worker.run({ op: 'gapPeaks', pcm, channels, first, end }),
    () => gapPeaks(pcm, channels, first, end),
  );
}

/** quantizeWav with the later half of the samples quantized on the worker; buffers from `scratch` when given. */
export async function quantizeWavInParallel(pcm: Float32Array, sampleRate: number, codec: WavCodec, seed: number, scratch?: Scratch): Promise<QuantizedWav> {
  const wav = allocateWav(pcm.length, sampleRate, codec, scratch);
  const half = Math.floor(pcm.length / 2);
  const worker = (await workersFor(pcm))?.compute;
  const later = worker ? worker.run({ op: 'quantize', pcm, codec, seed, from: half, to: pcm.length, wav }) : null;
  quantizeRange(pcm, codec, seed, 0, half, wav);
  if (later) await later;
  else quantizeRange(pcm, codec, seed, half, pcm.length, wav);
  return wav;
}

/**
 * measureLoudness with the true peak shared with the worker: it interpolates the upper half of
 * the gaps while this thread K-weights and interpolates the lower half.
 */
export async function measureLoudnessInParallel(pcm: Float32Array, sampleRate: number, channels: number, options: Omit<LoudnessOptions, 'truePeak'> = {}): Promise<LoudnessResult> {
  const worker = (await workersFor(pcm))?.compute;
  if (!worker) return measureLoudness(pcm, sampleRate, channels, options);
  const { lower, upper } = splitGaps(Math.floor(pcm.length / channels));
  const upperPeak = worker.run({ op: 'gapPeaks', pcm, channels, ...upper });
  const measured = measureLoudness(pcm, sampleRate, channels, { ...options, truePeak: false });
  const lowerPeak = gapPeaks(pcm, channels, lower.first, lower.end);
  return { ...measured, truePeakDbtp: Math.max(measured.samplePeakDbfs, amplitudeToDb(Math.max(lowerPeak, await upperPeak))) };
}
