// A real S3-compatible server for the storage tests: SeaweedFS (`weed`, built from the Go module
// proxy by .ci/run) on loopback with a throwaway folder, an S3 identity with access keys, and one
// bucket. One server per suite; stop() and start() again on the same folder and ports stand for an
// object store that is briefly down. Suites skip, saying so in their name, without the binary.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, closeSync, constants, openSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreateBucketCommand, ListBucketsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../infra/config';
import { s3ClientConfig } from '../../infra/storage/s3-storage';

// The SDK's notice that its 2027 releases need Node 22 is for operators (npm start shows it), not test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const ACCESS_KEY = 'goose-test';
const SECRET_KEY = 'goose-test-secret';
const BUCKET = 'goose-test';
const START_TIMEOUT_MS = 60_000;

/** weed on PATH, else where `go install` or `go build -o` puts it; null when it is not installed. */
export function seaweedBinary(): string | null {
  const candidates = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), path.join(os.homedir(), 'go', 'bin')];
  for (const dir of candidates) {
    const file = path.join(dir, 'weed');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return null;
}

export interface SeaweedS3 {
  /** STORAGE_S3_* for the running server. */
  config: StorageConfig;
  /** Stops the server (its files stay). */
  stop(): Promise<void>;
  /** Starts it again on the same folder and ports; resolves once S3 answers. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  close(): Promise<void>;
}

/** A port p such that p and p + 10000 (weed's gRPC port beside each HTTP port) are both free. */
async function freePortPair(taken: Set<number>): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if (taken.has(port) || taken.has(port + 10_000)) continue;
    if ((await isFree(port)) && (await isFree(port + 10_000))) {
      taken.add(port);
      taken.add(port + 10_000);
      return port;
    }
  }
}

async function isFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function startSeaweedS3(binary: string): Promise<SeaweedS3> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'goose-seaweed-'));
  const taken = new Set<number>();
  const [master, volume, filer, s3] = [await freePortPair(taken), await freePortPair(taken), await freePortPair(taken), await freePortPair(taken)];
  const identities = path.join(dir, 's3-identities.json');
  await writeFile(
    identities,
    JSON.stringify({ identities: [{ name: 'goose', credentials: [{ accessKey: ACCESS_KEY, secretKey: SECRET_KEY }], actions: ['Admin', 'Read', 'Write', 'List', 'Tagging'] }] }),
  );
  const config: StorageConfig = {
    endpoint: `http://127.0.0.1:${s3}`,
    bucket: BUCKET,
    region: 'us-east-1',
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    forcePathStyle: true,
  };
  const args = [
    'server',
    `-dir=${path.join(dir, 'data')}`,
    '-ip=127.0.0.1',
    '-ip.bind=127.0.0.1',
    `-master.port=${master}`,
    // Small volumes: the default preallocates for 30 GB ones.
    '-master.volumeSizeLimitMB=64',
    // A lone master elects itself at once on a restart (the default waits 10 s, twice here).
    '-master.electionTimeout=1s',
    `-volume.port=${volume}`,
    '-volume.max=20',
    '-volume.preStopSeconds=0',
    `-filer.port=${filer}`,
    '-s3',
    `-s3.port=${s3}`,
    `-s3.config=${identities}`,
    // Nothing else listening on a fixed port (two suites run side by side), nothing sent out.
    '-s3.port.iceberg=0',
    '-s3.port.lance=0',
    '-master.telemetry=false',
  ];
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    await mkdir(path.join(dir, 'data'), { recursive: true });
    // Its log beside its data, for a failure's post-mortem.
    const log = openSync(path.join(dir, 'weed.log'), 'a');
    const running = spawn(binary, args, { stdio: ['ignore', log, log] });
    closeSync(log);
    child = running;
    // A test process that ends without close() (a crash, a timeout) leaves no server behind.
    const orphanGuard = () => running.kill('SIGKILL');
    process.once('exit', orphanGuard);
    exited = new Promise<void>((resolve) =>
      running.once('exit', () => {
        process.off('exit', orphanGuard);
        resolve();
      }),
    );
    const deadline = Date.now() + START_TIMEOUT_MS;
    const client = new S3Client({ ...s3ClientConfig(config), maxAttempts: 1 });
    try {
      // Ready once S3 answers a signed request, the bucket exists (made on the first start) and
      // takes a write: the first write after a start waits for the filer's lock ring and the
      // master's first volumes (~8 s here), which no test should have to sit out.
      for (;;) {
        if (running.exitCode !== null || Date.now() > deadline) throw new Error(`SeaweedFS did not start its S3 gateway on port ${s3} within ${START_TIMEOUT_MS / 1000} s (log: ${path.join(dir, 'weed.log')})`);
        if (await accepts(s3)) {
          // A request the gateway holds while it waits for the filer is given up on and asked again.
          const briefly = () => ({ abortSignal: AbortSignal.timeout(2_000) });
          const ready = await client
            .send(new ListBucketsCommand({}), briefly())
            .then(async ({ Buckets }) => {
              if (!Buckets?.some((bucket) => bucket.Name === BUCKET)) await client.send(new CreateBucketCommand({ Bucket: BUCKET }), briefly());
              await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'readiness-probe', Body: 'ready' }), briefly());
              return true;
            })
            .catch(() => false);
          if (ready) return;
        }
        await sleep(100);
      }
    } catch (error) {
      running.kill('SIGKILL');
      throw error;
    } finally {
      client.destroy();
    }
  };

  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    child.kill('SIGTERM');
    // It takes its time over a graceful stop; the data is on disk by then all the same.
    const killed = setTimeout(() => child?.kill('SIGKILL'), 1_000);
    await exited;
    clearTimeout(killed);
  };

  await start();
  return {
    config,
    start,
    stop,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
