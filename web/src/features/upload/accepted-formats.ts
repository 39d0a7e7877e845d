// What the upload panel accepts, from the one list in domain/constants: the file picker's accept
// attribute, the content type a chosen file suggests, and the texts that name the formats.
import { UPLOAD_FILE_NAMES, type ContentType } from '../../../../domain/constants';
import { fileExtension } from '../../lib/format';

const GROUP_LABELS: Record<ContentType, string> = { music: 'Music', video: 'Video', image: 'Images', text: 'Text' };
const GROUPS = Object.entries(UPLOAD_FILE_NAMES) as [ContentType, readonly string[]][];

/** The file input's accept attribute, e.g. ".mp3,.wav,…". */
export const ACCEPT = GROUPS.flatMap(([, names]) => names.map((name) => `.${name}`)).join(',');

/** "Music: mp3, wav, … · Video: mp4, … · Images: … · Text: …". */
export const ACCEPTED_SUMMARY = GROUPS.map(([type, names]) => `${GROUP_LABELS[type]}: ${names.join(', ')}`).join(' · ');

/** The content type a file most likely is, from its name; null when the upload does not take it. */
export function contentTypeFor(fileName: string): ContentType | null {
  const extension = fileExtension(fileName).slice(1);
  return GROUPS.find(([, names]) => names.includes(extension))?.[0] ?? null;
}
