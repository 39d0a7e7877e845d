// The real-music corpus's sources: free recorded music that Debian ships in game packages, several
// composers and genres. The Wesnoth soundtrack is deliberately absent: it stays apart as the
// acceptance catalogue, so nothing is tuned on it.

export interface CorpusSource {
  /** The Debian package that ships the music. */
  package: string;
  /** Who made the music, as the package's copyright file credits it. */
  composer: string;
  genre: string;
  /** Audio files inside the package, relative to its root (a directory takes every audio file in it). */
  paths: string[];
  /**
   * Files (by name without extension) left out because they repeat another piece's recording: the
   * benchmark's unrelated pieces must be unrelated. Each with the evidence.
   */
  repeats?: Record<string, string>;
}

export const CORPUS_SOURCES: readonly CorpusSource[] = [
  {
    package: 'drascula-music',
    composer: 'Alcachofa Soft (Drascula: The Vampire Strikes Back)',
    genre: 'adventure-game score: orchestral, jazz and rock cues',
    paths: ['usr/share/scummvm/drascula/audio'],
    repeats: {
      track30:
        'track 1 in another mix: their waveforms correlate at 0.5–0.73 in every 20-s stretch at one fixed lag (5 ms) over the whole 178 s, which unrelated recordings never do',
    },
  },
  {
    package: 'colobot-common-sounds',
    composer: 'Daniel Roux, EPSITEC SA and the TerranovaTeam (Colobot)',
    genre: 'electronic and ambient',
    paths: ['usr/share/games/colobot/music'],
  },
  {
    package: 'pushover-data',
    composer: 'Andreas Röver and contributors (Pushover)',
    genre: 'themed game music: world, electro, orchestral',
    paths: ['usr/share/pushover/themes'],
  },
  {
    package: 'extremetuxracer-data',
    composer: 'Extreme Tux Racer contributors',
    genre: 'upbeat game music',
    paths: ['usr/share/games/etr/music'],
  },
  {
    package: 'asc-music',
    composer: 'Michael Kievernagel (Advanced Strategic Command)',
    genre: 'rock and electronic',
    paths: ['usr/share/games/asc/music'],
  },
  {
    package: 'lincity-ng-data',
    composer: 'LinCity-NG contributors',
    genre: 'calm instrumental',
    paths: ['usr/share/games/lincity-ng/music/default'],
  },
];

/** Pieces shorter than this are cues, not pieces: left out. */
export const MIN_PIECE_SECONDS = 40;
