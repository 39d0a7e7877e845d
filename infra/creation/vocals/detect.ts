// Which voices this server has: Festival with the Kal diphone voice sings (its singing mode),
// eSpeak NG speaks, and ffmpeg's rubberband filter moves a sung line up into the soprano and alto
// registers (Festival's voice breaks above about 500 Hz). Each is tried for real once per process,
// a word sung or spoken to a file, not only looked for on the PATH; what is missing is logged for
// the operator, and a song asking for that voice says in plain words what it did instead.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runFfmpeg } from '../../audio/ffmpeg';
import { logger } from '../../logger/logger';

const log = logger.child({ module: 'creation-vocals' });
const run = promisify(execFile);

export interface VocalEngine {
  /** The command run (a name looked up on the PATH, or a path). */
  command: string;
  /** For the provenance record: the program, its version and the voice, e.g. "Festival 2.5.0, Kal diphone voice, singing mode". */
  engine: string | null;
  /** Why it cannot be used, for the operator's log; null when it works. */
  problem: string | null;
}

export interface VocalEngines {
  sung: VocalEngine;
  spoken: VocalEngine;
  /** Whether ffmpeg has the rubberband filter, which sings soprano and alto lines in their own register. */
  registerShift: boolean;
}

export interface DetectOptions {
  /** Default `festival` (the program text2wave runs). */
  festival?: string;
  /** Default `espeak-ng`. */
  espeak?: string;
}

const TRY_TIMEOUT_MS = 20_000;

/** A one-word song in Festival's singing mode: what every sung line is made of. */
const PROBE_XML = `<?xml version="1.0"?>
<!DOCTYPE SINGING PUBLIC "-//SINGING//DTD SINGING mark up//EN" "Singing.v0_1.dtd" []>
<SINGING BPM="60"><PITCH FREQ="220"><DURATION SECONDS="0.3">la</DURATION></PITCH></SINGING>
`;

/** The Scheme that loads the Kal voice and saves each utterance of `xml` into numbered WAVs (shared with sung.ts). */
export function festivalScript(jobs: readonly { xml: string; wav: string }[]): string {
  return [
    '(voice_kal_diphone)',
    '(defvar goose_wav "")',
    '(define (goose_save utt) (wave.save (utt.wave utt) goose_wav (quote riff)))',
    '(set! tts_hooks (list utt.synth goose_save))',
    ...jobs.map(({ xml, wav }) => `(set! goose_wav ${schemeString(wav)})\n(tts_file ${schemeString(xml)} (quote singing))`),
    '',
  ].join('\n');
}

export function schemeString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function failure(error: unknown): string {
  const { code, stderr, message } = error as { code?: string | number; stderr?: string; message?: string };
  if (code === 'ENOENT') return 'not installed (not found on the PATH)';
  const said = (stderr ?? '').trim().split('\n').slice(-2).join(' ');
  return said || message || String(error);
}

async function nonEmpty(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.size > 1000,
    () => false,
  );
}

async function trySinging(command: string, dir: string): Promise<VocalEngine> {
  try {
    const { stdout } = await run(command, ['--version'], { timeout: TRY_TIMEOUT_MS });
    const version = /(\d+\.\d+(?:\.\d+)?)/.exec(stdout)?.[1] ?? 'unknown version';
    const xml = path.join(dir, 'probe.xml');
    const wav = path.join(dir, 'probe-sung.wav');
    const script = path.join(dir, 'probe.scm');
    await writeFile(xml, PROBE_XML);
    await writeFile(script, festivalScript([{ xml, wav }]));
    await run(command, ['-b', script], { timeout: TRY_TIMEOUT_MS });
    if (!(await nonEmpty(wav))) return { command, engine: null, problem: 'Festival ran but sang nothing (is the Kal diphone voice, festvox-kallpc16k, installed?)' };
    return { command, engine: `Festival ${version}, Kal diphone voice (festvox-kallpc16k), singing mode`, problem: null };
  } catch (error) {
    return { command, engine: null, problem: `Festival with the Kal diphone voice: ${failure(error)}` };
  }
}

async function trySpeaking(command: string, dir: string): Promise<VocalEngine> {
  try {
    const { stdout } = await run(command, ['--version'], { timeout: TRY_TIMEOUT_MS });
    const version = /(\d+\.\d+(?:\.\d+)?)/.exec(stdout)?.[1] ?? 'unknown version';
    const wav = path.join(dir, 'probe-spoken.wav');
    await run(command, ['-v', 'en-us', '-w', wav, 'hello'], { timeout: TRY_TIMEOUT_MS });
    if (!(await nonEmpty(wav))) return { command, engine: null, problem: 'eSpeak NG ran but spoke nothing' };
    return { command, engine: `eSpeak NG ${version}`, problem: null };
  } catch (error) {
    return { command, engine: null, problem: `eSpeak NG: ${failure(error)}` };
  }
}

async function hasRubberband(): Promise<boolean> {
  try {
    const { stdout } = await runFfmpeg(['-filters'], { captureStdout: true, timeoutMs: TRY_TIMEOUT_MS });
    return /\srubberband\s/.test(stdout.toString());
  } catch {
    return false;
  }
}

/** Tries each voice now (a word each, about a second in all). */
export async function detectVocalEngines(options: DetectOptions = {}): Promise<VocalEngines> {
  const dir = await mkdtemp(path.join(tmpdir(), 'goose-voices-'));
  try {
    const [sung, spoken, registerShift] = await Promise.all([trySinging(options.festival ?? 'festival', dir), trySpeaking(options.espeak ?? 'espeak-ng', dir), hasRubberband()]);
    return { sung, spoken, registerShift };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let detected: Promise<VocalEngines> | null = null;

/** The voices of this process, tried once and kept; what is missing is logged once for the operator. Never rejects. */
export function vocalEngines(): Promise<VocalEngines> {
  detected ??= detectVocalEngines()
    .catch((error: unknown): VocalEngines => {
      const problem = `the voices could not be tried: ${(error as Error).message}`;
      return { sung: { command: 'festival', engine: null, problem }, spoken: { command: 'espeak-ng', engine: null, problem }, registerShift: false };
    })
    .then((engines) => {
      if (engines.sung.problem) log.warn({ problem: engines.sung.problem, install: 'apt-get install festival festvox-kallpc16k' }, 'sung vocals unavailable: songs with vocals get the melody on an instrument');
      if (engines.spoken.problem) log.warn({ problem: engines.spoken.problem, install: 'apt-get install espeak-ng' }, 'spoken vocals unavailable: rap vocals get the melody on an instrument');
      if (!engines.registerShift) log.warn('ffmpeg has no rubberband filter: soprano and alto lines are sung an octave below their register');
      log.info({ sung: engines.sung.engine, spoken: engines.spoken.engine, registerShift: engines.registerShift }, 'vocal engines');
      return engines;
    });
  return detected;
}
