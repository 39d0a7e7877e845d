// The common audio containers (and videos with a soundtrack), encoded by ffmpeg from one
// generated piece of music, for the tests that follow an upload from the sniffer to the decoders.
import path from 'node:path';
import type { UploadExtension } from '../../domain/constants';
import { runFfmpeg } from '../../infra/audio/ffmpeg';
import { music, writeWav } from '../../infra/audio/test-signals';

export interface Container {
  /** What the test calls it. */
  name: string;
  /** The name the file is uploaded under. */
  fileName: string;
  /** What the sniffer must report, i.e. the stored extension. */
  extension: UploadExtension;
  /** ffmpeg output arguments (codecs, muxer). */
  args: string[];
  /** Whether a picture track is muxed in besides the audio. */
  video?: boolean;
}

/** Long enough for the fingerprint's alignment (it needs 40 items, about 5 s, of overlap). */
export const PIECE_SECONDS = 8;
export const PIECE_SAMPLE_RATE = 44_100;

export const CONTAINERS: readonly Container[] = [
  { name: 'wav (PCM)', fileName: 'piece.wav', extension: 'wav', args: ['-c:a', 'pcm_s16le'] },
  { name: 'mp3', fileName: 'piece.mp3', extension: 'mp3', args: ['-c:a', 'libmp3lame', '-b:a', '192k'] },
  { name: 'flac', fileName: 'piece.flac', extension: 'flac', args: ['-c:a', 'flac'] },
  { name: 'aiff', fileName: 'piece.aiff', extension: 'aiff', args: ['-c:a', 'pcm_s16be'] },
  { name: 'aiff named .aif', fileName: 'piece.aif', extension: 'aiff', args: ['-c:a', 'pcm_s16be', '-f', 'aiff'] },
  { name: 'm4a (AAC)', fileName: 'piece.m4a', extension: 'm4a', args: ['-c:a', 'aac', '-b:a', '160k'] },
  { name: 'm4a (ALAC)', fileName: 'piece-alac.m4a', extension: 'm4a', args: ['-c:a', 'alac'] },
  // What many tools and phones write: AAC in an "isom" MP4 file named .m4a.
  { name: 'AAC in an isom mp4 named .m4a', fileName: 'recording.m4a', extension: 'mp4', args: ['-c:a', 'aac', '-f', 'mp4'] },
  { name: 'aac (ADTS)', fileName: 'piece.aac', extension: 'aac', args: ['-c:a', 'aac', '-f', 'adts'] },
  { name: 'ogg (Vorbis)', fileName: 'piece.ogg', extension: 'ogg', args: ['-c:a', 'libvorbis', '-q:a', '5'] },
  { name: 'opus', fileName: 'piece.opus', extension: 'opus', args: ['-c:a', 'libopus', '-b:a', '128k'] },
  { name: 'opus named .ogg', fileName: 'voice.ogg', extension: 'opus', args: ['-c:a', 'libopus', '-b:a', '96k', '-f', 'ogg'] },
  { name: 'wma', fileName: 'piece.wma', extension: 'wma', args: ['-c:a', 'wmav2', '-b:a', '160k'] },
  { name: 'mka (Vorbis)', fileName: 'piece.mka', extension: 'mkv', args: ['-c:a', 'libvorbis'] },
  { name: 'webm (Opus, no video)', fileName: 'piece.webm', extension: 'webm', args: ['-c:a', 'libopus', '-f', 'webm'] },
  { name: 'mp4 video (MPEG-4 + AAC)', fileName: 'clip.mp4', extension: 'mp4', args: ['-c:v', 'mpeg4', '-c:a', 'aac'], video: true },
  { name: 'mov video (MPEG-4 + AAC)', fileName: 'clip.mov', extension: 'mov', args: ['-c:v', 'mpeg4', '-c:a', 'aac'], video: true },
  { name: 'webm video (VP8 + Opus)', fileName: 'clip.webm', extension: 'webm', args: ['-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus'], video: true },
  { name: 'mkv video (MPEG-4 + FLAC)', fileName: 'clip.mkv', extension: 'mkv', args: ['-c:v', 'mpeg4', '-c:a', 'flac'], video: true },
  { name: 'wmv video (WMV8 + WMA)', fileName: 'clip.wmv', extension: 'wmv', args: ['-c:v', 'wmv2', '-c:a', 'wmav2'], video: true },
];

export interface EncodedContainer extends Container {
  file: string;
}

/** A small moving picture: enough for a real video track, cheap to encode. */
const PICTURE = ['-f', 'lavfi', '-i', `testsrc=size=96x64:rate=12:duration=${PIECE_SECONDS}`];

/**
 * Writes the reference piece (`reference.wav`, stereo 16-bit) to `dir` and every container encoded
 * from it; returns the reference's path and the encoded files.
 */
export async function encodeContainers(dir: string, containers: readonly Container[] = CONTAINERS): Promise<{ reference: string; encoded: EncodedContainer[] }> {
  const reference = path.join(dir, 'reference.wav');
  await writeWav(reference, music({ seconds: PIECE_SECONDS, sampleRate: PIECE_SAMPLE_RATE, seed: 7, level: -9 }), PIECE_SAMPLE_RATE, 2, 's16');
  // One at a time: the machines these tests run on are shared.
  const encoded: EncodedContainer[] = [];
  for (const [index, container] of containers.entries()) {
    const file = path.join(dir, `${index}-${container.fileName}`);
    const inputs = container.video ? [...PICTURE, '-i', reference, '-map', '0:v', '-map', '1:a'] : ['-i', reference];
    await runFfmpeg(['-v', 'error', ...inputs, ...container.args, '-y', `file:${file}`]);
    encoded.push({ ...container, file });
  }
  return { reference, encoded };
}

/** A video with no audio stream at all. */
export async function encodeSilentVideo(file: string): Promise<void> {
  await runFfmpeg(['-v', 'error', ...PICTURE, '-c:v', 'mpeg4', '-y', `file:${file}`]);
}
