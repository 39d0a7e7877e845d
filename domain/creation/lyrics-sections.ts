// The shape lyrics take, generated or the user's own: sections of lines, each line's words cut into
// syllables. Apart from the writer so the contracts and the web use it without the dictionary.

export const SECTION_KINDS = ['intro', 'verse', 'pre-chorus', 'chorus', 'bridge', 'outro', 'other'] as const;
export type SectionKind = (typeof SECTION_KINDS)[number];

export interface LyricWord {
  /** As written, punctuation included. */
  text: string;
  /** Joined, they give `text`; empty for a word with no letter or digit (a dash, an ampersand). */
  syllables: string[];
}

export interface LyricLine {
  text: string;
  /** Every syllable of the line in order: one melody note each. */
  syllables: string[];
  words: LyricWord[];
}

export interface LyricSection {
  kind: SectionKind;
  /** The heading as shown: "Verse 1", "Chorus", or the user's own. */
  label: string;
  lines: LyricLine[];
}

/** The lyrics as text: each section under its `[Label]`, sections separated by a blank line. */
export function formatLyrics(sections: readonly LyricSection[]): string {
  return sections.map((section) => [`[${section.label}]`, ...section.lines.map((line) => line.text)].join('\n')).join('\n\n');
}

/** What kind of section a heading names ("Verse 2", "Pre-Chorus", "Refrain"…). */
export function sectionKindOf(label: string): SectionKind {
  const name = label.toLowerCase();
  if (name.includes('pre') && name.includes('chorus')) return 'pre-chorus';
  if (/chorus|refrain|hook/.test(name)) return 'chorus';
  if (name.includes('verse')) return 'verse';
  if (name.includes('bridge')) return 'bridge';
  if (name.includes('intro')) return 'intro';
  if (/outro|coda|ending/.test(name)) return 'outro';
  return 'other';
}
