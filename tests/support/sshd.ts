// A real SFTP server for the delivery tests: OpenSSH's sshd, run as the test's own user on a free
// loopback port with a temporary config (internal-sftp, a generated host key, one authorized client
// key). `stop` ends the server and every session it forked (a partner that goes down); `start`
// brings it back on the same port. Absent sshd: `sshdPath` is null and the tests say "skipped: no sshd".
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DeliveryPartnerConfig } from '../../infra/distribution/partner-config';

export const sshdPath = ['/usr/sbin/sshd', '/usr/local/sbin/sshd'].find((candidate) => existsSync(candidate)) ?? null;

export interface SshdServer {
  port: number;
  username: string;
  /** The client's private key (OpenSSH PEM). */
  privateKey: string;
  /** The folder the tests use as the partner's side; remote paths are absolute on this machine. */
  root: string;
  start(): Promise<void>;
  /** Kills the server and its sessions: an upload under way is cut off. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function listening(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('data', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`sshd did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The processes `pid` forked, and theirs, by process id. */
function descendantsOf(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

export async function startSshd(): Promise<SshdServer> {
  if (!sshdPath) throw new Error('no sshd');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'goose-sshd-'));
  const root = path.join(dir, 'partner');
  await mkdir(root);
  // sshd needs its privilege separation folder even when it runs unprivileged.
  await mkdir('/run/sshd', { recursive: true }).catch(() => undefined);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, 'host_key')]);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, 'client_key')]);
  await writeFile(path.join(dir, 'authorized_keys'), await readFile(path.join(dir, 'client_key.pub')));
  const port = await freePort();
  const username = os.userInfo().username;
  const config = path.join(dir, 'sshd_config');
  await writeFile(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${path.join(dir, 'host_key')}`,
      `PidFile ${path.join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${path.join(dir, 'authorized_keys')}`,
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'StrictModes no',
      'UsePAM no',
      'PermitRootLogin yes',
      `AllowUsers ${username}`,
      'Subsystem sftp internal-sftp',
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  const server: SshdServer = {
    port,
    username,
    privateKey: await readFile(path.join(dir, 'client_key'), 'utf8'),
    root,
    async start() {
      if (child) return;
      child = spawn(sshdPath!, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<never>((_, reject) => child!.once('exit', (code) => reject(new Error(`sshd exited (${code}): ${stderr}`))));
      await Promise.race([listening(port, 10_000), exited]);
    },
    async stop() {
      const running = child;
      if (!running?.pid) return;
      child = null;
      const sessions = descendantsOf(running.pid);
      const gone = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      for (const pid of sessions) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone with its parent
        }
      }
      await gone;
    },
    async close() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** The partner the tests deliver to: this server, with its inbox, acknowledgement and report folders under its root. */
export function partnerConfig(server: SshdServer, overrides: Partial<DeliveryPartnerConfig> = {}): DeliveryPartnerConfig {
  return {
    id: 'acme',
    name: 'Acme Distribution',
    dpid: 'PADPIDA2026112801X',
    sftp: { host: '127.0.0.1', port: server.port, username: server.username, privateKey: server.privateKey, hostKeySha256: null },
    folders: { inbox: path.join(server.root, 'inbox'), acknowledgements: path.join(server.root, 'acks'), reports: path.join(server.root, 'reports'), references: path.join(server.root, 'references') },
    stores: ['spotify', 'beatport'],
    territories: ['Worldwide'],
    ackPollMs: 1_000,
    reportsPollMs: 1_000,
    ...overrides,
  };
}
