// How a generated song reads on its card: its status, the names its files are saved under, and
// the one next step of its track (master, check, register) from the track's own workflow.
import type { GeneratedSong, GenerationStatus } from '../../../../domain/contracts/creation';
import type { VaultItem } from '../../../../domain/contracts/vault';
import { MAX_EXTENDED_DURATION_SECONDS } from '../../../../domain/creation/options';
import { fileExtension, formatDuration } from '../../lib/format';
import { safeFileTitle } from '../../lib/media/download-names';
import { currentStep } from '../../lib/track/workflow-steps';
import { EXTEND_SECONDS } from './api/generate-song';

export const STATUS_DISPLAY: Record<GenerationStatus, { label: string; severity: 'info' | 'warning' | 'success' | 'danger' }> = {
  queued: { label: 'Queued', severity: 'info' },
  composing: { label: 'Composing', severity: 'warning' },
  rendering: { label: 'Rendering', severity: 'warning' },
  finishing: { label: 'Finishing', severity: 'warning' },
  completed: { label: 'Completed', severity: 'success' },
  failed: { label: 'Failed', severity: 'danger' },
};

/** "Waiting: 2 songs ahead in the render queue", or null when the song is not waiting. */
export function queueText(song: Pick<GeneratedSong, 'status' | 'queuePosition'>): string | null {
  if (song.status !== 'queued' || song.queuePosition === null) return null;
  if (song.queuePosition <= 0) return 'Next in the render queue';
  return `Waiting: ${song.queuePosition} ${song.queuePosition === 1 ? 'song' : 'songs'} ahead in the render queue`;
}

export interface SongDownload {
  label: string;
  url: string;
  fileName: string;
}

/** The extension of the file a URL serves (".wav"), or `fallback` when its path has none. */
function extensionOf(url: string, fallback: string): string {
  return fileExtension(url.split(/[?#]/)[0]?.split('/').pop() ?? '') || fallback;
}

/** Every file of a finished song with the name it is saved under: mix WAV and MP3, MIDI, LRC, one file per stem. */
export function songDownloads(song: Pick<GeneratedSong, 'title' | 'downloads'>): SongDownload[] {
  const title = safeFileTitle(song.title);
  const { mixWav, mixMp3, midi, lrc, stems } = song.downloads;
  const files: SongDownload[] = [
    { label: 'WAV', url: mixWav, fileName: `${title}${extensionOf(mixWav, '.wav')}` },
    { label: 'MP3', url: mixMp3, fileName: `${title}${extensionOf(mixMp3, '.mp3')}` },
    { label: 'MIDI', url: midi, fileName: `${title}${extensionOf(midi, '.mid')}` },
  ];
  if (lrc) files.push({ label: 'LRC', url: lrc, fileName: `${title}${extensionOf(lrc, '.lrc')}` });
  for (const stem of stems) files.push({ label: `Stem: ${stem.name}`, url: stem.url, fileName: `${title} - ${safeFileTitle(stem.name)}${extensionOf(stem.url, '.wav')}` });
  return files;
}

/** "Chorus 2 (0:48–1:04)": a section as the Replace picker lists it. */
export function sectionLabel(section: GeneratedSong['sections'][number]): string {
  return `${section.name} (${formatDuration(section.startSeconds)}–${formatDuration(section.endSeconds)})`;
}

/** Why Extend cannot add 30 s more, or null: an extended song stops at 600 s. */
export function extendUnavailable(song: Pick<GeneratedSong, 'durationSeconds'>): string | null {
  return song.durationSeconds + EXTEND_SECONDS > MAX_EXTENDED_DURATION_SECONDS
    ? `A song can be extended up to ${MAX_EXTENDED_DURATION_SECONDS / 60} minutes`
    : null;
}

export type NextStep = 'master' | 'check' | 'register' | 'done';

/** The track's next step in its workflow: master first (optional), then the check, then registration. */
export function nextStepOf(item: VaultItem | undefined): NextStep {
  if (!item) return 'master';
  switch (currentStep(item)) {
    case 'master':
      return 'master';
    case 'copyright':
      return 'check';
    case 'vault':
      return 'register';
    default:
      return 'done';
  }
}
