// WAV files the engine writes itself: a canonical 44-byte header, then little-endian samples
// (the audio engine assumes a little-endian machine, as typed arrays write in its byte order).
import { closeSync, openSync, writeSync } from 'node:fs';
import { Scratch } from './scratch';

export const WAV_HEADER_BYTES = 44;

/** The header of a stereo WAV: integer PCM, or IEEE float when `float`. */
export function stereoWavHeader(sampleRate: number, bytesPerSample: number, dataBytes: number, float: boolean): Uint8Array {
  const header = new Uint8Array(WAV_HEADER_BYTES);
  const view = new DataView(header.buffer);
  const ascii = (offset: number, text: string): void => {
    for (let i = 0; i < text.length; i++) header[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, float ? 3 : 1, true);
  view.setUint16(22, 2, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2 * bytesPerSample, true);
  view.setUint16(32, 2 * bytesPerSample, true);
  view.setUint16(34, bytesPerSample * 8, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return header;
}

/** Samples scaled per write: 4 MB, so the whole file never sits in memory a second time. */
const CHUNK_SAMPLES = 1 << 20;

/** Writes interleaved stereo times `gain` as a 32-bit float WAV, in chunks through one small buffer. */
export function writeScaledFloatWav(target: string, pcm: Float32Array, sampleRate: number, gain: number): void {
  const fd = openSync(target, 'w');
  try {
    writeSync(fd, stereoWavHeader(sampleRate, 4, pcm.length * 4, true));
    const chunk = new Float32Array(Math.min(CHUNK_SAMPLES, pcm.length));
    const bytes = new Uint8Array(chunk.buffer);
    for (let start = 0; start < pcm.length; start += chunk.length) {
      const count = Math.min(chunk.length, pcm.length - start);
      for (let i = 0; i < count; i++) chunk[i] = pcm[start + i]! * gain;
      for (let done = 0; done < count * 4; ) done += writeSync(fd, bytes, done, count * 4 - done);
    }
  } finally {
    closeSync(fd);
  }
}

export type WavCodec = 'pcm_s16le' | 'pcm_s24le' | 'pcm_s32le' | 'pcm_f32le';

export interface QuantizedWav {
  /** The whole WAV file. */
  file: Uint8Array;
  /** The samples as a decoder reads them back from the file. */
  samples: Float32Array;
}

const bytesPerSampleOf = (codec: WavCodec): number => (codec === 'pcm_s16le' ? 2 : codec === 'pcm_s24le' ? 3 : 4);

/**
 * A stereo WAV file of `sampleCount` samples with its header written, and room for the decoded
 * samples; both in shared memory (from `scratch`; by default fresh), so threads can quantize and
 * measure parts of it in place.
 */
export function allocateWav(sampleCount: number, sampleRate: number, codec: WavCodec, scratch = new Scratch()): QuantizedWav {
  const bytesPerSample = bytesPerSampleOf(codec);
  const dataBytes = sampleCount * bytesPerSample;
  const file = scratch.bytes(WAV_HEADER_BYTES + dataBytes);
  file.set(stereoWavHeader(sampleRate, bytesPerSample, dataBytes, codec === 'pcm_f32le'));
  const samples = codec === 'pcm_f32le' ? new Float32Array(file.buffer, WAV_HEADER_BYTES, sampleCount) : scratch.float32(sampleCount);
  return { file, samples };
}

/**
 * Quantizes samples `from` ≤ i < `to` of float PCM into `wav` (see allocateWav): 16-bit with TPDF
 * (triangular) dither from a generator seeded by `seed` and `from`, so a range comes out the same
 * whichever thread does it; 24/32-bit rounded; float copied. Sample data is written little-endian
 * through typed arrays, as the rest of the audio engine assumes.
 */
export function quantizeRange(pcm: Float32Array, codec: WavCodec, seed: number, from: number, to: number, wav: QuantizedWav): void {
  const { file, samples } = wav;
  if (codec === 'pcm_f32le') {
    samples.set(pcm.subarray(from, to), from);
  } else if (codec === 'pcm_s16le') {
    ditherTo16Bit(pcm, Math.imul(seed, 0x9e3779b9) ^ Math.imul(from + 1, 0x85ebca6b), from, to, new Int16Array(file.buffer, WAV_HEADER_BYTES, pcm.length), samples);
  } else {
    const full = codec === 'pcm_s24le' ? 8_388_608 : 2_147_483_648;
    const data = codec === 'pcm_s32le' ? new Int32Array(file.buffer, WAV_HEADER_BYTES, pcm.length) : null;
    for (let i = from; i < to; i++) {
      const q = Math.round(pcm[i]! * full);
      const v = q > full - 1 ? full - 1 : q < -full ? -full : q;
      samples[i] = v / full;
      if (data) data[i] = v;
      else {
        const o = WAV_HEADER_BYTES + 3 * i;
        file[o] = v & 0xff;
        file[o + 1] = (v >> 8) & 0xff;
        file[o + 2] = (v >> 16) & 0xff;
      }
    }
  }
}

/** Quantizes all of `pcm` to a WAV file on this thread. */
export function quantizeWav(pcm: Float32Array, sampleRate: number, codec: WavCodec, seed: number): QuantizedWav {
  const wav = allocateWav(pcm.length, sampleRate, codec);
  quantizeRange(pcm, codec, seed, 0, pcm.length, wav);
  return wav;
}

/**
 * `pcm[from..to)` to 16-bit with TPDF dither into `data`, and the decoded values into `samples`.
 * Its own function: inside the bigger one V8 compiles this loop about twice as slow.
 */
function ditherTo16Bit(pcm: Float32Array, seed: number, from: number, to: number, data: Int16Array, samples: Float32Array): void {
  // xorshift32 in int32 arithmetic (a logical shift is written as an arithmetic one and a mask:
  // `>>>` leaves int32 and makes this loop several times slower); the two 16-bit halves of one
  // draw are two uniforms, whose difference is the triangular dither in LSBs.
  let state = seed | 0 || 1;
  for (let i = from; i < to; i++) {
    state ^= state << 13;
    state ^= (state >> 17) & 0x7fff;
    state ^= state << 5;
    const dither = ((state & 0xffff) - ((state >> 16) & 0xffff)) * (1 / 65536);
    let v = Math.floor(pcm[i]! * 32768 + dither + 0.5) | 0;
    if (v > 32767) v = 32767;
    else if (v < -32768) v = -32768;
    data[i] = v;
    samples[i] = v * (1 / 32768);
  }
}
