// The Chromaprint fingerprint AcoustID looks up, computed by Chromaprint's own `fpcalc` (Debian's
// libchromaprint-tools; FPCALC names another binary). AcoustID compares fingerprints made by the
// same algorithm and defaults as the ones it holds, which GOOSE's own fingerprint (infra/audio/
// fingerprint.ts) is not, so the reference tool computes it: `fpcalc -json <file>` decodes the file
// with FFmpeg and prints the whole file's duration and the compressed fingerprint of its first 120 s.
import { execFile } from 'node:child_process';
import { z } from 'zod';

/** A recording's Chromaprint fingerprint as AcoustID's lookup takes it. */
export interface Chromaprint {
  /** The compressed, base64url fingerprint fpcalc prints. */
  fingerprint: string;
  /** The whole file's duration in seconds, as fpcalc read it. */
  durationSeconds: number;
}

/** fpcalc is not installed (or FPCALC names nothing runnable): no fingerprint can be made on this server. */
export class FpcalcMissingError extends Error {
  constructor(readonly binary: string) {
    super(`the Chromaprint fingerprinter (${binary}) is not installed`);
    this.name = 'FpcalcMissingError';
  }
}

/** fpcalc ran but made no fingerprint of this file (unreadable, no audio, too short). */
export class FingerprintFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FingerprintFailedError';
  }
}

const fpcalcOutput = z.object({ duration: z.number().nonnegative(), fingerprint: z.string().min(1) });

/** A file this long takes fpcalc well under a second; the bound only stops a hung decoder. */
const FPCALC_TIMEOUT_MS = 120_000;

/** The fpcalc binary: `binary` when given, else FPCALC, else `fpcalc` on PATH. */
export function fpcalcBinary(binary?: string, env: NodeJS.ProcessEnv = process.env): string {
  return binary ?? (env.FPCALC?.trim() || 'fpcalc');
}

/** Runs `fpcalc -json` on the file. */
export function chromaprint(file: string, binary = fpcalcBinary()): Promise<Chromaprint> {
  return new Promise((resolve, reject) => {
    execFile(binary, ['-json', file], { timeout: FPCALC_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new FpcalcMissingError(binary));
      if (error && (error as NodeJS.ErrnoException).code === 'EACCES') return reject(new FpcalcMissingError(binary));
      // fpcalc 1.5 exits with 3 when FFmpeg reported a decoding error, which it does at the end of
      // many ordinary files, after printing a good fingerprint: the output decides, not the code.
      const parsed = parseOutput(stdout);
      if (parsed) return resolve(parsed);
      const said = stderr.trim().split('\n').filter(Boolean).at(-1);
      reject(new FingerprintFailedError(`fpcalc made no fingerprint${said ? `: ${said}` : error ? `: ${error.message}` : ''}`));
    });
  });
}

/** fpcalc's version line, or null when it cannot be run: what a process checks once at start. */
export function fpcalcVersion(binary = fpcalcBinary()): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(binary, ['-version'], { timeout: 10_000 }, (error, stdout) => resolve(error ? null : stdout.trim()));
  });
}

function parseOutput(stdout: string): Chromaprint | null {
  try {
    const output = fpcalcOutput.safeParse(JSON.parse(stdout));
    return output.success ? { fingerprint: output.data.fingerprint, durationSeconds: output.data.duration } : null;
  } catch {
    return null;
  }
}
