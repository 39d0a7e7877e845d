// The render pool: one worker thread per core, each holding the SoundFont (loaded once when the
// thread starts), and one queue in front of them. A job's place in line is known at any time
// (`position`, and the `queue` event whenever it changes) so a workflow can tell the user "3rd in
// line". The mix comes back from a worker as a transferred buffer, so its samples are never copied
// between threads. A worker that dies fails only the job it was running; a new one takes its place.
import { EventEmitter } from 'node:events';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { logger } from '../logger/logger';
import type { RenderProgress, RenderSongOptions, SongRender } from './render-song';

const log = logger.child({ module: 'creation-render-pool' });

export type RenderJobOptions = Omit<RenderSongOptions, 'onProgress'>;

/** What a worker is sent. */
export interface WorkerJob {
  id: number;
  midi: Uint8Array;
  options: RenderJobOptions;
}

/** What a worker answers. */
export type WorkerReply =
  | { ready: true }
  | { id: number; progress: RenderProgress }
  | { id: number; result: Omit<SongRender, 'mix'>; mix: Float32Array }
  | { id: number; error: { message: string; kind: string } };

/** A render failed inside a worker (an invalid MIDI, a silent render, a file that could not be written). */
export class RenderFailedError extends Error {
  constructor(
    message: string,
    readonly kind: string,
  ) {
    super(message);
    this.name = 'RenderFailedError';
  }
}

/** The worker thread running a job died (out of memory, a crash in the synthesizer). */
export class RenderWorkerCrashedError extends Error {
  readonly kind = 'render_worker_crashed' as const;
}

export interface QueueEvent {
  id: number;
  /** 0 while rendering, n when n-th in line. */
  position: number;
}

export interface RenderJob {
  id: number;
  result: Promise<SongRender>;
  /** 0 while rendering, n when n-th in line, null once finished. */
  position(): number | null;
}

export interface RenderPoolOptions {
  /** Worker threads; default one per core. */
  size?: number;
  /** The worker's entry module; default render-worker.mjs beside this file. */
  workerUrl?: URL;
}

interface Queued {
  job: WorkerJob;
  onProgress: (progress: RenderProgress) => void;
  resolve: (render: SongRender) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  running: Queued | null;
}

export class RenderPool extends EventEmitter<{ queue: [QueueEvent] }> {
  private readonly slots: Slot[] = [];
  private readonly waiting: Queued[] = [];
  private nextId = 1;
  private closed = false;
  private readonly workerUrl: URL;

  constructor(options: RenderPoolOptions = {}) {
    super();
    this.workerUrl = options.workerUrl ?? new URL('./render-worker.mjs', import.meta.url);
    const size = options.size ?? availableParallelism();
    for (let i = 0; i < size; i++) this.slots.push(this.startSlot());
  }

  /** Queues a render; it starts as soon as a worker is free. */
  render(midi: Uint8Array, options: RenderJobOptions & { onProgress?: (progress: RenderProgress) => void }): RenderJob {
    if (this.closed) throw new Error('The render pool is closed');
    const { onProgress, ...jobOptions } = options;
    const id = this.nextId++;
    const result = new Promise<SongRender>((resolve, reject) => {
      this.waiting.push({ job: { id, midi, options: jobOptions }, onProgress: onProgress ?? (() => undefined), resolve, reject });
    });
    this.emit('queue', { id, position: this.waiting.length } satisfies QueueEvent);
    this.dispatch();
    return { id, result, position: () => this.position(id) };
  }

  /** 0 while rendering, n when n-th in line, null when the job is unknown or finished. */
  position(id: number): number | null {
    if (this.slots.some((slot) => slot.running?.job.id === id)) return 0;
    const index = this.waiting.findIndex((queued) => queued.job.id === id);
    return index < 0 ? null : index + 1;
  }

  /** Jobs waiting for a worker. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Stops the workers; queued and running jobs are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.waiting.splice(0)) queued.reject(new Error('The render pool closed before this render started'));
    await Promise.all(
      this.slots.map(async (slot) => {
        const running = slot.running;
        slot.running = null;
        running?.reject(new Error('The render pool closed during this render'));
        await slot.worker.terminate();
      }),
    );
  }

  private startSlot(): Slot {
    const worker = new Worker(this.workerUrl);
    const slot: Slot = { worker, running: null };
    worker.unref();
    worker.on('message', (reply: WorkerReply) => this.onReply(slot, reply));
    worker.on('error', (error) => this.onCrash(slot, error.message));
    worker.on('exit', (code) => this.onCrash(slot, `exited with code ${code}`));
    return slot;
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    const running = slot.running;
    if ('ready' in reply || !running || reply.id !== running.job.id) return;
    if ('progress' in reply) return running.onProgress(reply.progress);
    slot.running = null;
    slot.worker.unref();
    if ('error' in reply) running.reject(new RenderFailedError(reply.error.message, reply.error.kind));
    else running.resolve({ ...reply.result, mix: reply.mix });
    this.dispatch();
  }

  /** A dead worker fails its own job only; a new thread takes its place and the queue goes on. */
  private onCrash(slot: Slot, why: string): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    const running = slot.running;
    slot.running = null;
    if (this.closed) return;
    log.error({ why, job: running?.job.id }, 'render worker died; starting another');
    running?.reject(new RenderWorkerCrashedError(`The render stopped: its worker ${why}`));
    void slot.worker.terminate();
    this.slots[index] = this.startSlot();
    this.dispatch();
  }

  private dispatch(): void {
    let moved = false;
    for (const slot of this.slots) {
      if (slot.running || this.waiting.length === 0) continue;
      const next = this.waiting.shift()!;
      slot.running = next;
      slot.worker.ref();
      slot.worker.postMessage(next.job);
      this.emit('queue', { id: next.job.id, position: 0 } satisfies QueueEvent);
      moved = true;
    }
    if (moved) this.waiting.forEach((queued, index) => this.emit('queue', { id: queued.job.id, position: index + 1 } satisfies QueueEvent));
  }
}
