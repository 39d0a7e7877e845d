// The vocal track from the lines a voice made: each line's audio placed at its time on one mono
// timeline at the voice's own rate, then one ffmpeg pass to the song's 44.1 kHz stereo (and through
// any filters the voice type needs), exactly the song's length, into its file.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../../audio/ffmpeg';

export const VOCAL_SAMPLE_RATE = 44_100;

/** Where a voice's track is written in a song's working folder. */
export const voiceFile = (workDir: string): string => path.join(workDir, 'vocals.f32');

export interface MonoWav {
  sampleRate: number;
  samples: Float32Array;
}

/** A 16-bit PCM WAV as Festival and eSpeak NG write them (mono; a second channel is dropped). */
export async function readMonoWav(file: string): Promise<MonoWav> {
  const bytes = await readFile(file);
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') throw new Error(`${file} is not a WAV file`);
  let offset = 12;
  let sampleRate = 0;
  let channels = 1;
  let bits = 16;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      channels = bytes.readUInt16LE(offset + 10);
      sampleRate = bytes.readUInt32LE(offset + 12);
      bits = bytes.readUInt16LE(offset + 22);
    }
    if (id === 'data') {
      if (bits !== 16 || sampleRate === 0) throw new Error(`${file}: expected 16-bit PCM`);
      // Some writers leave the data size at 0 or past the end when they stream; the file's end bounds it.
      const end = size === 0 ? bytes.length : Math.min(bytes.length, offset + 8 + size);
      const frames = Math.floor((end - offset - 8) / (2 * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = bytes.readInt16LE(offset + 8 + i * 2 * channels) / 32768;
      return { sampleRate, samples };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${file} has no audio data`);
}

export interface PlacedSegment {
  /** Seconds from the start of the song. */
  start: number;
  /** Mono, at the timeline's rate. */
  samples: Float32Array;
  /** Cut here (seconds from the song's start) with a short fade, so a line does not run into the next. */
  cutAt?: number;
}

const CUT_FADE_SECONDS = 0.03;

/**
 * The segments on one timeline at `sampleRate`, converted to interleaved stereo float at 44.1 kHz
 * through `filters` (ffmpeg audio filters, applied before the resampling), `seconds` long, written
 * by ffmpeg to `target`: the song-length track (64 MB for 3 minutes) never sits in this thread.
 */
export async function writeVoiceTrack(segments: readonly PlacedSegment[], sampleRate: number, seconds: number, target: string, filters: readonly string[] = []): Promise<void> {
  const timeline = new Float32Array(Math.ceil(seconds * sampleRate));
  for (const segment of segments) {
    const offset = Math.round(segment.start * sampleRate);
    const until = Math.min(timeline.length, segment.cutAt === undefined ? timeline.length : Math.round(segment.cutAt * sampleRate));
    const count = Math.max(0, Math.min(segment.samples.length, until - offset));
    const fade = segment.cutAt === undefined || count < segment.samples.length ? Math.round(CUT_FADE_SECONDS * sampleRate) : 0;
    for (let i = 0; i < count; i++) {
      const left = count - i;
      const gain = fade > 0 && left <= fade ? left / fade : 1;
      timeline[offset + i] = timeline[offset + i]! + segment.samples[i]! * gain;
    }
  }
  const frames = Math.round(seconds * VOCAL_SAMPLE_RATE);
  // Padded with silence, then cut, to exactly the song's frames.
  const graph = [...filters, `aresample=${VOCAL_SAMPLE_RATE}`, 'aformat=sample_fmts=flt:channel_layouts=stereo', `apad=whole_len=${frames}`, `atrim=end_sample=${frames}`].join(',');
  await runFfmpeg(['-y', '-f', 'f32le', '-ar', String(sampleRate), '-ac', '1', '-i', 'pipe:0', '-af', graph, '-f', 'f32le', target], {
    stdin: new Uint8Array(timeline.buffer, timeline.byteOffset, timeline.byteLength),
  });
}
