// Measures for the vocal tests: the fundamental of a stretch of voice by normalized
// autocorrelation (the first lag whose correlation comes near the best, so a strong second
// harmonic is not taken for the fundamental), and where a signal first gets loud.

/** Mono from interleaved stereo. */
export function monoOf(stereo: Float32Array): Float32Array {
  const mono = new Float32Array(stereo.length / 2);
  for (let i = 0; i < mono.length; i++) mono[i] = (stereo[2 * i]! + stereo[2 * i + 1]!) / 2;
  return mono;
}

/** f0 in Hz of the 40 ms window starting at `start`, or null where it is unvoiced or silent. */
export function windowPitch(mono: Float32Array, sampleRate: number, start: number, lowHz = 70, highHz = 1100): number | null {
  const size = Math.round(0.04 * sampleRate);
  if (start + size * 2 > mono.length) return null;
  const minLag = Math.floor(sampleRate / highHz);
  const maxLag = Math.ceil(sampleRate / lowHz);
  const correlation = new Float64Array(maxLag + 1);
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let sum = 0;
    let energyA = 0;
    let energyB = 0;
    for (let i = 0; i < size; i++) {
      const a = mono[start + i]!;
      const b = mono[start + i + lag]!;
      sum += a * b;
      energyA += a * a;
      energyB += b * b;
    }
    const value = energyA > 1e-9 && energyB > 1e-9 ? sum / Math.sqrt(energyA * energyB) : 0;
    correlation[lag] = value;
    if (value > best) best = value;
  }
  if (best < 0.6) return null;
  for (let lag = minLag + 1; lag < maxLag; lag++) {
    const value = correlation[lag]!;
    if (value >= 0.9 * best && value >= correlation[lag - 1]! && value >= correlation[lag + 1]!) {
      // Parabolic interpolation of the peak for a fraction of a sample.
      const a = correlation[lag - 1]!;
      const c = correlation[lag + 1]!;
      const shift = (a - c) / (2 * (a - 2 * value + c) || 1);
      return sampleRate / (lag + shift);
    }
  }
  return null;
}

/** The median f0 over the voiced windows between two times (seconds), or null when none is voiced. */
export function medianPitch(mono: Float32Array, sampleRate: number, from: number, to: number): number | null {
  const found: number[] = [];
  const hop = Math.round(0.01 * sampleRate);
  for (let start = Math.round(from * sampleRate); start < Math.round(to * sampleRate); start += hop) {
    const f0 = windowPitch(mono, sampleRate, start);
    if (f0 !== null) found.push(f0);
  }
  if (found.length === 0) return null;
  found.sort((a, b) => a - b);
  return found[Math.floor(found.length / 2)]!;
}

/** Seconds to the first 10 ms whose RMS rises within `belowPeakDb` of the loudest 10 ms. */
export function onsetSeconds(mono: Float32Array, sampleRate: number, belowPeakDb = 30): number | null {
  const hop = Math.round(0.01 * sampleRate);
  const levels: number[] = [];
  for (let start = 0; start + hop <= mono.length; start += hop) {
    let sum = 0;
    for (let i = start; i < start + hop; i++) sum += mono[i]! * mono[i]!;
    levels.push(Math.sqrt(sum / hop));
  }
  const peak = Math.max(0, ...levels);
  if (peak === 0) return null;
  const threshold = peak * 10 ** (-belowPeakDb / 20);
  const index = levels.findIndex((level) => level >= threshold);
  return index < 0 ? null : (index * hop) / sampleRate;
}

/** Hz of a MIDI note. */
export function midiToHz(pitch: number): number {
  return 440 * 2 ** ((pitch - 69) / 12);
}

/** How far apart two frequencies are, in semitones. */
export function semitonesBetween(a: number, b: number): number {
  return 12 * Math.log2(a / b);
}
