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
import { startDecodeInto, startEncodePcm } from './ffmpeg';
import { sharedFloat32 } from './typed-bytes';

const SAMPLES_PER_FRAME = 1152;
const SPLICE_LEAD_FRAMES = 8;
/** Extra frames of input past the first half's last kept frame: the encoder looks ahead. */
const FIRST_HALF_TAIL_FRAMES = 4;
/** Below this, one process: the two would spend more time starting than encoding. */
const MIN_SPLIT_SECONDS = 20;

/** Encodes stereo float PCM to `outFile` as one mp3, two halves at once when it is long enough. */
export async function encodeMp3InHalves(pcm: Float32Array, sampleRate: number, outFile: string, mp3Args: readonly string[]): Promise<void> {
  await startMp3InHalves(pcm.length / 2, sampleRate, outFile, mp3Args).encode(pcm);
}

/** An mp3 encode whose processes run before its samples exist (see startFfmpeg). */
export interface StartedMp3 {
  /** Encodes the `frames` given at the start to the file; resolves to the file's bytes. */
  encode(pcm: Float32Array): Promise<Uint8Array>;
  cancel(): void;
}

/** encodeMp3InHalves for `frames` stereo frames, its LAME processes started now, the samples given later. */
export function startMp3InHalves(frames: number, sampleRate: number, outFile: string, mp3Args: readonly string[]): StartedMp3 {
  const checked = (pcm: Float32Array): Float32Array => {
    if (pcm.length !== frames * 2) throw new Error(`an mp3 encode started for ${frames} frames was given ${pcm.length / 2}`);
    return pcm;
  };
  if (frames < MIN_SPLIT_SECONDS * sampleRate) {
    const whole = startEncodePcm(sampleRate, 2, outFile, mp3Args);
    return {
      async encode(pcm) {
        await whole.encode(checked(pcm));
        return readFile(outFile);
      },
      cancel: () => whole.cancel(),
    };
  }
  const keptFirst = Math.floor(frames / 2 / SAMPLES_PER_FRAME);
  const secondStart = (keptFirst - SPLICE_LEAD_FRAMES) * SAMPLES_PER_FRAME;
  const firstEnd = Math.min(frames, (keptFirst + FIRST_HALF_TAIL_FRAMES) * SAMPLES_PER_FRAME);
  const stem = path.join(tmpdir(), `goose-mp3-${randomUUID()}`);
  const [firstFile, secondFile] = [`${stem}-1.mp3`, `${stem}-2.mp3`];
  const first = startEncodePcm(sampleRate, 2, firstFile, [...mp3Args, '-id3v2_version', '0']);
  const second = startEncodePcm(sampleRate, 2, secondFile, [...mp3Args, '-reservoir', '0', '-write_xing', '0', '-id3v2_version', '0']);
  return {
    async encode(pcm) {
      try {
        await Promise.all([first.encode(checked(pcm).subarray(0, firstEnd * 2)), second.encode(pcm.subarray(secondStart * 2))]);
        const joined = joinHalves(await readFile(firstFile), await readFile(secondFile), keptFirst, frames);
        await writeFile(outFile, joined);
        return joined;
      } finally {
        first.cancel();
        second.cancel();
        await Promise.all([rm(firstFile, { force: true }), rm(secondFile, { force: true })]);
      }
    },
    cancel() {
      first.cancel();
      second.cancel();
    },
  };
}

/**
 * Audio frames a decode that starts mid-stream runs through and drops: a frame's audio leans on
 * the frame before it (the overlapping transform, the synthesis filter) and on up to 511 bytes
 * of earlier frames (the bit reservoir). About a second, far more than that reaches.
 */
const DECODE_PREROLL_FRAMES = 38;
/** Frames the first decode runs past its last kept sample: the decoder's own delay is under one. */
const DECODE_TAIL_FRAMES = 3;

/** A decode of an mp3 whose processes run before the file exists (see startFfmpeg). */
export interface StartedMp3Decode {
  /** Decodes the stream to stereo float PCM, at most `frames` frames, in shared memory. */
  decode(mp3: Uint8Array): Promise<Float32Array>;
  cancel(): void;
}

/**
 * Decodes an mp3 of `frames` stereo frames back to float PCM as two ffmpeg processes at once, fed
 * from memory and split at an audio frame. The first is fed the stream up to a few frames past the
 * split; the second the stream's head (ID3 tag and Info frame, so it trims the encoder delay as a
 * whole decode does) and then the audio from DECODE_PREROLL_FRAMES before the split, dropped, so
 * its samples equal a single decode's to the bit (tests check). Started now, fed later.
 */
export function startMp3DecodeInHalves(sampleRate: number, frames: number): StartedMp3Decode {
  const options = { sampleRate, channels: 2 };
  const [first, second] = [startDecodeInto('mp3', options), startDecodeInto('mp3', options)];
  return {
    async decode(mp3) {
      const out = sharedFloat32(frames * 2);
      const stream = parseStream(mp3);
      if (!stream || stream.audio.length < 4 * DECODE_PREROLL_FRAMES) {
        second.cancel();
        return out.subarray(0, await first.into([mp3], out, 0, out.length));
      }
      const { head, audio } = stream;
      const splitFrame = Math.floor(audio.length / 2);
      const split = Math.min(frames, splitFrame * SAMPLES_PER_FRAME);
      const from = splitFrame - DECODE_PREROLL_FRAMES;
      const firstBytes = mp3.subarray(0, audio[splitFrame + DECODE_TAIL_FRAMES]!.offset);
      const [firstRead, secondRead] = await Promise.all([
        first.into([firstBytes], out, 0, split * 2),
        second.into([mp3.subarray(0, head), mp3.subarray(audio[from]!.offset)], out, split * 2, out.length - split * 2, (split - from * SAMPLES_PER_FRAME) * 2),
      ]);
      if (firstRead < split * 2) throw new Error('the mp3 decoded shorter than its first half');
      return out.subarray(0, split * 2 + secondRead);
    },
    cancel() {
      first.cancel();
      second.cancel();
    },
  };
}

/**
 * An mp3 stream's head (an ID3v2 tag, an Info frame: the bytes before the audio) and its audio
 * frames; null when it is anything else (then it is decoded whole).
 */
function parseStream(bytes: Uint8Array): { head: number; audio: Frame[] } | null {
  let start = 0;
  if (bytes.length >= 10 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    // ID3v2: a ten-byte header, a syncsafe size, a footer when flagged.
    const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
    start = 10 + size + (bytes[5]! & 0x10 ? 10 : 0);
  }
  let frames: Frame[];
  try {
    frames = mp3Frames(bytes.subarray(start)).map((f) => ({ offset: f.offset + start, size: f.size }));
  } catch {
    return null;
  }
  const info = frames[0] && readInfoTag(bytes.subarray(frames[0].offset, frames[0].offset + frames[0].size)) ? frames.shift()! : null;
  return { head: info ? info.offset + info.size : start, audio: frames };
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
