// A studio master made on the fly for the upload tests and benchmark: a 24-bit/96 kHz stereo WAV of
// a chosen length (a six-minute one is about 207 MB), written block by block so neither the test
// nor the file's size ever holds it whole in memory. The tone drifts so no two blocks are alike.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const SAMPLE_RATE = 96_000;
const CHANNELS = 2;
const BYTES_PER_SAMPLE = 3;
const FRAME_BYTES = CHANNELS * BYTES_PER_SAMPLE;
const BLOCK_FRAMES = 96_000;

/** The size of a master of `seconds` (header included). */
export function masterWavBytes(seconds: number): number {
  return 44 + Math.round(seconds * SAMPLE_RATE) * FRAME_BYTES;
}

/** Writes about `bytes` of master (whole frames) to `file`; answers its exact size. */
export async function writeMasterWav(file: string, bytes: number): Promise<number> {
  const frames = Math.floor((bytes - 44) / FRAME_BYTES);
  const dataBytes = frames * FRAME_BYTES;
  const out = createWriteStream(file);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(CHANNELS, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * FRAME_BYTES, 28);
  header.writeUInt16LE(FRAME_BYTES, 32);
  header.writeUInt16LE(BYTES_PER_SAMPLE * 8, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  out.write(header);
  for (let first = 0; first < frames; first += BLOCK_FRAMES) {
    const count = Math.min(BLOCK_FRAMES, frames - first);
    const block = Buffer.alloc(count * FRAME_BYTES);
    for (let i = 0; i < count; i++) {
      const t = (first + i) / SAMPLE_RATE;
      const value = Math.round(0.4 * Math.sin(2 * Math.PI * (220 + 5 * t) * t) * 8_388_607);
      block.writeIntLE(value, i * FRAME_BYTES, 3);
      block.writeIntLE(-value, i * FRAME_BYTES + BYTES_PER_SAMPLE, 3);
    }
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return 44 + dataBytes;
}
