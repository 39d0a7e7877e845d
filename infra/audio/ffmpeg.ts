// Runs ffmpeg for the audio engine: decoding to raw PCM for the meters and fingerprints, and the
// filter graphs and encoders of mastering.
//
// ffmpeg is looked for as FFMPEG_PATH, then `ffmpeg` on PATH, then the pinned imageio-ffmpeg build
// that `npm start` installs into .tools/ when there is none (infra/toolchain), then the static build
// of the @ffmpeg-installer/ffmpeg npm package (a 2018 build without asoftclip and aexciter, the
// harmonic stage of every mastering style: mastering fails there).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { binaryLocator, type LocatedBinary } from '../media/binary-locator';
import { PINNED_TOOLS } from '../toolchain/pinned-tools';
import { float32FromBytes, sharedFloat32 } from './typed-bytes';

export type FfmpegBinary = LocatedBinary;

/** ffmpeg ran and refused: the message holds the telling lines of its stderr. */
export class FfmpegError extends Error {
  readonly kind = 'ffmpeg_failed' as const;
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

/** Finds ffmpeg once per process. */
export const findFfmpeg = binaryLocator({ name: 'ffmpeg', envVar: 'FFMPEG_PATH', npmPackage: '@ffmpeg-installer/ffmpeg', pinned: PINNED_TOOLS.ffmpeg });

export interface RunOptions {
  /** Default 10 minutes. */
  timeoutMs?: number;
  /** Keep stdout as a Buffer (for raw PCM); otherwise it is discarded. */
  captureStdout?: boolean;
  /** Bytes written to ffmpeg's stdin (read with `-i pipe:0`). */
  stdin?: Uint8Array;
}

export interface RunResult {
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs ffmpeg with `-hide_banner -nostdin -filter_threads 1` and the given arguments; rejects with
 * FfmpegError on a non-zero exit. Audio filters split a frame into slices for threads, and for
 * audio that costs more than it saves: a mastering chain ran 4.7 s with them and 0.9 s without,
 * bit for bit the same. The engine runs ffmpeg processes side by side instead.
 */
export async function runFfmpeg(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const ffmpeg = await findFfmpeg();
  return spawnFfmpeg(ffmpeg, args, options, options.stdin ? Promise.resolve([options.stdin]) : null, process.env);
}

/** An ffmpeg process started before its input is ready (see startFfmpeg). */
export interface StartedFfmpeg {
  /** Writes `input` to its stdin and closes it; resolves or rejects as runFfmpeg does. */
  feed(input: Uint8Array | readonly Uint8Array[]): Promise<RunResult>;
  /** Kills the process, fed or not (feed's promise then rejects); harmless once it has exited. */
  cancel(): void;
}

/**
 * Starts ffmpeg now, reading stdin, and feeds it later. A distribution's ffmpeg links some 200
 * shared libraries and spends about 0.1 s of CPU resolving their symbols before it reads a byte;
 * started while a core idles (LD_BIND_NOW: every symbol resolved at start-up, not on first call),
 * the process has paid that before its input exists. Until fed it only waits on stdin. ffmpeg 5
 * opens its output file only then; ffmpeg 7 and later (the pinned build, infra/toolchain) create it
 * at start, so a process cancelled before it was fed has that empty `outFile` removed before its
 * promise settles.
 */
export function startFfmpeg(args: readonly string[], options: Omit<RunOptions, 'stdin'> & { outFile?: string } = {}): StartedFfmpeg {
  let provide!: (input: readonly Uint8Array[] | null) => void;
  const input = new Promise<readonly Uint8Array[] | null>((resolve) => (provide = resolve));
  const kill = new AbortController();
  const { outFile } = options;
  const spawned = findFfmpeg().then((ffmpeg) => spawnFfmpeg(ffmpeg, args, options, input, { ...process.env, LD_BIND_NOW: '1' }, kill.signal));
  // The input is null when cancel came before feed.
  const result = outFile
    ? spawned.catch(async (error: unknown) => {
        if ((await input) === null) await rm(outFile, { force: true });
        throw error;
      })
    : spawned;
  // Observed through feed; a cancelled process's rejection is nobody's failure.
  result.catch(() => undefined);
  return {
    feed(chunks) {
      provide(chunks instanceof Uint8Array ? [chunks] : chunks);
      return result;
    },
    cancel() {
      provide(null);
      kill.abort();
    },
  };
}

/**
 * Spawns ffmpeg; with `input`, its stdin is a pipe that gets the chunks once they come (null:
 * the process is killed instead).
 */
function spawnFfmpeg(
  ffmpeg: FfmpegBinary,
  args: readonly string[],
  options: Omit<RunOptions, 'stdin'>,
  input: Promise<readonly Uint8Array[] | null> | null,
  env: NodeJS.ProcessEnv,
  kill?: AbortSignal,
): Promise<RunResult> {
  const timeoutMs = options.timeoutMs ?? 600_000;
  return new Promise<RunResult>((resolve, reject) => {
    const child = spawn(ffmpeg.path, ['-hide_banner', '-nostdin', '-filter_threads', '1', ...args], { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'], env });
    const onKill = (): boolean => child.kill('SIGKILL');
    if (kill?.aborted) onKill();
    kill?.addEventListener('abort', onKill, { once: true });
    if (input && child.stdin) {
      const stdin = child.stdin;
      // ffmpeg may exit before reading everything (a bad graph): that shows as its exit code, not EPIPE.
      stdin.on('error', () => undefined);
      void input.then((chunks) => {
        if (!chunks) return child.kill('SIGKILL');
        for (const chunk of chunks) stdin.write(chunk);
        stdin.end();
      });
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let errBytes = 0;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (options.captureStdout) out.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      // ebur128 summaries come at the end; keep the last 4 MB at most.
      err.push(chunk);
      errBytes += chunk.length;
      while (errBytes > 4 * 1024 * 1024 && err.length > 1) errBytes -= err.shift()!.length;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      kill?.removeEventListener('abort', onKill);
      reject(new Error(`ffmpeg (${ffmpeg.path}) failed to run: ${error.message}`, { cause: error }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      kill?.removeEventListener('abort', onKill);
      const stderr = Buffer.concat(err).toString('utf8');
      if (code === 0) return resolve({ stdout: Buffer.concat(out), stderr });
      const why = signal ? `was killed (${signal}${signal === 'SIGKILL' ? `, timeout ${timeoutMs} ms or cancelled` : ''})` : `exited with ${code}`;
      reject(new FfmpegError(`ffmpeg ${why}: ${lastLines(stderr, 3)}`, code, stderr));
    });
  });
}

function lastLines(stderr: string, n: number): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.slice(-n).join(' | ') || 'no message';
}

export interface DecodeOptions {
  sampleRate: number;
  channels: number;
  /** Seconds to skip / keep, for previews and partial analysis. */
  startSeconds?: number;
  durationSeconds?: number;
}

/** Runs a filter graph over interleaved float PCM in memory and returns the filtered PCM. */
export async function filterPcm(pcm: Float32Array, sampleRate: number, channels: number, filters: string): Promise<Float32Array> {
  const raw = ['-f', 'f32le', '-ar', String(sampleRate), '-ac', String(channels)];
  const args = ['-v', 'error', ...raw, '-i', 'pipe:0', '-af', filters, ...raw, '-acodec', 'pcm_f32le', 'pipe:1'];
  const { stdout } = await runFfmpeg(args, { captureStdout: true, stdin: pcmBytes(pcm) });
  return float32FromBytes(stdout);
}

/** Encodes interleaved float PCM to a file with the given output arguments (codec, filters, rate). */
export async function encodePcm(pcm: Float32Array, sampleRate: number, channels: number, outFile: string, outputArgs: readonly string[]): Promise<void> {
  await runFfmpeg(encodeArgs(sampleRate, channels, outFile, outputArgs), { stdin: pcmBytes(pcm) });
}

/** An encoder started before its samples exist (see startFfmpeg). */
export interface StartedEncode {
  encode(pcm: Float32Array): Promise<void>;
  cancel(): void;
}

/** encodePcm, with the process started now and the samples given later. */
export function startEncodePcm(sampleRate: number, channels: number, outFile: string, outputArgs: readonly string[]): StartedEncode {
  const started = startFfmpeg(encodeArgs(sampleRate, channels, outFile, outputArgs), { outFile: path.resolve(outFile) });
  return {
    encode: async (pcm) => void (await started.feed(pcmBytes(pcm))),
    cancel: () => started.cancel(),
  };
}

function encodeArgs(sampleRate: number, channels: number, outFile: string, outputArgs: readonly string[]): string[] {
  return ['-v', 'error', '-f', 'f32le', '-ar', String(sampleRate), '-ac', String(channels), '-i', 'pipe:0', ...outputArgs, '-y', `file:${path.resolve(outFile)}`];
}

const pcmBytes = (pcm: Float32Array): Uint8Array => new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength);

/**
 * Decodes any audio (or the audio of a video) to interleaved 32-bit float PCM, by way of a
 * temporary file (see runToPcmFile).
 */
export async function decodePcm(file: string, options: DecodeOptions): Promise<Float32Array> {
  const args = ['-v', 'error'];
  if (options.startSeconds) args.push('-ss', String(options.startSeconds));
  if (options.durationSeconds) args.push('-t', String(options.durationSeconds));
  args.push('-i', `file:${path.resolve(file)}`, '-vn', '-map', '0:a:0', '-ac', String(options.channels), '-ar', String(options.sampleRate));
  return runToPcmFile(args, readFloat32File);
}

export interface AudioInfo {
  sampleRate: number;
  channels: number;
  /** e.g. s16, s32, flt, fltp; null when ffprobe-less detection failed. */
  sampleFormat: string | null;
  /** Bits per raw sample when the codec states it (wav, flac). */
  bitsPerSample: number | null;
  /** The audio codec's name, e.g. pcm_s16le, flac, mp3, aac. */
  codec: string | null;
  /** PCM, FLAC or ALAC: a bit depth worth keeping. */
  lossless: boolean;
  durationSeconds: number | null;
}

/** Reads the first audio stream's parameters from ffmpeg's own stream line (no ffprobe needed). */
export async function readAudioInfo(file: string): Promise<AudioInfo> {
  let stderr = '';
  try {
    // `-i` alone exits 1 ("At least one output file must be specified") but prints the streams.
    ({ stderr } = await runFfmpeg(['-i', `file:${path.resolve(file)}`]));
  } catch (error) {
    if (!(error instanceof FfmpegError)) throw error;
    stderr = error.stderr;
  }
  const line = stderr.split('\n').find((l) => /Stream #\d+:\d+.*: Audio:/.test(l));
  if (!line) throw new FfmpegError(`No audio stream in ${path.basename(file)}: ${lastLines(stderr, 2)}`, null, stderr);
  const rate = /(\d+) Hz/.exec(line);
  const layout = /Hz, ([^,]+), ([a-z0-9]+)(?: \((\d+) bit\))?/.exec(line);
  const channelsWord = layout?.[1]?.trim() ?? 'stereo';
  const channels = channelsWord === 'mono' ? 1 : channelsWord === 'stereo' ? 2 : Number(/(\d+) channels/.exec(channelsWord)?.[1] ?? 2);
  const fmt = layout?.[2] ?? null;
  const bitsFromCodec = /pcm_[su](\d+)/.exec(line)?.[1] ?? /pcm_f(\d+)/.exec(line)?.[1];
  const bits = layout?.[3] ?? bitsFromCodec;
  const codec = /Audio: ([a-z0-9_]+)/.exec(line)?.[1] ?? null;
  const d = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  return {
    sampleRate: rate ? Number(rate[1]) : 44_100,
    channels,
    sampleFormat: fmt,
    bitsPerSample: bits ? Number(bits) : null,
    codec,
    lossless: codec !== null && /^(pcm_|flac|alac|wavpack)/.test(codec),
    durationSeconds: d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null,
  };
}

export interface DecodeFilteredOptions {
  sampleRate: number;
  channels: number;
  /** The filter graph run on the decoded audio. */
  filters: string;
  /** Where in the input decoding starts (ffmpeg's input seek), seconds. */
  startSeconds?: number;
}

/** ffmpeg input arguments that decode `file` at the rate and channels and run `filters` on float PCM. */
function filteredDecodeArgs(file: string, options: DecodeFilteredOptions): string[] {
  const layout = options.channels === 1 ? 'mono' : options.channels === 2 ? 'stereo' : `${options.channels}c`;
  // Output options convert after the graph; the graph must see the converted audio, so convert first.
  const convert = `aresample=${options.sampleRate},aformat=sample_fmts=flt:channel_layouts=${layout}`;
  const seek = options.startSeconds ? ['-ss', String(options.startSeconds)] : [];
  return ['-v', 'error', ...seek, '-i', `file:${path.resolve(file)}`, '-vn', '-map', '0:a:0', '-ac', String(options.channels), '-ar', String(options.sampleRate), '-af', `${convert},${options.filters}`];
}

/**
 * Runs ffmpeg with `inputArgs` writing raw float PCM to a temporary file, then `read`s that file.
 * Not a pipe: a pipe fills up whenever this thread is busy computing and stalls ffmpeg until it
 * is read, and draining megabytes through 64 KB at a time costs wake-ups of its own.
 */
async function runToPcmFile<T>(inputArgs: readonly string[], read: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'goose-pcm-'));
  try {
    const target = path.join(dir, 'out.f32');
    await runFfmpeg([...inputArgs, '-f', 'f32le', '-acodec', 'pcm_f32le', '-y', `file:${target}`]);
    return await read(target);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Reads raw float PCM into shared memory, so the DSP worker can measure it in place. */
async function readFloat32File(file: string): Promise<Float32Array> {
  const handle = await open(file, 'r');
  try {
    const pcm = sharedFloat32(Math.floor((await handle.stat()).size / 4));
    await readInto(handle, new Uint8Array(pcm.buffer));
    return pcm;
  } finally {
    await handle.close();
  }
}

/** Fills `bytes` from byte `from` of the file on (less at its end); returns the bytes read. */
async function readInto(handle: FileHandle, bytes: Uint8Array, from = 0): Promise<number> {
  let done = 0;
  for (let got = -1; got !== 0 && done < bytes.length; done += got) got = (await handle.read(bytes, done, bytes.length - done, from + done)).bytesRead;
  return done;
}

/**
 * Decodes a file through a filter graph into interleaved float PCM, by way of a temporary file,
 * read straight into `target` from sample `offset` on, at most `limit` samples: no
 * buffer in between, no copy (a long master's PCM is hundreds of megabytes). Returns the samples
 * read.
 */
export async function decodeFilteredInto(file: string, options: DecodeFilteredOptions, target: Float32Array, offset: number, limit: number): Promise<number> {
  return runToPcmFile(filteredDecodeArgs(file, options), async (pcmFile) => {
    const bytes = new Uint8Array(target.buffer, target.byteOffset + offset * 4, Math.min(limit, target.length - offset) * 4);
    const handle = await open(pcmFile, 'r');
    try {
      return Math.floor((await readInto(handle, bytes)) / 4);
    } finally {
      await handle.close();
    }
  });
}

/** A decoder started before its input exists (see startFfmpeg). */
export interface StartedDecode {
  /**
   * Feeds it `input` (the encoded stream, in pieces), then reads the decoded float PCM from sample
   * `skip` on into `target` from sample `offset`, at most `limit` samples; returns the samples read.
   */
  into(input: readonly Uint8Array[], target: Float32Array, offset: number, limit: number, skip?: number): Promise<number>;
  cancel(): void;
}

/**
 * Starts ffmpeg decoding a `format` stream from stdin to interleaved float PCM at the rate and
 * channels, by way of a temporary file (see runToPcmFile).
 */
export function startDecodeInto(format: string, options: { sampleRate: number; channels: number }): StartedDecode {
  const pcmFile = path.join(tmpdir(), `goose-pcm-${randomUUID()}.f32`);
  const started = startFfmpeg(['-v', 'error', '-f', format, '-i', 'pipe:0', '-vn', '-map', '0:a:0', '-ac', String(options.channels), '-ar', String(options.sampleRate), '-f', 'f32le', '-acodec', 'pcm_f32le', '-y', `file:${pcmFile}`], { outFile: pcmFile });
  return {
    async into(input, target, offset, limit, skip = 0) {
      try {
        await started.feed(input);
        const bytes = new Uint8Array(target.buffer, target.byteOffset + offset * 4, Math.min(limit, target.length - offset) * 4);
        const handle = await open(pcmFile, 'r');
        try {
          return Math.floor((await readInto(handle, bytes, skip * 4)) / 4);
        } finally {
          await handle.close();
        }
      } finally {
        await rm(pcmFile, { force: true });
      }
    },
    cancel: () => started.cancel(),
  };
}
