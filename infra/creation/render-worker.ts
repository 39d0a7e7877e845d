// A render worker thread's body (see render-pool.ts): loads the SoundFont once when it starts, then
// does one task at a time (a step of a song, render-song.ts) and answers with its result; the mix
// is moved to the pool, not copied.
import { parentPort } from 'node:worker_threads';
import { writeStemFile } from './outputs';
import type { WorkerReply, WorkerTask } from './render-pool';
import { finishMix, mixParts, renderSongPart } from './render-song';
import { loadSoundFont } from './soundfont';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread');

const post = (reply: WorkerReply, transfer: ArrayBuffer[] = []): void => port.postMessage(reply, transfer);

async function run(task: WorkerTask): Promise<void> {
  const { id } = task;
  switch (task.kind) {
    case 'part': {
      const part = await renderSongPart(task.midi, task.plan, task.index, { ...task.options, onProgress: (fraction) => post({ id, progress: { stage: 'synthesize', fraction } }) });
      return post({ id, part });
    }
    case 'mix': {
      const mixed = await mixParts(task.parts, task.options);
      return post({ id, mixed }, [mixed.mix.buffer as ArrayBuffer]);
    }
    case 'master':
      return post({ id, master: await finishMix(task.mixed, task.midi, { ...task.options, onProgress: (progress) => post({ id, progress }) }) });
    case 'stem':
      return post({ id, stem: await writeStemFile(task.index, task.mixed.stems[task.index]!, task.mixed.shaping, task.mixed.sampleRate, task.options.outDir) });
    default:
      throw new Error(`unknown render task ${(task satisfies never as WorkerTask).kind}`);
  }
}

port.on('message', (task: WorkerTask) => {
  run(task).catch((error: Error & { kind?: string }) => post({ id: task.id, error: { message: error.message, kind: error.kind ?? 'render_failed' } }));
});

await loadSoundFont();
post({ ready: true });
