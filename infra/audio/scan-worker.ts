// The descriptor shortlist's scan thread (see descriptor-shortlist.ts): it runs the SIMD scan over
// summaries that live in shared WebAssembly memory and picks the best entries from its scores, so the
// main thread meanwhile decodes the fingerprint postings a check reads at the same time.
import { parentPort } from 'node:worker_threads';
import type { ScanReply, ScanRequest } from './descriptor-shortlist';
import { pickBest } from './shortlist-pick';

const port = parentPort;
if (!port) throw new Error('scan-worker.ts runs as a worker thread');

type Scan = (vec: number, count: number, queries: number, nq: number, out: number) => void;
/** One instance per kernel (its memory), made on the kernel's first scan here. */
const scans = new Map<number, Scan>();

port.on('message', (request: ScanRequest) => {
  let reply: ScanReply;
  try {
    let scan = scans.get(request.kernel);
    if (!scan) {
      scan = new WebAssembly.Instance(request.module, { env: { memory: request.memory } }).exports.scan as Scan;
      scans.set(request.kernel, scan);
    }
    const { vec, count, queries, nq, out } = request.args;
    scan(vec, count, queries, nq, out);
    reply = { id: request.id, picked: pickBest(new Int32Array(request.memory.buffer, out, count), count, request.pick) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true });
