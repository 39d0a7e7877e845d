// Decides what a file really is from its bytes, not its name: magic numbers via file-type for
// binary formats, strict UTF-8 for plain text.
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { ContentType, UploadExtension } from '../../domain/constants';

export interface SniffedContent {
  extension: UploadExtension;
  mimeType: string;
  /** The content types this file may be uploaded as. */
  contentTypes: readonly ContentType[];
  label: string;
}

const BINARY_KINDS: Record<string, Omit<SniffedContent, 'mimeType'>> = {
  mp3: { extension: 'mp3', contentTypes: ['music'], label: 'MP3 audio' },
  wav: { extension: 'wav', contentTypes: ['music'], label: 'WAV audio' },
  flac: { extension: 'flac', contentTypes: ['music'], label: 'FLAC audio' },
  mp4: { extension: 'mp4', contentTypes: ['video', 'music'], label: 'MP4 video' },
  jpg: { extension: 'jpg', contentTypes: ['image'], label: 'JPEG image' },
  png: { extension: 'png', contentTypes: ['image'], label: 'PNG image' },
  pdf: { extension: 'pdf', contentTypes: ['text'], label: 'PDF document' },
  docx: { extension: 'docx', contentTypes: ['text'], label: 'Word document' },
};

const TEXT_SNIFF_BYTES = 1024 * 1024;

/** Returns what the file is, or null when its content is none of the accepted types. */
export async function sniffContent(filePath: string): Promise<SniffedContent | null> {
  const detected = await fileTypeFromFile(filePath);
  if (detected) {
    const kind = BINARY_KINDS[detected.ext];
    return kind ? { ...kind, mimeType: detected.mime } : null;
  }
  return (await looksLikeText(filePath))
    ? { extension: 'txt', mimeType: 'text/plain', contentTypes: ['text'], label: 'plain text' }
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

/** The extension a user-supplied file name claims, normalised (jpeg → jpg). */
export function claimedExtension(fileName: string): string {
  const ext = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : '';
  return ext === 'jpeg' ? 'jpg' : ext;
}
