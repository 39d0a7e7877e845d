// The voices for real: Festival sings and eSpeak NG speaks short lines on this machine (the CI
// installs both), measured for pitch, placement and repeatability; a voice whose program is
// missing gives the plain note instead.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSeed, songRequestSchema } from '../../../domain/contracts/creation';
import { composeSong } from '../../../domain/creation/composer';
import { writeLyrics } from '../../../domain/creation/lyrics';
import { randomStream } from '../../../domain/creation/random';
import { decodePcm } from '../../audio/ffmpeg';
import { measureLoudness } from '../../audio/loudness';
import { float32FromBytes } from '../../audio/typed-bytes';
import { residualDb } from '../reference-render';
import { EFFECTS_STEM_NAME, renderMidi } from '../render-midi';
import { renderSong } from '../render-song';
import { testSongMidi } from '../test-midi';
import { detectVocalEngines, type VocalEngines } from './detect';
import type { VocalLine } from './lines';
import { mixVocals, VOCAL_LEVEL_LU, VOCALS_STEM_NAME } from './mix';
import { NO_VOICE_NOTES, performVocals, planVocals, vocalKind } from './perform';
import { SPEAKING_VOICES, speakLines } from './spoken';
import { fitSyllables, singLines, singingXml } from './sung';
import { medianPitch, midiToHz, monoOf, onsetSeconds, semitonesBetween } from './test-pitch';

const SONG_SECONDS = 4;
const LINE_START = 1;
const RATE = 44_100;

/** "hold the night" at 1 s: one note a syllable, the last one long enough to measure. */
function line(pitches: [number, number, number]): VocalLine {
  const [a, b, c] = pitches;
  return {
    index: 0,
    text: 'hold the night',
    start: LINE_START,
    end: LINE_START + 2,
    words: [
      { text: 'hold', notes: [{ start: 1, seconds: 0.5, pitch: a, tick: 0 }] },
      { text: 'the', notes: [{ start: 1.5, seconds: 0.5, pitch: b, tick: 1 }] },
      { text: 'night', notes: [{ start: 2, seconds: 1, pitch: c, tick: 2 }] },
    ],
  };
}

const pcmOf = async (render: { pcmPath: string }): Promise<Float32Array> => float32FromBytes(await readFile(render.pcmPath));

let engines: VocalEngines;
let workDir: string;
beforeAll(async () => {
  engines = await detectVocalEngines();
  workDir = await mkdtemp(path.join(tmpdir(), 'goose-vocals-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('detecting the voices', () => {
  it('finds Festival with the Kal voice and eSpeak NG, naming their versions', () => {
    expect(engines.sung.problem).toBeNull();
    expect(engines.sung.engine).toMatch(/^Festival \d+\.\d+(\.\d+)?, Kal diphone voice/);
    expect(engines.spoken.problem).toBeNull();
    expect(engines.spoken.engine).toMatch(/^eSpeak NG \d+\.\d+/);
  });

  it('reports a missing program, and a song asking for that voice gets the plain note', async () => {
    const missing = await detectVocalEngines({ festival: '/nonexistent/festival', espeak: '/nonexistent/espeak-ng' });
    expect(missing.sung).toMatchObject({ engine: null, problem: expect.stringMatching(/not installed/) });
    expect(missing.spoken).toMatchObject({ engine: null, problem: expect.stringMatching(/not installed/) });
    const sung = await planVocals({ genre: 'Pop' }, missing);
    expect(sung).toMatchObject({ kind: 'sung', engine: null });
    const rapped = await planVocals({ genre: 'Hip-Hop' }, missing);
    expect(rapped).toMatchObject({ kind: 'spoken', engine: null });
    // Plain words for the user: no variable or package names.
    for (const note of Object.values(NO_VOICE_NOTES)) {
      expect(note).toMatch(/Voice Oohs/);
      expect(note).not.toMatch(/[A-Z_]{4,}/);
      expect(note).not.toMatch(/festival|espeak|apt-get/i);
    }
  });

  it('sings every genre but Hip-Hop, which is rapped', () => {
    expect(vocalKind({ genre: 'Hip-Hop' })).toBe('spoken');
    expect(vocalKind({ genre: 'Jazz' })).toBe('sung');
  });
});

describe('fitting notes to the syllables Festival reads', () => {
  const notes = [
    { hz: 220, seconds: 0.5 },
    { hz: 247, seconds: 0.5 },
    { hz: 262, seconds: 1 },
  ];
  it('slurs the extra notes onto the last syllable', () => {
    expect(fitSyllables(notes, 2)).toEqual([
      { freqs: [220], seconds: [0.5] },
      { freqs: [247, 262], seconds: [0.5, 1] },
    ]);
  });
  it('splits a note among the syllables that fall on it', () => {
    expect(fitSyllables(notes.slice(0, 1), 3)).toEqual(Array.from({ length: 3 }, () => ({ freqs: [220], seconds: [0.5 / 3] })));
  });
  it('writes pitch in Hz and lengths in seconds, a rest for a gap', () => {
    const gapped = line([57, 60, 64]);
    gapped.words[1]!.notes[0]!.seconds = 0.25;
    const xml = singingXml(gapped, (note) => midiToHz(note.pitch), new Map([['hold', 1], ['the', 1], ['night', 1]]));
    expect(xml).toContain('<PITCH FREQ="220"><DURATION SECONDS="0.5">hold</DURATION></PITCH>');
    expect(xml).toContain('<PITCH FREQ="261.6256"><DURATION SECONDS="0.25">the</DURATION></PITCH>\n<REST SECONDS="0.25"></REST>');
  });
});

describe('sung vocals (Festival, Kal diphone)', () => {
  const tenorLine = line([55, 57, 60]);
  let first: Awaited<ReturnType<typeof singLines>>;
  let firstPcm: Float32Array;
  beforeAll(async () => {
    first = await singLines([tenorLine], { engines, voiceType: 'tenor', durationSeconds: SONG_SECONDS, workDir: path.join(workDir, 'tenor-1') });
    firstPcm = await pcmOf(first);
  }, 60_000);

  it('sings the held note at its pitch, the line at its time, and nothing before', () => {
    expect(first.performed).toEqual([0]);
    expect(first.failed).toEqual([]);
    expect(first.pcmPath).toBe(path.join(workDir, 'tenor-1', 'vocals.f32'));
    expect(firstPcm.length).toBe(SONG_SECONDS * RATE * 2);
    const mono = monoOf(firstPcm);
    const heard = medianPitch(mono, RATE, 2.3, 2.8);
    expect(heard).not.toBeNull();
    expect(Math.abs(semitonesBetween(heard!, midiToHz(60)))).toBeLessThan(0.5);
    expect(Math.abs(onsetSeconds(mono, RATE)! - LINE_START)).toBeLessThanOrEqual(0.1);
  });

  it('is byte-identical when sung again', async () => {
    const again = await singLines([tenorLine], { engines, voiceType: 'tenor', durationSeconds: SONG_SECONDS, workDir: path.join(workDir, 'tenor-2') });
    expect((await readFile(again.pcmPath)).equals(await readFile(first.pcmPath))).toBe(true);
  }, 60_000);

  it('sings a soprano line in the soprano register, above where the Kal voice breaks', async () => {
    const soprano = await singLines([line([69, 71, 76])], { engines, voiceType: 'soprano', durationSeconds: SONG_SECONDS, workDir: path.join(workDir, 'soprano') });
    const mono = monoOf(await pcmOf(soprano));
    const heard = medianPitch(mono, RATE, 2.3, 2.8);
    // E5, 659 Hz: Festival alone crashes above about 500 Hz.
    expect(Math.abs(semitonesBetween(heard!, midiToHz(76)))).toBeLessThan(0.5);
    expect(Math.abs(onsetSeconds(mono, RATE)! - LINE_START)).toBeLessThanOrEqual(0.1);
    expect(soprano.note).toBeNull();
  }, 60_000);
});

describe('spoken vocals (eSpeak NG)', () => {
  const spokenLine = line([55, 57, 60]);
  let first: Awaited<ReturnType<typeof speakLines>>;
  let firstPcm: Float32Array;
  beforeAll(async () => {
    first = await speakLines([spokenLine], { engines, voiceType: 'tenor', durationSeconds: SONG_SECONDS, workDir: path.join(workDir, 'spoken-1') });
    firstPcm = await pcmOf(first);
  }, 60_000);

  it("speaks the line at its time in the voice type's pitch, within the line's time", () => {
    expect(first.performed).toEqual([0]);
    expect(firstPcm.length).toBe(SONG_SECONDS * RATE * 2);
    const mono = monoOf(firstPcm);
    expect(Math.abs(onsetSeconds(mono, RATE)! - LINE_START)).toBeLessThanOrEqual(0.1);
    const heard = medianPitch(mono, RATE, LINE_START, spokenLine.end);
    // The tenor voice speaks around 123 Hz (measured); a speaking voice glides, so within 3 semitones.
    expect(SPEAKING_VOICES.tenor.voice).toMatch(/\+m/);
    expect(Math.abs(semitonesBetween(heard!, 123))).toBeLessThan(3);
    const after = mono.subarray(Math.round((spokenLine.end + 0.2) * RATE));
    expect(Math.max(...after.map(Math.abs))).toBeLessThan(0.01);
  });

  it('is byte-identical when spoken again', async () => {
    const again = await speakLines([spokenLine], { engines, voiceType: 'tenor', durationSeconds: SONG_SECONDS, workDir: path.join(workDir, 'spoken-2') });
    expect((await readFile(again.pcmPath)).equals(await readFile(first.pcmPath))).toBe(true);
  }, 60_000);
});

describe('the voice in the mix', () => {
  it('is added to the mix 2 LU under the band, and written as the first stem, "Vocals", from the same samples and gain', async () => {
    const { pcmPath } = await singLines([line([55, 57, 60])], { engines, voiceType: 'tenor', durationSeconds: SONG_SECONDS, workDir: path.join(workDir, 'mix') });
    const sung = await pcmOf({ pcmPath });
    const midi = testSongMidi(SONG_SECONDS);

    const band = (await renderMidi(midi, { maxSeconds: SONG_SECONDS })).mix;
    const mix = band.slice();
    const source = await mixVocals(mix, RATE, pcmPath);
    expect(source).toMatchObject({ name: VOCALS_STEM_NAME, files: [pcmPath] });
    const voice = new Float32Array(mix.length);
    for (let i = 0; i < mix.length; i++) voice[i] = mix[i]! - band[i]!;
    const loudness = (pcm: Float32Array) => measureLoudness(pcm, RATE, 2, { loudnessRange: false, truePeak: false }).integratedLufs;
    expect(loudness(voice) - loudness(band)).toBeCloseTo(VOCAL_LEVEL_LU, 1);
    const expected = new Float32Array(mix.length);
    expected.set(sung.subarray(0, mix.length));
    expect(residualDb(voice, expected.map((v) => v * source.gain!))).toBeLessThan(-100);

    const outDir = path.join(workDir, 'mixed');
    const song = await renderSong(midi, { outDir, durationSeconds: SONG_SECONDS, mp3: false, vocals: { pcmPath, midiFile: midi } });
    expect(song.files.stems.map((stem) => stem.name)).toEqual([VOCALS_STEM_NAME, 'Piano', 'Bass', 'Strings', 'Lead', 'Drums', EFFECTS_STEM_NAME]);
    const vocals = await decodePcm(path.join(outDir, song.files.stems[0]!.path), { sampleRate: RATE, channels: 2 });
    expect(medianPitch(monoOf(vocals), RATE, 2.3, 2.8)).not.toBeNull();
  }, 60_000);
});

describe('a composed song performed', () => {
  it('sings every placed line into the vocal file and leaves the guide melody out of the MIDI the synthesizer plays', async () => {
    const request = songRequestSchema.parse({ prompt: 'rainy Tokyo nights', duration: 15, includeVocals: true, voiceType: 'bass' });
    const seed = requestSeed(request);
    const sheet = writeLyrics({ prompt: request.prompt, genre: request.genre, mood: request.mood, duration: request.duration, vocalStyle: request.vocalStyle }, randomStream(seed, 'lyrics')).sections;
    const composition = composeSong(request, { seed, lyrics: sheet });
    const plan = await planVocals(request, engines);
    expect(plan).toMatchObject({ kind: 'sung', engine: engines.sung.engine });
    const performed = await performVocals(plan, composition, sheet, { voiceType: request.voiceType, workDir: path.join(workDir, 'song') });
    expect(performed.lines).toBeGreaterThan(0);
    expect(performed).toMatchObject({ failedLines: 0, note: null });
    expect(composition.parts.some((part) => part.sung)).toBe(true);
    expect(performed.renderComposition.parts.some((part) => part.sung)).toBe(false);
    expect(performed.renderComposition.parts.length).toBe(composition.parts.length - 1);
    const voice = await readFile(performed.pcmPath);
    expect(voice.byteLength).toBe(Math.round(composition.durationSeconds * RATE) * 2 * 4);
  }, 60_000);

  it("raps a Hip-Hop song's lines with eSpeak NG", async () => {
    const request = songRequestSchema.parse({ prompt: 'city lights and late trains', genre: 'Hip-Hop', duration: 15, includeVocals: true, voiceType: 'tenor' });
    const seed = requestSeed(request);
    const sheet = writeLyrics({ prompt: request.prompt, genre: request.genre, mood: request.mood, duration: request.duration, vocalStyle: request.vocalStyle }, randomStream(seed, 'lyrics')).sections;
    const composition = composeSong(request, { seed, lyrics: sheet });
    const plan = await planVocals(request, engines);
    expect(plan).toMatchObject({ kind: 'spoken', engine: engines.spoken.engine });
    const performed = await performVocals(plan, composition, sheet, { voiceType: request.voiceType, workDir: path.join(workDir, 'rap') });
    expect(performed.lines).toBeGreaterThan(0);
    expect(performed).toMatchObject({ failedLines: 0, note: null });
    expect(performed.renderComposition.parts.some((part) => part.sung)).toBe(false);
  }, 60_000);
});
