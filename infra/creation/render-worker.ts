// A render worker thread's body (see render-pool.ts): loads the SoundFont once when it starts, then
// renders one job at a time and answers with the result, the mix's samples moved, not copied.
import { parentPort } from 'node:worker_threads';
import { loadSoundFont } from './soundfont';
import { renderSong } from './render-song';
import type { WorkerReply, WorkerJob } from './render-pool';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread');

const post = (reply: WorkerReply, transfer: ArrayBuffer[] = []): void => port.postMessage(reply, transfer);

port.on('message', (job: WorkerJob) => {
  renderSong(job.midi, { ...job.options, onProgress: (progress) => post({ id: job.id, progress }) }).then(
    ({ mix, ...result }) => post({ id: job.id, result, mix }, [mix.buffer as ArrayBuffer]),
    (error: Error & { kind?: string }) => post({ id: job.id, error: { message: error.message, kind: error.kind ?? 'render_failed' } }),
  );
});

await loadSoundFont();
post({ ready: true });
