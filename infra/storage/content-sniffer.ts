// Decides what a file really is from its bytes, not its name: magic numbers via file-type for
// binary formats, strict UTF-8 for plain text.
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { ContentType, UploadExtension } from '../../domain/constants';

export interface SniffedContent {
  /** What the file is stored as. */
  extension: UploadExtension;
  /** What the stored file is served as. */
  mimeType: string;
  /** The content types this file may be uploaded as. */
  contentTypes: readonly ContentType[];
  /** The file name endings that fit this content (the first is `extension`). */
  names: readonly string[];
  label: string;
}

type Kind = Omit<SniffedContent, 'mimeType'> & { mimeType?: string };

const MUSIC: readonly ContentType[] = ['music'];
/** A video container may be uploaded as music: its audio is what is mastered and checked. */
const VIDEO_OR_MUSIC: readonly ContentType[] = ['video', 'music'];

// The ISO media family (mp4, m4a, 3gp…) differs only in the brand a muxer writes, and phones and
// tools pick brands and names freely (an AAC recording in an "isom" file named .m4a is common):
// these names fit any of them.
const MP4: Kind = { extension: 'mp4', contentTypes: VIDEO_OR_MUSIC, names: ['mp4', 'm4a', 'm4v'], label: 'MP4 video', mimeType: 'video/mp4' };
const M4A: Kind = { extension: 'm4a', contentTypes: MUSIC, names: ['m4a', 'mp4'], label: 'M4A audio', mimeType: 'audio/mp4' };
const OGG: Kind = { extension: 'ogg', contentTypes: MUSIC, names: ['ogg', 'oga'], label: 'Ogg audio', mimeType: 'audio/ogg' };

/** file-type's extension → what the upload makes of it; a function where the MIME type decides. */
const BINARY_KINDS: Record<string, Kind | ((mime: string) => Kind)> = {
  mp3: { extension: 'mp3', contentTypes: MUSIC, names: ['mp3'], label: 'MP3 audio' },
  wav: { extension: 'wav', contentTypes: MUSIC, names: ['wav'], label: 'WAV audio' },
  flac: { extension: 'flac', contentTypes: MUSIC, names: ['flac'], label: 'FLAC audio' },
  aif: { extension: 'aiff', contentTypes: MUSIC, names: ['aiff', 'aif'], label: 'AIFF audio', mimeType: 'audio/aiff' },
  m4a: M4A,
  m4b: M4A,
  f4a: M4A,
  aac: { extension: 'aac', contentTypes: MUSIC, names: ['aac'], label: 'AAC audio', mimeType: 'audio/aac' },
  ogg: OGG,
  // Ogg FLAC: file-type calls it oga.
  oga: OGG,
  opus: { extension: 'opus', contentTypes: MUSIC, names: ['opus', 'ogg', 'oga'], label: 'Opus audio', mimeType: 'audio/ogg; codecs=opus' },
  // ASF is one container for both: file-type tells them apart by the stream types in its header.
  asf: (mime) =>
    mime.startsWith('audio/')
      ? { extension: 'wma', contentTypes: MUSIC, names: ['wma', 'asf'], label: 'Windows Media audio', mimeType: 'audio/x-ms-wma' }
      : { extension: 'wmv', contentTypes: VIDEO_OR_MUSIC, names: ['wmv', 'asf'], label: 'Windows Media video', mimeType: 'video/x-ms-wmv' },
  mp4: MP4,
  m4v: MP4,
  '3gp': MP4,
  '3g2': MP4,
  mov: { extension: 'mov', contentTypes: VIDEO_OR_MUSIC, names: ['mov'], label: 'QuickTime video', mimeType: 'video/quicktime' },
  webm: { extension: 'webm', contentTypes: VIDEO_OR_MUSIC, names: ['webm'], label: 'WebM video', mimeType: 'video/webm' },
  // Audio-only Matroska (.mka) has the same header as a video: it is stored as mkv either way.
  mkv: { extension: 'mkv', contentTypes: VIDEO_OR_MUSIC, names: ['mkv', 'mka'], label: 'Matroska video', mimeType: 'video/x-matroska' },
  jpg: { extension: 'jpg', contentTypes: ['image'], names: ['jpg', 'jpeg'], label: 'JPEG image' },
  png: { extension: 'png', contentTypes: ['image'], names: ['png'], label: 'PNG image' },
  pdf: { extension: 'pdf', contentTypes: ['text'], names: ['pdf'], label: 'PDF document' },
  docx: { extension: 'docx', contentTypes: ['text'], names: ['docx'], label: 'Word document' },
};

const TEXT_SNIFF_BYTES = 1024 * 1024;

/** Returns what the file is, or null when its content is none of the accepted types. */
export async function sniffContent(filePath: string): Promise<SniffedContent | null> {
  const detected = await fileTypeFromFile(filePath);
  if (detected) {
    const entry = BINARY_KINDS[detected.ext];
    const kind = typeof entry === 'function' ? entry(detected.mime) : entry;
    return kind ? { ...kind, mimeType: kind.mimeType ?? detected.mime } : null;
  }
  return (await looksLikeText(filePath))
    ? { extension: 'txt', mimeType: 'text/plain', contentTypes: ['text'], names: ['txt'], label: 'plain text' }
    : null;
}

async function looksLikeText(filePath: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SNIFF_BYTES, 0);
    if (bytesRead === 0) return false;
    const sample = buffer.subarray(0, bytesRead);
    if (sample.includes(0)) return false;
    // A multi-byte character cut at the sample's end is not an error; anything else invalid is.
    const text = new TextDecoder('utf-8', { fatal: false }).decode(sample);
    const replacements = text.slice(0, -4).includes('\uFFFD');
    return !replacements;
  } finally {
    await handle.close();
  }
}

/** The extension a user-supplied file name claims, lower case; '' when it has none. */
export function claimedExtension(fileName: string): string {
  return fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : '';
}

/** Whether a file name ending fits the sniffed content (a .ogg holding Opus does, a .wav holding MP3 does not). */
export function nameFits(sniffed: SniffedContent, claimed: string): boolean {
  return sniffed.names.includes(claimed);
}
