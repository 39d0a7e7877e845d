// Which files the chat takes: the spec's audio types and the upload's ceiling (MAX_UPLOAD_BYTES), with
// the spec's refusals word for word but the ceiling's figure. The server sniffs the bytes again on upload; this only spares a doomed send.
import { MAX_UPLOAD_BYTES } from '../../../../domain/constants';

export const CHAT_AUDIO_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/x-wav', 'audio/flac'] as const;

export const INVALID_FILE_TYPE = 'Invalid File Type: Please upload an MP3, MP4, WAV, or FLAC file.';
/** The upload's cap in MB, as the chat's hint and refusal say it. */
export const CHAT_MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;
export const FILE_TOO_LARGE = `File Too Large: Please upload a file smaller than ${CHAT_MAX_MB}MB.`;

/** The picker's accept attribute. */
export const CHAT_AUDIO_ACCEPT = CHAT_AUDIO_TYPES.join(',');

/** Why the chat refuses this file, or null when it takes it. */
export function audioFileRefusal(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(CHAT_AUDIO_TYPES as readonly string[]).includes(file.type)) return INVALID_FILE_TYPE;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  return null;
}

/** The title a dropped file gets: its name without the extension (the upload needs one). */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^.]+$/, '').replace(/[_]+/g, ' ').trim();
  return base === '' ? name : base;
}
