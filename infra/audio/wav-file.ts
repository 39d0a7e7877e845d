// WAV files the engine writes itself: a canonical 44-byte header, then little-endian samples
// (the audio engine assumes a little-endian machine, as typed arrays write in its byte order).
import { closeSync, openSync, writeSync } from 'node:fs';

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
