// The render pool: one worker thread per core, each holding the SoundFont (loaded once when the
// thread starts), and one queue of tasks in front of them. A song is the steps of render-song.ts as
// tasks: one part per worker (render-parts.ts shares its notes out), all at once; then the parts
// mixed; then the mix finished beside one task per stem, on whichever workers are free. A song's
// later steps go ahead of the next song's parts, so songs come out in the order they were asked
// for. A song's place in line is known at any time (`position`, and the `queue` event whenever it
// changes) so a workflow can tell the user "3rd in line". The parts' samples stay in files; the
// mix moves between threads as a transferred buffer, never copied. A worker that dies fails only
// the song it was working on; a new one takes its place.
import { EventEmitter } from 'node:events';
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { logger } from '../logger/logger';
import type { NotePlan, RenderedPart } from './render-midi';
import { planParts } from './render-parts';
import { renderWorkerEntry } from './render-worker-entry';
import type { CreationFiles } from './outputs';
import { partsDir, type finishMix, type MixedSong, type RenderProgress, type RenderSongOptions, type SongRender } from './render-song';

const log = logger.child({ module: 'creation-render-pool' });

export type RenderJobOptions = Omit<RenderSongOptions, 'onProgress'>;

type FinishedMix = Awaited<ReturnType<typeof finishMix>>;
type StemFile = CreationFiles['stems'][number];

/** What a worker is sent: one step of a song (see render-song.ts). */
export type WorkerTask =
  | { id: number; kind: 'part'; midi: Uint8Array; plan: NotePlan; index: number; options: RenderJobOptions }
  | { id: number; kind: 'mix'; parts: RenderedPart[]; options: RenderJobOptions }
  | { id: number; kind: 'master'; mixed: MixedSong; midi: Uint8Array; options: RenderJobOptions }
  | { id: number; kind: 'stem'; mixed: Omit<MixedSong, 'mix'>; index: number; options: RenderJobOptions };

/** What a worker answers. */
export type WorkerReply =
  | { ready: true }
  | { id: number; progress: RenderProgress }
  | { id: number; part: RenderedPart }
  | { id: number; mixed: MixedSong }
  | { id: number; master: FinishedMix }
  | { id: number; stem: StemFile }
  | { id: number; error: { message: string; kind: string } };

/** A render failed (an invalid MIDI, a silent render, a file that could not be written). */
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
  /** The worker's entry module; default the bundled render worker (render-worker-entry.ts). */
  workerUrl?: URL;
}

/** A song in the pool. */
interface Song {
  id: number;
  midi: Uint8Array;
  options: RenderJobOptions;
  onProgress: (progress: RenderProgress) => void;
  resolve: (render: SongRender) => void;
  reject: (error: Error) => void;
  /** Each part's share synthesized, 0..1. */
  synthesized: number[];
  parts: (RenderedPart | null)[];
  master: FinishedMix | null;
  stems: (StemFile | null)[];
  started: boolean;
  done: boolean;
}

interface Task {
  song: Song;
  message: WorkerTask;
}

interface Slot {
  worker: Worker;
  running: Task | null;
}

export class RenderPool extends EventEmitter<{ queue: [QueueEvent] }> {
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  /** Songs not yet written or failed, by id. */
  private readonly live = new Map<number, Song>();
  private nextId = 1;
  private closed = false;
  private readonly workerUrl: URL;

  constructor(options: RenderPoolOptions = {}) {
    super();
    this.workerUrl = options.workerUrl ?? renderWorkerEntry();
    const size = options.size ?? availableParallelism();
    for (let i = 0; i < size; i++) this.slots.push(this.startSlot());
  }

  /** Queues a render, its notes shared among the workers; it starts as soon as one is free. */
  render(midi: Uint8Array, options: RenderJobOptions & { onProgress?: (progress: RenderProgress) => void }): RenderJob {
    if (this.closed) throw new Error('The render pool is closed');
    const { onProgress, ...jobOptions } = options;
    const id = this.nextId++;
    let plans: NotePlan[];
    try {
      plans = planParts(midi, this.slots.length);
    } catch (error) {
      const refused = error as Error & { kind?: string };
      return { id, result: Promise.reject(new RenderFailedError(refused.message, refused.kind ?? 'render_failed')), position: () => null };
    }
    const result = new Promise<SongRender>((resolve, reject) => {
      const song: Song = { id, midi, options: jobOptions, onProgress: onProgress ?? (() => undefined), resolve, reject, synthesized: plans.map(() => 0), parts: plans.map(() => null), master: null, stems: [], started: false, done: false };
      this.live.set(id, song);
      for (const [index, plan] of plans.entries()) this.waiting.push({ song, message: { id, kind: 'part', midi, plan, index, options: jobOptions } });
    });
    this.emit('queue', { id, position: this.position(id)! } satisfies QueueEvent);
    this.dispatch();
    return { id, result, position: () => this.position(id) };
  }

  /** 0 while rendering, n when n-th in line, null when the job is unknown or finished. */
  position(id: number): number | null {
    const song = this.live.get(id);
    if (!song) return null;
    return song.started ? 0 : this.notStarted().indexOf(song) + 1;
  }

  /** Songs waiting for a worker. */
  get queued(): number {
    return this.notStarted().length;
  }

  /** Stops the workers; queued and running jobs are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) this.fail(task.song, new Error('The render pool closed before this render started'));
    await Promise.all(
      this.slots.map(async (slot) => {
        const running = slot.running;
        slot.running = null;
        if (running) this.fail(running.song, new Error('The render pool closed during this render'));
        await slot.worker.terminate();
      }),
    );
  }

  /** The songs none of whose tasks has started, in line order. */
  private notStarted(): Song[] {
    return [...new Set(this.waiting.map((task) => task.song))].filter((song) => !song.started);
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
    if ('ready' in reply || !running || reply.id !== running.message.id) return;
    const { song, message } = running;
    if ('progress' in reply) {
      if (song.done) return;
      if (message.kind === 'part') {
        song.synthesized[message.index] = reply.progress.fraction;
        return song.onProgress({ stage: 'synthesize', fraction: song.synthesized.reduce((a, b) => a + b, 0) / song.synthesized.length });
      }
      return song.onProgress(reply.progress);
    }
    slot.running = null;
    slot.worker.unref();
    if (song.done) {
      // A failed song's last running task has answered: nothing writes its part files any more.
      if (!this.slots.some((other) => other.running?.song === song)) void this.removeParts(song);
      return this.dispatch();
    }
    if ('error' in reply) this.fail(song, new RenderFailedError(reply.error.message, reply.error.kind));
    else if ('part' in reply && message.kind === 'part') {
      song.parts[message.index] = reply.part;
      const parts = song.parts.filter((part): part is RenderedPart => part !== null);
      // A song's next steps go first in line, so songs finish in the order they were asked for.
      if (parts.length === song.parts.length) this.waiting.unshift({ song, message: { id: song.id, kind: 'mix', parts, options: song.options } });
    } else if ('mixed' in reply) {
      const { mix: _mix, ...shared } = reply.mixed;
      song.stems = shared.stems.map(() => null);
      this.waiting.unshift(
        { song, message: { id: song.id, kind: 'master', mixed: reply.mixed, midi: song.midi, options: song.options } },
        ...shared.stems.map((_stem, index): Task => ({ song, message: { id: song.id, kind: 'stem', mixed: shared, index, options: song.options } })),
      );
    } else if ('master' in reply) song.master = reply.master;
    else if ('stem' in reply && message.kind === 'stem') {
      song.stems[message.index] = reply.stem;
      song.onProgress({ stage: 'encode', fraction: song.stems.filter(Boolean).length / song.stems.length });
    }
    if (song.master && song.stems.length > 0 && song.stems.every(Boolean)) this.complete(song, song.master);
    this.dispatch();
  }

  private complete(song: Song, master: FinishedMix): void {
    song.done = true;
    this.live.delete(song.id);
    void this.removeParts(song).then(() => song.resolve({ ...master, files: { ...master.files, stems: song.stems as StemFile[] } }));
  }

  /** The parts' sample files, once the song is written or has failed. */
  private async removeParts(song: Song): Promise<void> {
    await rm(partsDir(song.options.outDir), { recursive: true, force: true }).catch((error: unknown) => log.warn({ err: error, job: song.id }, 'could not remove a render’s part files'));
  }

  /** Fails a song once: its waiting tasks leave the line; a task of it still running is ignored when it answers. */
  private fail(song: Song, error: Error): void {
    if (song.done) return;
    song.done = true;
    this.live.delete(song.id);
    for (let i = this.waiting.length - 1; i >= 0; i--) if (this.waiting[i]!.song === song) this.waiting.splice(i, 1);
    // Removed before the song is failed, unless a task of it is still running and writing there.
    if (this.slots.some((slot) => slot.running?.song === song)) song.reject(error);
    else void this.removeParts(song).then(() => song.reject(error));
  }

  /** A dead worker fails its own song only; a new thread takes its place and the queue goes on. */
  private onCrash(slot: Slot, why: string): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    const running = slot.running;
    slot.running = null;
    if (this.closed) return;
    log.error({ why, job: running?.song.id }, 'render worker died; starting another');
    if (running) this.fail(running.song, new RenderWorkerCrashedError(`The render stopped: its worker ${why}`));
    void slot.worker.terminate();
    this.slots[index] = this.startSlot();
    this.dispatch();
  }

  private dispatch(): void {
    const before = new Map(this.notStarted().map((song) => [song.id, this.position(song.id)]));
    for (const slot of this.slots) {
      if (slot.running || this.waiting.length === 0) continue;
      const next = this.waiting.shift()!;
      next.song.started = true;
      slot.running = next;
      slot.worker.ref();
      slot.worker.postMessage(next.message, transferred(next.message));
    }
    for (const [id, position] of before) {
      const now = this.position(id);
      if (now !== null && now !== position) this.emit('queue', { id, position: now } satisfies QueueEvent);
    }
  }
}

/** The mix a task takes over, moved to its worker rather than copied. */
function transferred(task: WorkerTask): ArrayBuffer[] {
  return task.kind === 'master' ? [task.mixed.mix.buffer as ArrayBuffer] : [];
}

