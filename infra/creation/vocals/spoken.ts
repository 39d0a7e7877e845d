// Spoken vocals (the rap of a Hip-Hop song): eSpeak NG says each lyric line in the voice type's
// voice and pitch, paced to fill the time the melody gives the line, and placed at the line's start.
// eSpeak NG is deterministic: the same text, voice, pitch and speed give the same bytes.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { VoiceType } from '../../../domain/creation/options';
import type { VocalEngines } from './detect';
import type { VocalLine } from './lines';
import type { VoiceRender } from './sung';
import { readMonoWav, voiceFile, writeVoiceTrack, type MonoWav, type PlacedSegment } from './voice-track';

const run = promisify(execFile);

/**
 * eSpeak NG's voice and base pitch (0–99) per voice type; measured median f0 of a spoken line:
 * soprano 249 Hz, alto 192 Hz, tenor 123 Hz, bass 75 Hz.
 */
export const SPEAKING_VOICES: Record<VoiceType, { voice: string; pitch: number }> = {
  soprano: { voice: 'en-us+f3', pitch: 70 },
  alto: { voice: 'en-us+f2', pitch: 50 },
  tenor: { voice: 'en-us+m3', pitch: 60 },
  bass: { voice: 'en-us+m1', pitch: 25 },
};

/** eSpeak NG's default pace, words per minute; the first reading of a line is timed at it. */
const BASE_WPM = 175;
const MIN_WPM = 80;
const MAX_WPM = 450;
/** A line is paced to fill this share of its time, leaving a breath before the next. */
const FILL = 0.9;
const ESPEAK_TIMEOUT_MS = 60_000;

export interface SpeakOptions {
  engines: VocalEngines;
  voiceType: VoiceType;
  durationSeconds: number;
  workDir: string;
  onProgress?: (fraction: number) => void;
}

/** Seconds from the start to the last sample above −50 dBFS: the speech without its trailing silence. */
function spokenSeconds({ samples, sampleRate }: MonoWav): number {
  for (let i = samples.length - 1; i >= 0; i--) if (Math.abs(samples[i]!) > 0.003) return (i + 1) / sampleRate;
  return 0;
}

async function say(command: string, textFile: string, wav: string, voiceType: VoiceType, wpm: number): Promise<MonoWav> {
  const { voice, pitch } = SPEAKING_VOICES[voiceType];
  await run(command, ['-v', voice, '-p', String(pitch), '-s', String(wpm), '-f', textFile, '-w', wav], { timeout: ESPEAK_TIMEOUT_MS });
  return readMonoWav(wav);
}

/** The pace that makes a line read at BASE_WPM in `seconds` fill `target` seconds. */
export function paceFor(seconds: number, target: number): number {
  if (seconds <= 0 || target <= 0) return BASE_WPM;
  return Math.max(MIN_WPM, Math.min(MAX_WPM, Math.round((BASE_WPM * seconds) / target)));
}

/** The lines spoken by eSpeak NG, each paced to its time, as one vocal track the song's length. */
export async function speakLines(lines: readonly VocalLine[], options: SpeakOptions): Promise<VoiceRender> {
  const { engines, voiceType } = options;
  if (engines.spoken.problem) throw new Error(`No speaking voice: ${engines.spoken.problem}`);
  const dir = path.join(options.workDir, 'spoken');
  await mkdir(dir, { recursive: true });
  const spoken = new Map<number, MonoWav>();
  const failed: number[] = [];
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < lines.length) {
      const line = lines[next++]!;
      const textFile = path.join(dir, `line-${line.index}.txt`);
      await writeFile(textFile, `${line.text}\n`);
      try {
        const first = await say(engines.spoken.command, textFile, path.join(dir, `line-${line.index}-timing.wav`), voiceType, BASE_WPM);
        const wpm = paceFor(spokenSeconds(first), (line.end - line.start) * FILL);
        spoken.set(line.index, wpm === BASE_WPM ? first : await say(engines.spoken.command, textFile, path.join(dir, `line-${line.index}.wav`), voiceType, wpm));
      } catch {
        failed.push(line.index);
      }
      options.onProgress?.(++done / lines.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), lines.length)) }, worker));

  const segments: PlacedSegment[] = [];
  const performed: number[] = [];
  let sampleRate = 22_050;
  for (const [i, line] of lines.entries()) {
    const wav = spoken.get(line.index);
    if (!wav) continue;
    sampleRate = wav.sampleRate;
    segments.push({ start: line.start, samples: wav.samples, cutAt: lines[i + 1]?.start });
    performed.push(line.index);
  }
  const pcmPath = voiceFile(options.workDir);
  await writeVoiceTrack(segments, sampleRate, options.durationSeconds, pcmPath);
  return { pcmPath, performed, failed: failed.sort((a, b) => a - b), note: null };
}
