// stripe-mock (Stripe's official API stand-in, `go install github.com/stripe/stripe-mock@v0.203.0`)
// run per suite on a free port, so the payment tests drive the real Stripe SDK over HTTP. Suites
// skip, saying so in their name, when the binary is not installed.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer, connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** stripe-mock on PATH, else where `go install` puts it; null when it is not installed. */
export function stripeMockBinary(): string | null {
  const candidates = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), path.join(os.homedir(), 'go', 'bin')];
  for (const dir of candidates) {
    const file = path.join(dir, 'stripe-mock');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return null;
}

export interface StripeMock {
  /** http://127.0.0.1:<port>, for STRIPE_API_URL. */
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function startStripeMock(binary: string): Promise<StripeMock> {
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn(binary, ['-http-addr', `127.0.0.1:${httpPort}`, '-https-addr', `127.0.0.1:${httpsPort}`], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // It parses Stripe's whole API description first: about a second alone, many more on a busy
  // machine (two suites starting it at once beside the rest of the run).
  const deadline = Date.now() + 30_000;
  while (!(await accepts(httpPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`stripe-mock did not start on port ${httpPort}`);
    }
    await sleep(50);
  }
  return {
    url: `http://127.0.0.1:${httpPort}`,
    async stop() {
      child.kill();
      await exited;
    },
  };
}
