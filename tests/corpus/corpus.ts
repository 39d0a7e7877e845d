// Reads the real-music corpus that `npm run corpus` assembled (tests/corpus/assemble.ts) for the
// accuracy benchmark, the mastering test and bench:audio. Audio lives in a cache outside the
// repository and is never committed.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface CorpusPiece {
  /** `<package>/<file stem>`: unique in the corpus. */
  id: string;
  title: string;
  composer: string;
  genre: string;
  /** The Debian package (and its version) the piece comes from. */
  source: string;
  sourceVersion: string;
  /** The licence of the source as its Debian copyright file states it. */
  licence: string;
  durationSeconds: number;
  /** The decoded piece: FLAC, 44.1 kHz stereo. */
  file: string;
}

export interface CorpusManifest {
  assembledAt: string;
  pieces: CorpusPiece[];
  /** Each source's Debian copyright file, copied beside the audio. */
  licenceFiles: Record<string, string>;
  /** What each source's pieces were assembled from (its .deb and the choice made), so a re-run with the same can reuse them. */
  assembledFrom?: Record<string, string>;
}

export function corpusDir(): string {
  return process.env.GOOSE_CORPUS_DIR ?? path.join(os.homedir(), '.cache', 'goose-corpus');
}

export const manifestPath = (): string => path.join(corpusDir(), 'manifest.json');

/** The assembled corpus, or null when `npm run corpus` has not been run on this machine. */
export async function loadCorpus(): Promise<CorpusPiece[] | null> {
  try {
    const manifest = JSON.parse(await readFile(manifestPath(), 'utf8')) as CorpusManifest;
    return manifest.pieces.length > 0 ? manifest.pieces : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** `n` pieces spread over the sources in turn (the first of each source, then the second, …). */
export function corpusSample(pieces: readonly CorpusPiece[], n: number): CorpusPiece[] {
  const bySource = new Map<string, CorpusPiece[]>();
  for (const piece of pieces) bySource.set(piece.source, [...(bySource.get(piece.source) ?? []), piece]);
  const queues = [...bySource.values()];
  const out: CorpusPiece[] = [];
  for (let round = 0; out.length < n && queues.some((q) => q.length > round); round++) {
    for (const queue of queues) if (queue[round] && out.length < n) out.push(queue[round]!);
  }
  return out;
}
