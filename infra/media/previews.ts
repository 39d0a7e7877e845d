// Public previews of registered works (docs/ip-protection.md): the first PREVIEW_SECONDS of the
// stored original, faded out over its last three seconds and encoded by ffmpeg (the audio engine's
// runner) as a 128 kb/s MP3, so what a visitor can take away is a short, lossy excerpt and never
// the original. Made once per stored file and kept under data/previews/.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PREVIEW_SECONDS } from '../../domain/contracts/media';
import { runFfmpeg } from '../audio/ffmpeg';

const FADE_SECONDS = 3;
const PREVIEW_MP3_ARGS = ['-c:a', 'libmp3lame', '-b:a', '128k', '-ar', '44100', '-ac', '2'] as const;

/** Where previews are kept: beside uploads, never served by the uploads route. */
export function previewsDir(dataRoot: string): string {
  return path.join(dataRoot, 'previews');
}

/** The preview file's name for a stored original (its name is unique and its content never changes). */
export function previewName(storedName: string): string {
  return `${path.parse(storedName).name}-${PREVIEW_SECONDS}s.mp3`;
}

const making = new Map<string, Promise<string>>();

/**
 * The preview of `original` (a path, or how to get one) under `dir`, made now if it is not there yet: concurrent asks for
 * one preview share one ffmpeg run, and a finished file appears only whole (written aside, then renamed).
 */
export async function ensurePreview(dir: string, original: string | (() => Promise<string>), storedName: string): Promise<string> {
  const target = path.join(dir, previewName(storedName));
  if (await exists(target)) return target;
  const running = making.get(target);
  if (running) return running;
  const work = (async () => {
    await mkdir(dir, { recursive: true });
    const originalPath = typeof original === 'string' ? original : await original();
    const partial = path.join(dir, `.${randomUUID()}.mp3`);
    try {
      const fade = `afade=t=out:st=${PREVIEW_SECONDS - FADE_SECONDS}:d=${FADE_SECONDS}`;
      await runFfmpeg(['-v', 'error', '-t', String(PREVIEW_SECONDS), '-i', originalPath, '-vn', '-af', fade, ...PREVIEW_MP3_ARGS, '-f', 'mp3', '-y', partial], { timeoutMs: 120_000 });
      await rename(partial, target);
      return target;
    } finally {
      await rm(partial, { force: true });
    }
  })();
  making.set(target, work);
  try {
    return await work;
  } finally {
    making.delete(target);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
