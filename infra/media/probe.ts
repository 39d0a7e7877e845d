// Reads what a stored file really is: container, duration, codec, sample rate, channels and bit
// rate, from ffprobe's JSON output. Documents (txt, pdf, docx) are not media and are not probed.
//
// ffprobe is looked for as FFPROBE_PATH, then `ffprobe` on PATH, then the static build shipped in
// the @ffprobe-installer/ffprobe npm package.
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { binaryLocator, type LocatedBinary } from './binary-locator';
import type { UploadExtension } from '../../domain/constants';

export interface MediaProbe {
  format: string;
  durationSeconds: number | null;
  codec: string | null;
  sampleRate: number | null;
  channels: number | null;
  bitRate: number | null;
}

/** The file is not the media it claims to be. Not worth retrying: the bytes will not change. */
export class UnreadableMediaError extends Error {
  readonly kind = 'unreadable_media' as const;
  constructor(
    /** Human-readable, e.g. "The file is not readable audio: Invalid data found when processing input". */
    readonly reason: string,
    readonly extension: string,
  ) {
    super(reason);
    this.name = 'UnreadableMediaError';
  }
}

type MediaKind = 'audio' | 'video' | 'image' | 'document';

interface Expectation {
  kind: MediaKind;
  /** ffprobe demuxer names that count as this extension (format_name is a comma list). */
  formats?: string[];
  /** Codecs that count, for images (their demuxer is picked by file name, not content). */
  codecs?: string[];
  /** What `format` reports. */
  label: string;
}

const EXPECTATIONS: Record<UploadExtension, Expectation> = {
  mp3: { kind: 'audio', formats: ['mp3'], label: 'mp3' },
  wav: { kind: 'audio', formats: ['wav'], label: 'wav' },
  flac: { kind: 'audio', formats: ['flac'], label: 'flac' },
  aiff: { kind: 'audio', formats: ['aiff'], label: 'aiff' },
  m4a: { kind: 'audio', formats: ['mp4', 'mov', 'm4a'], label: 'm4a' },
  aac: { kind: 'audio', formats: ['aac'], label: 'aac' },
  ogg: { kind: 'audio', formats: ['ogg'], label: 'ogg' },
  opus: { kind: 'audio', formats: ['ogg'], label: 'opus' },
  wma: { kind: 'audio', formats: ['asf'], label: 'wma' },
  mp4: { kind: 'video', formats: ['mp4', 'mov'], label: 'mp4' },
  mov: { kind: 'video', formats: ['mov', 'mp4'], label: 'mov' },
  webm: { kind: 'video', formats: ['webm', 'matroska'], label: 'webm' },
  mkv: { kind: 'video', formats: ['matroska', 'webm'], label: 'mkv' },
  wmv: { kind: 'video', formats: ['asf'], label: 'wmv' },
  jpg: { kind: 'image', codecs: ['mjpeg'], label: 'jpeg' },
  jpeg: { kind: 'image', codecs: ['mjpeg'], label: 'jpeg' },
  png: { kind: 'image', codecs: ['png'], label: 'png' },
  txt: { kind: 'document', label: 'txt' },
  pdf: { kind: 'document', label: 'pdf' },
  docx: { kind: 'document', label: 'docx' },
};

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  bit_rate?: string;
  duration?: string;
  width?: number;
  height?: number;
  nb_read_packets?: string;
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string };
}

export interface ProbeOptions {
  /** The extension the content sniffer detected, i.e. what the file claims to be. */
  extension: UploadExtension;
  mimeType: string;
  /** The file is to be music: a video container must then hold an audio stream. */
  requireAudio?: boolean;
  /** Default 120 s. */
  timeoutMs?: number;
}

export async function probeFile(filePath: string, options: ProbeOptions): Promise<MediaProbe> {
  const expectation = EXPECTATIONS[options.extension];
  if (!expectation) throw new Error(`Unknown upload extension: ${options.extension}`);
  // A missing file is the store's problem, not the content's: let the caller see a plain error.
  await stat(filePath);
  if (expectation.kind === 'document') {
    return { format: expectation.label, durationSeconds: null, codec: null, sampleRate: null, channels: null, bitRate: null };
  }

  const describe = describeKind(expectation.kind, options.mimeType);
  const output = await runFfprobe(filePath, options.timeoutMs ?? 120_000, describe, options.extension);
  const streams = output.streams ?? [];
  const formatNames = (output.format?.format_name ?? '').split(',').filter(Boolean);

  if (expectation.formats && !expectation.formats.some((f) => formatNames.includes(f))) {
    const found = formatNames.length > 0 ? formatNames.join(', ') : 'no known format';
    throw new UnreadableMediaError(`The file is not readable ${describe}: it claims to be ${options.extension} but reads as ${found}`, options.extension);
  }

  const audio = streams.find((s) => s.codec_type === 'audio' && positiveInt(s.sample_rate) !== null && positiveInt(s.channels) !== null);
  const video = streams.find((s) => s.codec_type === 'video' && positiveInt(s.width) !== null && positiveInt(s.height) !== null);

  if (expectation.kind === 'image') {
    if (!video || !expectation.codecs?.includes(video.codec_name ?? '')) {
      throw new UnreadableMediaError(`The file is not a readable ${describe}: no ${expectation.label} picture with a size was found in it`, options.extension);
    }
    return { format: expectation.label, durationSeconds: null, codec: video.codec_name ?? null, sampleRate: null, channels: null, bitRate: null };
  }

  if (expectation.kind === 'audio' && !audio) {
    throw new UnreadableMediaError(`The file is not readable ${describe}: it holds no audio stream with a sample rate and channels`, options.extension);
  }
  if (expectation.kind === 'video' && !video && !audio) {
    throw new UnreadableMediaError(`The file is not readable ${describe}: it holds no video or audio stream`, options.extension);
  }
  if (options.requireAudio && !audio) {
    throw new UnreadableMediaError(`The ${describe} has no audio stream, so it cannot be music: there is nothing in it to play, master or check`, options.extension);
  }

  // Music in a video container is described by its sound, not its pictures.
  const main = expectation.kind === 'video' && !options.requireAudio ? (video ?? audio)! : audio!;
  const duration =
    options.extension === 'aac' && audio
      ? await countedAdtsDuration(filePath, options.timeoutMs ?? 120_000, describe, positiveInt(audio.sample_rate)!)
      : (positiveNumber(output.format?.duration) ?? positiveNumber(main.duration));
  return {
    format: expectation.label,
    durationSeconds: duration,
    codec: main.codec_name ?? null,
    sampleRate: audio ? positiveInt(audio.sample_rate) : null,
    channels: audio ? positiveInt(audio.channels) : null,
    bitRate: positiveInt(main.bit_rate) ?? positiveInt(output.format?.bit_rate),
  };
}

function describeKind(kind: MediaKind, mimeType: string): string {
  const top = mimeType.split('/')[0];
  if (top === 'audio') return 'audio';
  if (top === 'video') return 'video';
  if (top === 'image') return 'image';
  return kind;
}

/**
 * A raw ADTS stream has no index, so ffprobe only estimates its duration from the bit rate (off by
 * several percent). Counting its frames (1024 samples each) is exact and only demuxes.
 */
async function countedAdtsDuration(filePath: string, timeoutMs: number, describe: string, sampleRate: number): Promise<number | null> {
  const counted = await runFfprobe(filePath, timeoutMs, describe, 'aac', ['-count_packets', '-select_streams', 'a:0', '-show_entries', 'stream=nb_read_packets']);
  const packets = positiveInt(counted.streams?.[0]?.nb_read_packets);
  return packets === null ? null : (packets * 1024) / sampleRate;
}

async function runFfprobe(filePath: string, timeoutMs: number, describe: string, extension: string, show = ['-show_format', '-show_streams']): Promise<FfprobeOutput> {
  const ffprobe = await findFfprobe();
  const args = ['-v', 'error', '-print_format', 'json', ...show, `file:${path.resolve(filePath)}`];
  const { stdout, stderr, error } = await new Promise<{ stdout: string; stderr: string; error: (Error & { code?: unknown; killed?: boolean }) | null }>(
    (resolve) => {
      execFile(ffprobe.path, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (err, out, errOut) =>
        resolve({ stdout: out, stderr: errOut, error: err }),
      );
    },
  );
  if (error) {
    // ffprobe could not be run at all (missing, killed by the timeout): that is not about the file.
    if (typeof error.code === 'string' || error.killed) {
      throw new Error(`ffprobe (${ffprobe.path}) failed to run: ${error.message}`, { cause: error });
    }
    throw new UnreadableMediaError(`The file is not readable ${describe}: ${firstProblem(stderr, filePath)}`, extension);
  }
  try {
    return JSON.parse(stdout) as FfprobeOutput;
  } catch (parseError) {
    throw new Error(`ffprobe printed something that is not JSON: ${stdout.slice(0, 200)}`, { cause: parseError });
  }
}

/** The most telling line of ffprobe's complaint, without the (server-side) file path. */
function firstProblem(stderr: string, filePath: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.replaceAll(`file:${path.resolve(filePath)}`, 'file').replaceAll(path.resolve(filePath), 'file').trim())
    .filter(Boolean);
  const last = lines.at(-1);
  if (!last) return 'ffprobe could not read it';
  return last.replace(/^file: /, '').replace(/^\[[^\]]+\]\s*/, '');
}

export type FfprobeBinary = LocatedBinary;

/** Finds ffprobe once per process. */
export const findFfprobe = binaryLocator({ name: 'ffprobe', envVar: 'FFPROBE_PATH', npmPackage: '@ffprobe-installer/ffprobe' });

function positiveNumber(value: string | number | undefined): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

function positiveInt(value: string | number | undefined): number | null {
  const n = positiveNumber(value);
  return n === null ? null : Math.round(n) || null;
}
