// `npm run ops -- … --api <app url>` from a journey: through the running server's operator API, with
// the operator token it made under its data directory (the embedded database is the server's alone
// while it runs), as an operator would type it.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** `dataDir`: a journey's own server's data directory, where that server keeps its operator token. */
export async function opsCommand(baseURL: string, args: readonly string[], dataDir?: string): Promise<string> {
  const sharedDataDir = process.env.GOOSE_E2E_DATA_DIR && !process.env.E2E_BASE_URL ? process.env.GOOSE_E2E_DATA_DIR : undefined;
  const serverDataDir = dataDir ?? sharedDataDir;
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'ops', '--', ...args, '--api', baseURL], {
    cwd: repoRoot,
    env: { ...process.env, ...(serverDataDir ? { DATA_DIR: serverDataDir } : {}) },
  });
  return stdout;
}
