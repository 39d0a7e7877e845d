// Test and benchmark signals made in code, and a small WAV writer for them, so the tests and the
// benchmark need no audio files in the repository.
import { writeFile } from 'node:fs/promises';

export type WavEncoding = 's16' | 's24' | 'f32';

/** Writes interleaved float PCM as a WAV file (16/24-bit integer or 32-bit float). */
export async function writeWav(file: string, pcm: Float32Array, sampleRate: number, channels: number, encoding: WavEncoding = 's16'): Promise<void> {
  await writeFile(file, encodeWav(pcm, sampleRate, channels, encoding));
}

export function encodeWav(pcm: Float32Array, sampleRate: number, channels: number, encoding: WavEncoding = 's16'): Buffer {
  const bytes = encoding === 's16' ? 2 : encoding === 's24' ? 3 : 4;
  const dataBytes = pcm.length * bytes;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8);
  buffer.write('fmt ', 12);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(encoding === 'f32' ? 3 : 1, 20);
  buffer.writeUInt16LE(channels, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * channels * bytes, 28);
  buffer.writeUInt16LE(channels * bytes, 32);
  buffer.writeUInt16LE(bytes * 8, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(dataBytes, 40);
  let o = 44;
  for (let i = 0; i < pcm.length; i++) {
    const x = Math.max(-1, Math.min(1, pcm[i]!));
    if (encoding === 'f32') buffer.writeFloatLE(pcm[i]!, o);
    else if (encoding === 's16') buffer.writeInt16LE(Math.round(x * 32767), o);
    else buffer.writeIntLE(Math.round(x * 8388607), o, 3);
    o += bytes;
  }
  return buffer;
}

/** A sine on every channel at a peak level in dBFS (EBU Tech 3341 style). */
export function sine({ seconds, sampleRate = 48_000, channels = 2, frequency = 1000, dbfs = -23 }: { seconds: number; sampleRate?: number; channels?: number; frequency?: number; dbfs?: number }): Float32Array {
  const frames = Math.round(seconds * sampleRate);
  const amp = 10 ** (dbfs / 20);
  const out = new Float32Array(frames * channels);
  for (let i = 0; i < frames; i++) {
    const v = amp * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
    for (let c = 0; c < channels; c++) out[i * channels + c] = v;
  }
  return out;
}

/** A deterministic pseudo-random generator (mulberry32), so generated music is the same every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface MusicOptions {
  seconds: number;
  sampleRate?: number;
  /** Different seeds give different pieces (melody, chords, rhythm). */
  seed?: number;
  bpm?: number;
  /** Semitones to shift every pitch. */
  transpose?: number;
  /** Overall level of the mix's peaks, roughly, in dBFS. */
  level?: number;
}

/**
 * A music-like stereo signal: a bass line, chord pads, a plucked melody, kick and hi-hat noise
 * bursts, panned apart so the stereo image is not mono. Deterministic for a seed.
 */
export function music({ seconds, sampleRate = 44_100, seed = 1, bpm = 120, transpose = 0, level = -6 }: MusicOptions): Float32Array {
  const rand = random(seed);
  const frames = Math.round(seconds * sampleRate);
  const out = new Float32Array(frames * 2);
  const beat = 60 / bpm;
  const root = 45 + Math.floor(rand() * 12) + transpose; // MIDI note of the key
  const scale = [0, 2, 4, 5, 7, 9, 11];
  const progression = Array.from({ length: 4 }, () => scale[Math.floor(rand() * scale.length)]!);
  const melody = Array.from({ length: 16 }, () => scale[Math.floor(rand() * scale.length)]! + 12 * (1 + Math.floor(rand() * 2)));
  const hz = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);
  const add = (i: number, l: number, r: number): void => {
    out[2 * i] = out[2 * i]! + l;
    out[2 * i + 1] = out[2 * i + 1]! + r;
  };
  const beats = Math.ceil(seconds / beat);
  for (let b = 0; b < beats; b++) {
    const start = Math.round(b * beat * sampleRate);
    const chord = progression[Math.floor(b / 4) % 4]!;
    // bass: one note a beat
    const fBass = hz(root - 12 + chord);
    for (let j = 0; j < beat * sampleRate && start + j < frames; j++) {
      const t = j / sampleRate;
      const env = Math.exp(-t * 3);
      const v = 0.28 * env * (Math.sin(2 * Math.PI * fBass * t) + 0.3 * Math.sin(4 * Math.PI * fBass * t));
      add(start + j, v, v);
    }
    // pad: triad, left-leaning
    for (const step of [0, 4, 7]) {
      const f = hz(root + chord + step);
      for (let j = 0; j < beat * sampleRate && start + j < frames; j++) {
        const t = (start + j) / sampleRate;
        const v = 0.05 * Math.sin(2 * Math.PI * f * t) + 0.02 * Math.sin(6 * Math.PI * f * t);
        add(start + j, v * 1.2, v * 0.6);
      }
    }
    // melody: two notes a beat, right-leaning, plucked
    for (let half = 0; half < 2; half++) {
      const note = melody[(2 * b + half) % melody.length]!;
      const f = hz(root + note);
      const s0 = start + Math.round((half * beat * sampleRate) / 2);
      for (let j = 0; j < (beat * sampleRate) / 2 && s0 + j < frames; j++) {
        const t = j / sampleRate;
        const env = Math.exp(-t * 8);
        const v = 0.14 * env * (Math.sin(2 * Math.PI * f * t) + 0.5 * Math.sin(4 * Math.PI * f * t) + 0.25 * Math.sin(6 * Math.PI * f * t));
        add(s0 + j, v * 0.5, v * 1.1);
      }
    }
    // kick on every beat, hi-hat noise burst on the off-beat
    for (let j = 0; j < 0.15 * sampleRate && start + j < frames; j++) {
      const t = j / sampleRate;
      const v = 0.45 * Math.exp(-t * 25) * Math.sin(2 * Math.PI * (50 + 80 * Math.exp(-t * 40)) * t);
      add(start + j, v, v);
    }
    const hat = start + Math.round((beat * sampleRate) / 2);
    let prev = 0;
    for (let j = 0; j < 0.05 * sampleRate && hat + j < frames; j++) {
      const n = rand() * 2 - 1;
      const hp = n - prev; // crude high pass
      prev = n;
      const v = 0.12 * Math.exp((-j / sampleRate) * 60) * hp;
      add(hat + j, v * (0.6 + 0.4 * rand()), v * (0.6 + 0.4 * rand()));
    }
  }
  // Scale to the requested peak level.
  let peak = 0;
  for (const x of out) peak = Math.max(peak, Math.abs(x));
  const gain = peak > 0 ? 10 ** (level / 20) / peak : 1;
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * gain;
  return out;
}
