// `npm run bench:upload`: a six-minute 24-bit/96 kHz stereo WAV master (about 207 MB, made on the
// fly) uploaded resumably with tus-js-client in the web's 8 MB parts to the API listening on
// loopback (in this process: the real routes, event store and file storage on PGlite; the track
// workflow's start is recorded, not run). The connection is cut once mid-way and the upload
// resumes. It reports the throughput, that the stored file is byte-identical and that its
// workflow started once, and this process's peak RSS (client and server together) against its RSS
// before the upload: the file is streamed to disk, so the peak stays far below the file's size.
// BENCH_UPLOAD_SECONDS sets the master's length (360). The last line of stdout is one JSON object.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Upload } from 'tus-js-client';
import { RESUMABLE_UPLOAD_CHUNK_BYTES, RESUMABLE_UPLOAD_PATH } from '../../domain/contracts/vault';
import type { TrackLifecycleInput } from '../../workflows/track-lifecycle/shared';
import { masterWavBytes, writeMasterWav } from '../support/master-wav';
import { startTestApp } from '../support/test-app';
import { intFromEnv } from './bench-env';

const SECONDS = intFromEnv('BENCH_UPLOAD_SECONDS', 360);
const MB = 1024 * 1024;

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const peakRssMb = () => process.resourceUsage().maxRSS / 1024;
const rssMb = () => process.memoryUsage().rss / MB;

async function main(): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'goose-bench-upload-'));
  const started: TrackLifecycleInput[] = [];
  const refuse = async (): Promise<never> => {
    throw new Error('the benchmark only uploads');
  };
  const testApp = await startTestApp(path.join(folder, 'data'), {
    start: async (input) => (started.push(input), { workflowId: `track-lifecycle-${input.trackId}` }),
    master: refuse,
    startMaster: refuse,
    check: refuse,
    register: refuse,
    retryRegistration: refuse,
  });
  try {
    const { app, storage } = testApp;
    const master = path.join(folder, 'album-master.wav');
    const size = await writeMasterWav(master, masterWavBytes(SECONDS));
    const expectedSha = await sha256(master);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `bench_${Date.now().toString(36)}`, password: 'a long creator passphrase' } });
    const cookie = `goose_session=${signup.cookies.find((c) => c.name === 'goose_session')!.value}`;
    const endpoint = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${RESUMABLE_UPLOAD_PATH}`;

    global.gc?.();
    const rssBefore = rssMb();
    let cut = false;
    let retries = 0;
    const began = performance.now();
    const uploadUrl = await new Promise<string>((resolve, reject) => {
      const upload: Upload = new Upload(createReadStream(master), {
        endpoint,
        chunkSize: RESUMABLE_UPLOAD_CHUNK_BYTES,
        retryDelays: [0, 200, 1000],
        headers: { cookie },
        metadata: { filename: 'album-master.wav', title: 'Album master', contentType: 'music' },
        onProgress: (sent) => {
          if (!cut && sent > size / 2) {
            cut = true;
            app.server.closeAllConnections();
          }
        },
        onShouldRetry: () => (retries += 1) > 0,
        onSuccess: () => resolve(upload.url!),
        onError: reject,
      });
      upload.start();
    });
    const seconds = (performance.now() - began) / 1000;
    const trackId = uploadUrl.split('/').pop()!;
    const accepted = started.filter((input) => input.trackId === trackId);
    const byteIdentical = accepted.length === 1 && (await sha256(storage.stagingPath(accepted[0]!.stagingName))) === expectedSha;
    const result = {
      fileMB: Number((size / MB).toFixed(1)),
      chunkMB: RESUMABLE_UPLOAD_CHUNK_BYTES / MB,
      seconds: Number(seconds.toFixed(2)),
      mbPerSec: Number((size / MB / seconds).toFixed(1)),
      connectionCut: cut,
      retries,
      byteIdentical,
      workflowStarts: accepted.length,
      rssBeforeMB: Math.round(rssBefore),
      peakRssMB: Math.round(peakRssMb()),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    if (!byteIdentical || accepted.length !== 1 || !cut) process.exitCode = 1;
  } finally {
    await testApp.close();
    await rm(folder, { recursive: true, force: true });
  }
}

await main();
