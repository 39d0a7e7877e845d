// A DSP worker thread's body: runs its share of a measurement over PCM that lives in shared memory,
// or writes a file from it (see parallel-dsp.ts), and answers with the result.
import { parentPort } from 'node:worker_threads';
import { envelopeScratch, limitRange, limitRangeSpan, type EnvelopeScratch } from './gain-envelope';
import { gapPeaks, stereoFramePeaks } from './interpolator';
import type { DspMessage, DspReply } from './parallel-dsp';
import { quantizeRange, writeScaledFloatWav } from './wav-file';

const port = parentPort;
if (!port) throw new Error('dsp-worker.ts runs as a worker thread');

/** limitRange's working memory, kept for the next run (it grows to the longest range asked for). */
let limitScratch: EnvelopeScratch | null = null;

port.on('message', (task: DspMessage) => {
  let reply: DspReply;
  try {
    if (task.op === 'gapPeaks') {
      reply = { id: task.id, value: gapPeaks(task.pcm, task.channels, task.first, task.end) };
    } else if (task.op === 'limit') {
      const span = limitRangeSpan(task);
      if (!limitScratch || limitScratch.needed.length < span) limitScratch = envelopeScratch(span, (length) => new Float32Array(length));
      limitRange(task, limitScratch);
      reply = { id: task.id, value: 0 };
    } else if (task.op === 'quantize') {
      quantizeRange(task.pcm, task.codec, task.seed, task.from, task.to, task.wav);
      reply = { id: task.id, value: 0 };
    } else if (task.op === 'framePeaks') {
      stereoFramePeaks(task.pcm, task.from, task.to, task.out);
      reply = { id: task.id, value: 0 };
    } else {
      writeScaledFloatWav(task.target, task.pcm, task.sampleRate, task.gain);
      reply = { id: task.id, value: 0 };
    }
  } catch (error) {
    reply = { id: task.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true });
