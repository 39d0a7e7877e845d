// An mp3 encoded as two halves in two LAME processes at once (one per core), joined into one
// gapless stream. LAME is single-threaded and the longest step of an mp3 master; split, its wall
// time nearly halves.
//
// How the join stays exact:
// - LAME delays its output by ENCODER_DELAY samples and decoders by DECODER_DELAY more, so audio
//   frame j of a stream decodes to input samples from j·1152 − (ENCODER_DELAY + DECODER_DELAY). The
//   second half is encoded from a frame boundary, SPLICE_LEAD_FRAMES frames before the first
//   half's last kept frame, and its first SPLICE_LEAD_FRAMES frames are dropped: its first kept
//   frame then decodes to the very samples where the first half stops. The dropped frames prime
//   its transform and psychoacoustic state, so what is kept is what one encoder would have made,
//   to within the codec's own noise.
// - A frame may borrow bytes from the ones before it (the bit reservoir), which would point into
//   the other half's data at the join, so the second half is encoded without a reservoir. At 320
//   kbps every frame has more bits than it needs anyway.
// - The first half's Info tag (frame count, byte count, seek table, LAME delay and padding, and the
//   two CRCs) is rewritten for the joined stream, so players trim the delay and padding and report
//   the right length.
import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodePcm } from './ffmpeg';

const SAMPLES_PER_FRAME = 1152;
const SPLICE_LEAD_FRAMES = 8;
/** Extra frames of input past the first half's last kept frame: the encoder looks ahead. */
const FIRST_HALF_TAIL_FRAMES = 4;
/** Below this, one process: the two would spend more time starting than encoding. */
const MIN_SPLIT_SECONDS = 20;

/** Encodes stereo float PCM to `outFile` as one mp3, two halves at once when it is long enough. */
export async function encodeMp3InHalves(pcm: Float32Array, sampleRate: number, outFile: string, mp3Args: readonly string[]): Promise<void> {
  const frames = pcm.length / 2;
  if (frames < MIN_SPLIT_SECONDS * sampleRate) return encodePcm(pcm, sampleRate, 2, outFile, mp3Args);
  const keptFirst = Math.floor(frames / 2 / SAMPLES_PER_FRAME);
  const secondStart = (keptFirst - SPLICE_LEAD_FRAMES) * SAMPLES_PER_FRAME;
  const firstEnd = Math.min(frames, (keptFirst + FIRST_HALF_TAIL_FRAMES) * SAMPLES_PER_FRAME);
  const stem = path.join(tmpdir(), `goose-mp3-${randomUUID()}`);
  const [firstFile, secondFile] = [`${stem}-1.mp3`, `${stem}-2.mp3`];
  try {
    await Promise.all([
      encodePcm(pcm.subarray(0, firstEnd * 2), sampleRate, 2, firstFile, [...mp3Args, '-id3v2_version', '0']),
      encodePcm(pcm.subarray(secondStart * 2), sampleRate, 2, secondFile, [...mp3Args, '-reservoir', '0', '-write_xing', '0', '-id3v2_version', '0']),
    ]);
    const first = await readFile(firstFile);
    const second = await readFile(secondFile);
    await writeFile(outFile, joinHalves(first, second, keptFirst, frames));
  } finally {
    await Promise.all([rm(firstFile, { force: true }), rm(secondFile, { force: true })]);
  }
}

interface Frame {
  offset: number;
  size: number;
}

const BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const SAMPLE_RATES = [44_100, 48_000, 32_000];

/** The MPEG-1 layer III frames of a stream (no ID3 tags), in order. */
export function mp3Frames(bytes: Uint8Array): Frame[] {
  const frames: Frame[] = [];
  let offset = 0;
  while (offset + 4 <= bytes.length) {
    const [b0, b1, b2] = [bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!];
    // Sync, MPEG-1, layer III.
    if (b0 !== 0xff || (b1 & 0xfe) !== 0xfa) throw new Error(`not an MPEG-1 layer III frame at byte ${offset}`);
    const bitrate = BITRATES_KBPS[b2 >> 4];
    const sampleRate = SAMPLE_RATES[(b2 >> 2) & 3];
    if (!bitrate || !sampleRate) throw new Error(`free-format or reserved mp3 header at byte ${offset}`);
    const size = Math.floor((144_000 * bitrate) / sampleRate) + ((b2 >> 1) & 1);
    frames.push({ offset, size });
    offset += size;
  }
  return frames;
}

const CRC16_TABLE = Uint16Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  return crc;
});

/** CRC-16/ARC, which LAME uses for its tag and for the music. */
export function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < bytes.length; i++) crc = (crc >>> 8) ^ CRC16_TABLE[(crc ^ bytes[i]!) & 0xff]!;
  return crc;
}

/** Where the Info tag's fields sit in its frame (MPEG-1 stereo: 32 bytes of side information). */
const INFO_AT = 4 + 32;
const LAME_AT = INFO_AT + 120;
const TAG_CRC_BYTES = 190;

export interface InfoTag {
  frames: number;
  bytes: number;
  encoderDelay: number;
  padding: number;
  musicLength: number;
  musicCrc: number;
  tagCrc: number;
}

/** Reads the Xing/Info and LAME fields of an Info frame; null when the frame is not one. */
export function readInfoTag(frame: Uint8Array): InfoTag | null {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const id = String.fromCharCode(...frame.subarray(INFO_AT, INFO_AT + 4));
  if ((id !== 'Info' && id !== 'Xing') || view.getUint32(INFO_AT + 4) !== 0x0f) return null;
  const delays = (frame[LAME_AT + 21]! << 16) | (frame[LAME_AT + 22]! << 8) | frame[LAME_AT + 23]!;
  return {
    frames: view.getUint32(INFO_AT + 8),
    bytes: view.getUint32(INFO_AT + 12),
    encoderDelay: delays >>> 12,
    padding: delays & 0xfff,
    musicLength: view.getUint32(LAME_AT + 28),
    musicCrc: view.getUint16(LAME_AT + 32),
    tagCrc: view.getUint16(LAME_AT + 34),
  };
}

/**
 * The first half's Info frame and first `keptFirst` audio frames, then the second half's audio
 * frames after the lead-in, with the Info tag rewritten for `totalSamples` of audio.
 */
function joinHalves(first: Uint8Array, second: Uint8Array, keptFirst: number, totalSamples: number): Uint8Array {
  const [info, ...firstAudio] = mp3Frames(first);
  const secondAudio = mp3Frames(second).slice(SPLICE_LEAD_FRAMES);
  const tag = info && readInfoTag(first.subarray(info.offset, info.offset + info.size));
  if (!info || !tag || firstAudio.length < keptFirst) throw new Error('the first half of the mp3 has no Info tag or too few frames');
  const audio = [...firstAudio.slice(0, keptFirst).map((f) => first.subarray(f.offset, f.offset + f.size)), ...secondAudio.map((f) => second.subarray(f.offset, f.offset + f.size))];
  const out = new Uint8Array(info.size + audio.reduce((sum, f) => sum + f.length, 0));
  const frameOffsets: number[] = [];
  let at = info.size;
  for (const frame of audio) {
    frameOffsets.push(at);
    out.set(frame, at);
    at += frame.length;
  }
  const infoFrame = out.subarray(0, info.size);
  infoFrame.set(first.subarray(info.offset, info.offset + info.size));
  const view = new DataView(out.buffer, out.byteOffset, info.size);
  view.setUint32(INFO_AT + 8, audio.length);
  view.setUint32(INFO_AT + 12, out.length);
  // The seek table: for each percent of the duration, where that frame starts, in 256ths of the file.
  for (let percent = 0; percent < 100; percent++) {
    const offset = frameOffsets[Math.floor((percent / 100) * audio.length)] ?? out.length;
    infoFrame[INFO_AT + 16 + percent] = Math.min(255, Math.floor((256 * offset) / out.length));
  }
  const padding = audio.length * SAMPLES_PER_FRAME - tag.encoderDelay - totalSamples;
  if (padding < 0 || padding > 0xfff) throw new Error(`the joined mp3 would need ${padding} samples of padding`);
  infoFrame[LAME_AT + 21] = tag.encoderDelay >> 4;
  infoFrame[LAME_AT + 22] = ((tag.encoderDelay & 0xf) << 4) | (padding >> 8);
  infoFrame[LAME_AT + 23] = padding & 0xff;
  view.setUint32(LAME_AT + 28, out.length);
  view.setUint16(LAME_AT + 32, crc16(out.subarray(info.size)));
  view.setUint16(LAME_AT + 34, crc16(infoFrame.subarray(0, TAG_CRC_BYTES)));
  return out;
}
