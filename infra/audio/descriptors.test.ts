import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  alignAcrossTempi,
  alignMelody,
  analysePcm,
  chromagram,
  DESCRIPTOR_SAMPLE_RATE,
  dot,
  harmonicDescriptor,
  melodicDescriptor,
  querySummaries,
  rhythmDescriptor,
  type MelodicDescriptor,
} from './descriptors';
import { filterPcm, runFfmpeg } from './ffmpeg';
import { decodeForFingerprint } from './fingerprint';
import { music, sine, writeWav, type MusicOptions } from './test-signals';

const RATE = DESCRIPTOR_SAMPLE_RATE;

function mono(stereo: Float32Array): Float32Array {
  const out = new Float32Array(stereo.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = (stereo[2 * i]! + stereo[2 * i + 1]!) / 2;
  return out;
}

function piece(options: Omit<MusicOptions, 'sampleRate'>): Float32Array {
  return mono(music({ sampleRate: RATE, level: -9, ...options }));
}

function describePcm(pcm: Float32Array) {
  const analysis = analysePcm(pcm);
  const melodic = melodicDescriptor(analysis);
  return { analysis, melodic, rhythm: rhythmDescriptor(analysis), harmonic: harmonicDescriptor(analysis), summaries: querySummaries(analysis, melodic) };
}

const bestSummary = (query: Float32Array[], reference: MelodicDescriptor): number => Math.max(...query.map((s) => dot(s, reference.summary)));

describe('chroma', () => {
  it('puts a 440 Hz tone in pitch class A', () => {
    const chroma = chromagram(sine({ seconds: 2, sampleRate: RATE, channels: 1, frequency: 440 }));
    const profile = new Float64Array(12);
    for (let f = 0; f < chroma.frames; f++) for (let c = 0; c < 12; c++) profile[c] = profile[c]! + chroma.values[f * 12 + c]!;
    expect(profile.indexOf(Math.max(...profile))).toBe(9);
    expect(profile[9]! / profile.reduce((a, b) => a + b, 0)).toBeGreaterThan(0.8);
  });
});

describe('tempo', () => {
  it.each([108, 120, 132])('tracks %i bpm and beats that far apart', (bpm) => {
    const { rhythm, analysis } = describePcm(piece({ seconds: 20, seed: 3, bpm }));
    expect(rhythm.bpm).toBeGreaterThan(bpm * 0.98);
    expect(rhythm.bpm).toBeLessThan(bpm * 1.02);
    const gaps = Array.from(analysis.beats.subarray(1), (b, i) => b - analysis.beats[i]!);
    const median = gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
    expect((60 * RATE) / 256 / median).toBeCloseTo(bpm, -1);
  });
});

describe('descriptor similarity', () => {
  // Three registered pieces; copies of the first made by re-performing it (the generator's
  // transpose and bpm) and by processing its recording with ffmpeg.
  const originals = [1, 2, 3].map((seed) => describePcm(piece({ seconds: 30, seed })));
  const reference = originals[0]!;

  const performed: [string, MusicOptions, number][] = [
    ['+3 semitones', { seconds: 30, seed: 1, transpose: 3 }, 3],
    ['−2 semitones', { seconds: 30, seed: 1, transpose: -2 }, -2],
    ['tempo −8 % (110 bpm)', { seconds: 30, seed: 1, bpm: 110 }, 0],
    ['tempo +7.5 % (129 bpm)', { seconds: 30, seed: 1, bpm: 129 }, 0],
    ['+4 semitones at 112 bpm', { seconds: 30, seed: 1, transpose: 4, bpm: 112 }, 4],
  ];
  it.each(performed)('finds the piece re-performed %s, at that transposition', (_, options, semitones) => {
    const copy = describePcm(piece(options));
    const alignment = alignMelody(copy.melodic.sequence, reference.melodic.sequence)!;
    expect(alignment.similarity).toBeGreaterThan(0.8);
    expect(alignment.semitones).toBe(semitones);
    expect(bestSummary(copy.summaries, reference.melodic)).toBeGreaterThan(Math.max(...originals.slice(1).map((o) => bestSummary(copy.summaries, o.melodic))));
  });

  const processed: [string, string, number, number][] = [
    ['time-stretched ×1.07', 'atempo=1.07', 0, 1.07],
    ['time-stretched ×0.93', 'atempo=0.93', 0, 0.93],
    ['pitch-shifted +3 semitones', `asetrate=${RATE}*${2 ** (3 / 12)},aresample=${RATE},atempo=${1 / 2 ** (3 / 12)}`, 3, 1],
    ['sped up 5 % (pitch and tempo, like a faster tape)', `asetrate=${RATE}*1.05,aresample=${RATE}`, 1, 1.05],
  ];
  it.each(processed)('finds the recording %s, at that transposition and tempo', async (_, filter, semitones, tempoRatio) => {
    const copy = describePcm(await filterPcm(piece({ seconds: 30, seed: 1 }), RATE, 1, filter));
    const alignment = alignMelody(copy.melodic.sequence, reference.melodic.sequence)!;
    expect(alignment.similarity).toBeGreaterThan(0.8);
    expect(alignment.semitones).toBe(semitones);
    expect(copy.rhythm.bpm / (reference.rhythm.bpm * alignment.beatRatio)).toBeCloseTo(tempoRatio, 1);
  });

  it('keeps different pieces apart, at every transposition and lag', () => {
    const others = [4, 5, 6, 7].map((seed) => describePcm(piece({ seconds: 30, seed })));
    const all = [...originals, ...others];
    const similarities: number[] = [];
    for (let i = 0; i < all.length; i++) {
      for (let j = 0; j < all.length; j++) if (i !== j) similarities.push(alignMelody(all[i]!.melodic.sequence, all[j]!.melodic.sequence)!.similarity);
    }
    expect(similarities).toHaveLength(42);
    expect(Math.max(...similarities)).toBeLessThan(0.55);
  });
});

describe('timed alignment across tempi', () => {
  // A re-performance at another tempo and key: the same notes on another clock, with no beat
  // tracker between the two. The generated piece repeats every 16 beats (8 s at 120 bpm), so it
  // aligns at any repeat.
  const LOOP_SECONDS = 8;
  const original = describePcm(piece({ seconds: 60, seed: 1 }));

  it.each([
    [1.07, 2],
    [0.9, -3],
    [1, 5],
  ])('finds the same music at tempo ratio %f and %i semitones, with where it starts', (ratio, semitones) => {
    const copy = describePcm(piece({ seconds: 60 / ratio, seed: 1, bpm: 120 * ratio, transpose: semitones }));
    const coarse = alignAcrossTempi(copy.melodic.timedSequence, original.melodic.timedSequence)!;
    const fine = alignAcrossTempi(copy.melodic.timedSequence, original.melodic.timedSequence, coarse.tempoRatio)!;
    expect(fine.semitones).toBe(semitones);
    expect(fine.tempoRatio).toBeGreaterThan(ratio * 0.99);
    expect(fine.tempoRatio).toBeLessThan(ratio * 1.01);
    const offFromRepeat = Math.abs(fine.offsetSeconds - LOOP_SECONDS * Math.round(fine.offsetSeconds / LOOP_SECONDS));
    expect(offFromRepeat).toBeLessThan(1);
    expect(fine.similarity).toBeGreaterThan(0.7);
    expect(fine.similarity).toBeGreaterThanOrEqual(coarse.similarity);
  });

  it('aligns another piece in the same style far lower', () => {
    const other = describePcm(piece({ seconds: 60, seed: 2 }));
    const coarse = alignAcrossTempi(other.melodic.timedSequence, original.melodic.timedSequence)!;
    const fine = alignAcrossTempi(other.melodic.timedSequence, original.melodic.timedSequence, coarse.tempoRatio)!;
    expect(fine.similarity).toBeLessThan(0.45);
  });
});

describe('descriptor ids', () => {
  it('are the same for the same piece after an mp3 re-encode at 128 kbps and a gain change, and differ between pieces', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'goose-descriptors-'));
    try {
      const wav = path.join(dir, 'piece.wav');
      const mp3 = path.join(dir, 'piece.mp3');
      await writeWav(wav, music({ seconds: 30, seed: 1, level: -9 }), 44_100, 2);
      await runFfmpeg(['-v', 'error', '-i', wav, '-af', 'volume=-6dB', '-c:a', 'libmp3lame', '-b:a', '128k', '-y', mp3]);
      const original = describePcm(await decodeForFingerprint(wav));
      const reencoded = describePcm(await decodeForFingerprint(mp3));
      const other = describePcm(piece({ seconds: 30, seed: 2 }));
      expect(reencoded.melodic.melodicId).toBe(original.melodic.melodicId);
      expect(reencoded.harmonic.harmonicId).toBe(original.harmonic.harmonicId);
      expect(reencoded.rhythm.rhythmicId).toBe(original.rhythm.rhythmicId);
      expect(other.melodic.melodicId).not.toBe(original.melodic.melodicId);
      expect(other.harmonic.harmonicId).not.toBe(original.harmonic.harmonicId);
      expect(original.melodic.melodicId).toMatch(/^mel-[0-9a-f]{12}$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('name the same key for a transposition by its own tonic', () => {
    const original = describePcm(piece({ seconds: 30, seed: 2 }));
    const transposed = describePcm(piece({ seconds: 30, seed: 2, transpose: 5 }));
    expect((transposed.harmonic.tonic - original.harmonic.tonic + 12) % 12).toBe(5);
    expect(transposed.harmonic.mode).toBe(original.harmonic.mode);
  });
});
