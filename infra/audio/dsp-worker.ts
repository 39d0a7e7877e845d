// The DSP worker thread's body: runs its share of a measurement over PCM that lives in shared
// memory (see parallel-dsp.ts), and answers with the result.
import { parentPort } from 'node:worker_threads';
import { raiseToGapPeaks, truePeakOfGaps } from './loudness';
import type { DspMessage, DspReply } from './parallel-dsp';

const port = parentPort;
if (!port) throw new Error('dsp-worker.ts runs as a worker thread');

port.on('message', (task: DspMessage) => {
  let reply: DspReply;
  try {
    if (task.op === 'truePeak') {
      reply = { id: task.id, value: truePeakOfGaps(task.pcm, task.channels, task.samplePeak, task.first, task.end) };
    } else {
      raiseToGapPeaks(task.pcm, task.frameMax, task.from, task.below, task.framePeak, { first: task.first, end: task.end });
      reply = { id: task.id, value: 0 };
    }
  } catch (error) {
    reply = { id: task.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true });
