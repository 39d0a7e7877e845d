// Sung vocals: Festival's singing mode with the Kal diphone voice sings each lyric line on the
// composer's melody notes, and the lines are placed at their times on one vocal track.
//
// What was measured on Debian's Festival 2.5.0 and written here so:
// - Pitches are given in Hz (FREQ), not as note names: singing mode names notes with A5 = 440 Hz,
//   an octave below the usual MIDI names, so a NOTE="C4" comes out an octave low.
// - Lengths are given in seconds (SECONDS), not beats: singing mode turns BPM into beats per second
//   by dividing by 50, not 60, so beat lengths come out 1/6 short (the "~15 % short" phrases).
//   With seconds, every syllable lands on its note's time (tests: onset within 0.1 s) and no line
//   needs stretching.
// - The Kal voice crashes (SIGSEGV) on pitches above about 500 Hz. Soprano and alto lines are
//   sung an octave lower and moved up by ffmpeg's rubberband, formants up by a fifth as much
//   (a female-sounding shift rather than a chipmunk one); without rubberband they stay an octave low
//   and the song says so.
// - A word's notes must match the syllables Festival finds in it (its lexicon, not ours): a word
//   with more syllables than notes would get syllables with no pitch. Festival is asked each word's
//   syllable count first, and notes are merged (a slur) or split to match.
// - Deterministic: the same XML gives the same bytes.
import { availableParallelism } from 'node:os';
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { VoiceType } from '../../../domain/creation/options';
import { festivalScript, schemeString, type VocalEngines } from './detect';
import { intoRegister, type VocalLine, type VocalNote } from './lines';
import { readMonoWav, voiceFile, writeVoiceTrack, type PlacedSegment } from './voice-track';

const run = promisify(execFile);

/** Festival's Kal voice crashes above about 500 Hz; B4 (494 Hz) was the highest that held. */
export const FESTIVAL_MAX_HZ = 494;
/** Soprano and alto: sung this much lower, then moved up by rubberband. */
const OCTAVE = 2;
/** How much of the octave's shift the formants follow: 1.19 (three semitones), a woman's vocal tract against a man's. */
const FORMANT_SHIFT = 1.19;
const FESTIVAL_TIMEOUT_MS = 300_000;
/** Lines a Festival process sings before the next one starts (about 0.1 s to start one). */
const LINES_PER_PROCESS = 6;

export interface VoiceRender {
  /** The file of the voice: interleaved stereo float at 44.1 kHz, the song's length (`workDir`/vocals.f32). */
  pcmPath: string;
  /** Lines the voice performed, by index; the others could not be made. */
  performed: number[];
  failed: number[];
  /** What was not done as asked, in plain words (a register sung lower), or null. */
  note: string | null;
}

export interface SingOptions {
  engines: VocalEngines;
  voiceType: VoiceType;
  /** The song's length: the vocal track is exactly this long. */
  durationSeconds: number;
  /** Scratch folder for the lines' XML and WAVs. */
  workDir: string;
  /** Share of the lines sung, 0..1. */
  onProgress?: (fraction: number) => void;
}

const midiHz = (pitch: number): number => 440 * 2 ** ((pitch - 69) / 12);

/** The words Festival will read in a lyric word: lower case letters and apostrophes, accents dropped. */
export function festivalWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z']+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => /[a-z]/.test(word));
}

/** Festival's syllable count of each word, from its own lexicon and letter-to-sound rules. */
export async function festivalSyllables(command: string, words: readonly string[], workDir: string): Promise<Map<string, number>> {
  const unique = [...new Set(words)];
  const counts = new Map<string, number>();
  if (unique.length === 0) return counts;
  const script = path.join(workDir, 'syllables.scm');
  await writeFile(script, unique.map((word) => `(format t "%d\\n" (length (car (cddr (lex.lookup ${schemeString(word)} nil)))))`).join('\n') + '\n');
  const { stdout } = await run(command, ['-b', script], { timeout: FESTIVAL_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 });
  const lines = stdout.trim().split('\n');
  unique.forEach((word, i) => counts.set(word, Math.max(1, Number.parseInt(lines[i] ?? '1', 10) || 1)));
  return counts;
}

interface SungSyllable {
  /** Hz and seconds of each note the syllable is sung on (more than one is a slur). */
  freqs: number[];
  seconds: number[];
}

/** `count` syllables over a word's notes: one each, the last one slurred over what is left, or a note shared. */
export function fitSyllables(notes: readonly { hz: number; seconds: number }[], count: number): SungSyllable[] {
  if (notes.length >= count) {
    return Array.from({ length: count }, (_, i) => {
      const mine = i < count - 1 ? [notes[i]!] : notes.slice(i);
      return { freqs: mine.map((note) => note.hz), seconds: mine.map((note) => note.seconds) };
    });
  }
  // Fewer notes than syllables: each note is split evenly among the syllables that fall on it.
  const owner = Array.from({ length: count }, (_, k) => Math.floor((k * notes.length) / count));
  return owner.map((n) => {
    const share = owner.filter((other) => other === n).length;
    return { freqs: [notes[n]!.hz], seconds: [notes[n]!.seconds / share] };
  });
}

const number = (value: number): string => value.toFixed(4).replace(/\.?0+$/, '');

/**
 * One line as Festival's singing XML, times from the line's first note: each syllable lasts until
 * the next one starts within its word; a word's last note is its own length and the gap to the
 * next word is a rest.
 */
export function singingXml(line: VocalLine, hzOf: (note: VocalNote) => number, syllables: ReadonlyMap<string, number>): string {
  const body: string[] = [];
  const words = line.words.filter((word) => word.notes.length > 0);
  words.forEach((word, w) => {
    const nextStart = words[w + 1]?.notes[0]?.start ?? line.end;
    const parts = festivalWords(word.text);
    const timed = word.notes.map((note, i) => {
      const next = word.notes[i + 1];
      const seconds = next ? next.start - note.start : Math.min(note.seconds, nextStart - note.start);
      return { hz: hzOf(note), seconds: Math.max(0.02, seconds) };
    });
    const last = word.notes.at(-1)!;
    const rest = nextStart - (last.start + timed.at(-1)!.seconds);
    if (parts.length === 0) {
      // Nothing Festival can read (digits, symbols): the word's time is a rest.
      body.push(`<REST SECONDS="${number(timed.reduce((sum, note) => sum + note.seconds, 0) + Math.max(0, rest))}"></REST>`);
      return;
    }
    const counts = parts.map((part) => syllables.get(part) ?? 1);
    const fitted = fitSyllables(timed, counts.reduce((a, b) => a + b, 0));
    let at = 0;
    parts.forEach((part, p) => {
      const mine = fitted.slice(at, at + counts[p]!);
      at += counts[p]!;
      const freqs = mine.map((syllable) => syllable.freqs.map(number).join('+')).join(',');
      const seconds = mine.map((syllable) => syllable.seconds.map(number).join('+')).join(',');
      body.push(`<PITCH FREQ="${freqs}"><DURATION SECONDS="${seconds}">${part}</DURATION></PITCH>`);
    });
    if (rest > 0.005) body.push(`<REST SECONDS="${number(rest)}"></REST>`);
  });
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE SINGING PUBLIC "-//SINGING//DTD SINGING mark up//EN" "Singing.v0_1.dtd" []>',
    '<SINGING BPM="60">',
    ...body,
    '</SINGING>',
    '',
  ].join('\n');
}

/** Sings the lines with `command` in one Festival process; a line that crashes it is skipped and the rest go on. */
async function singBatch(command: string, jobs: readonly { index: number; xml: string; wav: string }[], workDir: string, done: (index: number) => void): Promise<number[]> {
  const failed: number[] = [];
  let remaining = [...jobs];
  let attempt = 0;
  while (remaining.length > 0) {
    const script = path.join(workDir, `sing-${remaining[0]!.index}-${attempt++}.scm`);
    await writeFile(script, festivalScript(remaining));
    const finished = await run(command, ['-b', script], { timeout: FESTIVAL_TIMEOUT_MS }).then(
      () => null,
      (error: Error) => error,
    );
    const results = await Promise.all(remaining.map((job) => readMonoWav(job.wav).then(() => true, () => false)));
    const stoppedAt = results.indexOf(false);
    results.forEach((ok, i) => ok && (stoppedAt < 0 || i < stoppedAt) && done(remaining[i]!.index));
    if (stoppedAt < 0) break;
    if (!finished) throw new Error(`Festival ended without singing line ${remaining[stoppedAt]!.index + 1}`);
    failed.push(remaining[stoppedAt]!.index);
    remaining = remaining.slice(stoppedAt + 1);
  }
  return failed;
}

/** The lines sung by Festival on their notes, as one vocal track the song's length. */
export async function singLines(lines: readonly VocalLine[], options: SingOptions): Promise<VoiceRender> {
  const { engines, voiceType } = options;
  if (engines.sung.problem) throw new Error(`No singing voice: ${engines.sung.problem}`);
  const dir = path.join(options.workDir, 'sung');
  await mkdir(dir, { recursive: true });
  const high = voiceType === 'soprano' || voiceType === 'alto';
  const hzOf = (note: VocalNote): number => {
    let hz = midiHz(intoRegister(note.pitch, voiceType)) / (high ? OCTAVE : 1);
    while (hz > FESTIVAL_MAX_HZ) hz /= 2;
    return hz;
  };
  const syllables = await festivalSyllables(engines.sung.command, lines.flatMap((line) => line.words.flatMap((word) => festivalWords(word.text))), dir);
  const jobs = await Promise.all(
    lines.map(async (line) => {
      const xml = path.join(dir, `line-${line.index}.xml`);
      await writeFile(xml, singingXml(line, hzOf, syllables));
      return { index: line.index, xml, wav: path.join(dir, `line-${line.index}.wav`) };
    }),
  );
  // Festival processes side by side, one per core, each taking the next few lines: progress comes
  // as each batch ends, and a slow batch does not hold the others.
  const batches: (typeof jobs)[] = [];
  for (let at = 0; at < jobs.length; at += LINES_PER_PROCESS) batches.push(jobs.slice(at, at + LINES_PER_PROCESS));
  let sung = 0;
  const done = () => options.onProgress?.(++sung / Math.max(1, jobs.length));
  const failed: number[] = [];
  let nextBatch = 0;
  const singer = async (): Promise<void> => {
    while (nextBatch < batches.length) failed.push(...(await singBatch(engines.sung.command, batches[nextBatch++]!, dir, done)));
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), batches.length)) }, singer));

  const segments: PlacedSegment[] = [];
  let sampleRate = 16_000;
  const performed: number[] = [];
  for (const [i, line] of lines.entries()) {
    if (failed.includes(line.index)) continue;
    const wav = await readMonoWav(jobs[i]!.wav);
    sampleRate = wav.sampleRate;
    // A line's release ends where the next line starts.
    segments.push({ start: line.start, samples: wav.samples, cutAt: lines[i + 1]?.start });
    performed.push(line.index);
  }
  const shift = high && engines.registerShift;
  const filters = shift
    ? [`asetrate=${Math.round(sampleRate * FORMANT_SHIFT)}`, `rubberband=tempo=${number(1 / FORMANT_SHIFT)}:pitch=${number(OCTAVE / FORMANT_SHIFT)}:formant=preserved`]
    : [];
  const pcmPath = voiceFile(options.workDir);
  await writeVoiceTrack(segments, sampleRate, options.durationSeconds, pcmPath, filters);
  const note = high && !engines.registerShift ? `The ${voiceType} part is sung an octave below its register: this server cannot raise the singing voice that high.` : null;
  return { pcmPath, performed, failed, note };
}
