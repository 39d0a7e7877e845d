// `npm run master -- <input> --style <s> --loudness <l> --format <f> --out <path>`: masters a file
// with the audio engine and prints the results (the mastering results the API returns, plus the files) as JSON on
// stdout. Progress goes to stderr, one line per step, so stdout stays parseable.
//
// --out is a directory for all outputs, or a .wav/.mp3 file name for the master (the preview,
// pre-limiter master and A/B pair are written beside it).
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { fail, parseCommandLine } from './command-line';
import { MASTER_FORMATS, MASTER_LOUDNESS, MASTER_STYLES, masterTrack, type MasterFormat, type MasterLoudness, type MasterStyle } from '../../infra/audio/mastering';

const USAGE = 'usage: npm run master -- <input> --style warm|balanced|open --loudness low|medium|high --format wav|cd|mp3 --out <dir or file> [--quiet]';

function pick<T extends string>(value: string | undefined, allowed: readonly T[], name: string, fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) fail(`--${name} must be one of ${allowed.join(', ')}\n${USAGE}`, 2);
  return value as T;
}

async function main(): Promise<void> {
  const { input, values } = parseCommandLine(
    {
      style: { type: 'string' },
      loudness: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
    USAGE,
  );
  const style = pick<MasterStyle>(values.style, MASTER_STYLES, 'style', 'balanced');
  const loudness = pick<MasterLoudness>(values.loudness, MASTER_LOUDNESS, 'loudness', 'medium');
  const format = pick<MasterFormat>(values.format, MASTER_FORMATS, 'format', 'wav');
  const out = values.out ?? path.dirname(input);
  const ext = path.extname(out).toLowerCase();
  const outIsFile = ext === '.wav' || ext === '.mp3';
  if (outIsFile && ext !== (format === 'mp3' ? '.mp3' : '.wav')) fail(`--out ${out} does not match --format ${format}`, 2);

  const started = performance.now();
  const result = await masterTrack(input, {
    style,
    loudness,
    format,
    outDir: outIsFile ? path.dirname(out) : out,
    name: outIsFile ? path.basename(out, ext) : undefined,
    onProgress: (e) => {
      if (!values.quiet) process.stderr.write(`${e.progress === 100 ? 'done ' : 'start'} ${e.step}: ${e.description}\n`);
    },
  });
  if (outIsFile) {
    await rename(result.files.master, out);
    result.files.master = out;
  }
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  process.stdout.write(`${JSON.stringify({ ...result, style, loudness, format, seconds }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  fail(`master failed: ${error instanceof Error ? error.message : String(error)}`, 1);
});
