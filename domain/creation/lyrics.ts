// Lyrics for a song: written from the prompt's keywords by the phrase grammar (lyrics-grammar.ts),
// or parsed from the user's own text, in one structure: sections of lines, each line's words cut
// into syllables so the composer can sing one syllable per melody note.
//
// Writing is deterministic: the only randomness is the generator passed in. A song has one verse
// and chorus per started minute (a bridge before the last chorus from two minutes on, a chorus
// alone for a clip of 20 s or less); the chorus is written once and repeated word for word; the
// lines of each pair (AABB) or of alternate lines (ABAB) end in perfect rhymes by the CMU dictionary.
import { ENDINGS, genreProfile, interjection, MOODS, moodFamily, SHARED, STOP_WORDS, type EndPos, type Template } from './lyrics-grammar';
import type { Random } from './random';
import { formatLyrics, sectionKindOf, type LyricLine, type LyricSection, type LyricWord, type SectionKind } from './lyrics-sections';
import { normalWord, rhymeTail, syllabify } from './lyrics-words';

/** What lyrics are written from: the lyrics request's fields (genre, mood and vocal style by name). */
export interface LyricsRequest {
  prompt: string;
  genre: string;
  mood: string;
  /** Seconds. */
  duration: number;
  vocalStyle: string;
}

/** A section the composer has planned, for lyrics that follow its form. */
export interface PlannedSection {
  kind: SectionKind;
  lines?: number;
  /** Syllables each line aims at (the notes of its phrase). */
  syllables?: number;
}

export interface Lyrics {
  /** The lyrics as text, sections headed `[Verse 1]`, `[Chorus]`…, separated by a blank line. */
  text: string;
  sections: LyricSection[];
  /** The prompt's key phrases the lyrics use. */
  keywords: string[];
}

const MAX_KEY_PHRASES = 4;
const MAX_PHRASE_WORDS = 3;
// Longer is not a word anyone sings (a pasted hash, a key held down).
const MAX_KEYWORD_LETTERS = 24;
const CANDIDATES_PER_GROUP = 8;

/** A line of text with its words and syllables. */
export function lyricLine(text: string): LyricLine {
  const words = text
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map(lyricWord);
  return { text: words.map((word) => word.text).join(' '), syllables: words.flatMap((word) => word.syllables), words };
}

function lyricWord(text: string): LyricWord {
  const core = /[\p{L}\p{N}](?:.*[\p{L}\p{N}])?/u.exec(text);
  if (!core) return { text, syllables: [] };
  const pieces = core[0].split('-').flatMap((part, i, parts) => {
    const cut = part ? syllabify(part) : [];
    // A hyphen stays on the piece before it, so the pieces still join to the word.
    return i < parts.length - 1 && cut.length > 0 ? [...cut.slice(0, -1), `${cut.at(-1)}-`] : cut;
  });
  const before = text.slice(0, core.index);
  const after = text.slice(core.index + core[0].length);
  pieces[0] = before + pieces[0]!;
  pieces[pieces.length - 1] = pieces.at(-1)! + after;
  return { text, syllables: pieces };
}

/**
 * The prompt's key phrases, in order: the runs of words between stop words and punctuation ("rainy
 * Tokyo nights"), at most three words each and four phrases, each told once. A word keeps its
 * capital only where it is not the first of its sentence (a name).
 */
export function keyPhrases(prompt: string): string[] {
  const phrases: string[] = [];
  const seen = new Set<string>();
  for (const sentence of prompt.split(/[.,;:!?()[\]{}"“”\n]+/)) {
    let run: string[] = [];
    const flush = () => {
      const phrase = run.slice(-MAX_PHRASE_WORDS).join(' ');
      run = [];
      if (!phrase || seen.has(phrase.toLowerCase())) return;
      seen.add(phrase.toLowerCase());
      phrases.push(phrase);
    };
    const words = sentence.split(/\s+/).filter((word) => word.length > 0);
    words.forEach((raw, index) => {
      const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      const normal = normalWord(word).replace(/'/g, '');
      if (!word || normal.length < 2 || word.length > MAX_KEYWORD_LETTERS || /^\d+$/.test(normal) || STOP_WORDS.has(normal)) {
        flush();
        return;
      }
      const isName = index > 0 && /^\p{Lu}/u.test(word);
      run.push(isName ? word : word.toLowerCase());
    });
    flush();
  }
  return phrases.slice(0, MAX_KEY_PHRASES);
}

/** The sections a song of this many seconds has. */
export function lyricSectionsFor(durationSeconds: number): PlannedSection[] {
  if (durationSeconds <= 20) return [{ kind: 'chorus' }];
  const pairs = Math.max(1, Math.ceil(durationSeconds / 60));
  const plan: PlannedSection[] = [];
  for (let i = 0; i < pairs; i++) plan.push({ kind: 'verse' }, { kind: 'chorus' });
  if (pairs >= 2) plan.splice(plan.length - 1, 0, { kind: 'bridge' });
  return plan;
}

interface StanzaSpec {
  lines: number;
  syllables: number;
  templates: Template[];
  /** Lines that must carry a key phrase, and which. */
  keyLines: Map<number, string>;
}

interface Writer {
  random: Random;
  phrases: string[];
  nouns: readonly string[];
  adjectives: readonly string[];
  interjection: string;
  scheme: 'AABB' | 'ABAB';
  usedEnds: Set<string>;
  usedTemplates: Set<Template>;
}

/**
 * Lyrics from a prompt, in the genre's line length and rhyme scheme and the mood's words. `plan`
 * gives the sections when the composer has planned them; otherwise they follow the duration.
 */
export function writeLyrics(request: LyricsRequest, random: Random, plan: PlannedSection[] = lyricSectionsFor(request.duration)): Lyrics {
  const profile = genreProfile(request.genre);
  const mood = MOODS[moodFamily(request.mood)];
  const prompted = keyPhrases(request.prompt);
  const phrases = prompted.length > 0 ? prompted : [mood.theme];
  const writer: Writer = {
    random,
    phrases,
    nouns: [...mood.nouns, ...profile.nouns],
    adjectives: mood.adjectives,
    interjection: interjection(request.vocalStyle),
    scheme: random.pick(profile.schemes),
    usedEnds: new Set(),
    usedTemplates: new Set(),
  };
  const [hook] = phrases as [string, ...string[]];
  const others = phrases.length > 1 ? phrases.slice(1) : phrases;
  let nextOther = 0;
  const nextPhrase = () => others[nextOther++ % others.length]!;

  let chorus: LyricLine[] | null = null;
  let verses = 0;
  const sections = plan.map((planned): LyricSection => {
    switch (planned.kind) {
      case 'chorus': {
        const lines = planned.lines ?? 4;
        // Written once: every chorus of a song is the same (unless the plan sizes them differently).
        if (!chorus || chorus.length !== lines) {
          const keyLines = new Map([[0, hook]]);
          if (lines > 2) keyLines.set(2, hook);
          chorus = writeStanza(writer, { lines, syllables: planned.syllables ?? profile.syllables - 1, templates: [...mood.chorus, ...SHARED.chorus], keyLines });
        }
        return { kind: 'chorus', label: 'Chorus', lines: chorus };
      }
      case 'bridge': {
        const lines = planned.lines ?? 2;
        return { kind: 'bridge', label: 'Bridge', lines: writeStanza(writer, { lines, syllables: planned.syllables ?? profile.syllables - 2, templates: SHARED.bridge, keyLines: new Map() }) };
      }
      case 'verse':
      case 'intro':
      case 'pre-chorus':
      case 'outro':
      case 'other': {
        const lines = planned.lines ?? (planned.kind === 'verse' ? 4 : 2);
        const keyLines = new Map([[0, nextPhrase()]]);
        if (lines > 2) keyLines.set(2, nextPhrase());
        const label = planned.kind === 'verse' ? `Verse ${++verses}` : sectionLabel(planned.kind);
        return { kind: planned.kind, label, lines: writeStanza(writer, { lines, syllables: planned.syllables ?? profile.syllables, templates: [...mood.verse, ...SHARED.verse], keyLines }) };
      }
      default:
        return planned.kind satisfies never;
    }
  });
  const text = formatLyrics(sections);
  const lower = text.toLowerCase();
  return { text, sections, keywords: prompted.filter((phrase) => lower.includes(phrase.toLowerCase())) };
}

function sectionLabel(kind: SectionKind): string {
  return kind === 'pre-chorus' ? 'Pre-Chorus' : kind.charAt(0).toUpperCase() + kind.slice(1);
}

/** The groups of line indices that rhyme with each other. */
function rhymeGroups(lines: number, scheme: 'AABB' | 'ABAB'): number[][] {
  const groups: number[][] = [];
  let start = 0;
  for (; start + 4 <= lines; start += 4) {
    if (scheme === 'AABB') groups.push([start, start + 1], [start + 2, start + 3]);
    else groups.push([start, start + 2], [start + 1, start + 3]);
  }
  for (; start + 2 <= lines; start += 2) groups.push([start, start + 1]);
  // An odd last line rhymes with the group before it (or stands alone in a one-line section).
  if (start < lines) {
    if (groups.length > 0) groups.at(-1)!.push(start);
    else groups.push([start]);
  }
  return groups;
}

interface Candidate {
  texts: string[];
  ends: string[];
  templates: Template[];
  score: number;
}

function writeStanza(writer: Writer, spec: StanzaSpec): LyricLine[] {
  const texts: string[] = new Array<string>(spec.lines).fill('');
  for (const group of rhymeGroups(spec.lines, writer.scheme)) {
    let best = bestCandidate(writer, spec, group);
    if (!best) {
      // A long song has used up the rhymes its templates can end in: from here on endings may come back.
      writer.usedEnds.clear();
      best = bestCandidate(writer, spec, group);
    }
    if (!best) throw new Error('No rhyme could be found for a group of lines');
    for (const end of best.ends) writer.usedEnds.add(end);
    for (const template of best.templates) writer.usedTemplates.add(template);
    group.forEach((index, i) => (texts[index] = best.texts[i]!));
  }
  return texts.map((text) => lyricLine(text.charAt(0).toUpperCase() + text.slice(1)));
}

/** Of a few rhyming candidates for the group's lines, the one nearest the syllables aimed at. */
function bestCandidate(writer: Writer, spec: StanzaSpec, group: number[]): Candidate | null {
  let best: Candidate | null = null;
  for (let attempt = 0; attempt < CANDIDATES_PER_GROUP; attempt++) {
    const chosen: Template[] = [];
    for (const index of group) chosen.push(chooseTemplate(writer, spec, index, chosen));
    const ends = rhymingEnds(writer, chosen.map((template) => template.end));
    if (!ends) continue;
    const texts = chosen.map((template, i) => leadIn(writer, fill(writer, template, spec.keyLines.get(group[i]!), ends[i]!), spec.syllables));
    const score = texts.reduce((sum, line) => sum + Math.abs(lyricLine(line).syllables.length - spec.syllables), 0);
    if (!best || score < best.score) best = { texts, ends, templates: chosen, score };
  }
  return best;
}

/**
 * A template for the line: with a key phrase slot when the line must carry one, preferably one the
 * song has not sung yet, never one its rhyming lines use.
 */
function chooseTemplate(writer: Writer, spec: StanzaSpec, index: number, taken: Template[]): Template {
  const wantsKey = spec.keyLines.has(index);
  const fitting = spec.templates.filter((template) => /\{T?K\}/.test(template.text) === wantsKey && !taken.includes(template));
  const fresh = fitting.filter((template) => !writer.usedTemplates.has(template));
  return writer.random.pick(fresh.length > 0 ? fresh : fitting.length > 0 ? fitting : spec.templates);
}

interface RhymeFamily {
  words: Record<EndPos, string[]>;
}

let families: RhymeFamily[] | null = null;

/** The line endings grouped by their rhyme, only the groups with at least two words. */
function rhymeFamilies(): RhymeFamily[] {
  if (families) return families;
  const byTail = new Map<string, RhymeFamily>();
  for (const pos of ['n', 'v', 'a'] as const) {
    for (const word of ENDINGS[pos]) {
      const tail = rhymeTail(word);
      if (!tail) continue;
      const family = byTail.get(tail) ?? { words: { n: [], v: [], a: [] } };
      family.words[pos].push(word);
      byTail.set(tail, family);
    }
  }
  families = [...byTail.values()].filter((family) => new Set(Object.values(family.words).flat()).size >= 2);
  return families;
}

/** Picks the first item: whether a family can fill the positions does not depend on chance. */
const FIRST_CHOICE: Pick<Random, 'pick'> = { pick: (items) => items[0]! };

/** Distinct unused words, one per position asked, that all rhyme; null when no family has them. */
function rhymingEnds(writer: Writer, positions: EndPos[]): string[] | null {
  const fits = (family: RhymeFamily) => chooseEnds(writer, family, positions, FIRST_CHOICE) !== null;
  const candidates = rhymeFamilies().filter(fits);
  if (candidates.length === 0) return null;
  return chooseEnds(writer, writer.random.pick(candidates), positions, writer.random);
}

function chooseEnds(writer: Writer, family: RhymeFamily, positions: EndPos[], random: Pick<Random, 'pick'>): string[] | null {
  const taken = new Set<string>();
  const ends: string[] = [];
  for (const pos of positions) {
    const free = family.words[pos].filter((word) => !taken.has(word) && !writer.usedEnds.has(word));
    if (free.length === 0) return null;
    const word = random.pick(free);
    taken.add(word);
    ends.push(word);
  }
  return ends;
}

const LEAD_INS = ['So', 'And', 'Yeah,', 'Now', 'Tonight', 'Right now,', 'Oh, and', 'Yeah, yeah,', 'And tonight', 'So tonight,', 'Every time'];
let leadInLengths: { words: string; syllables: number }[] | null = null;

/** A line well short of its length gets words before it (the longer lines of rap and country). */
function leadIn(writer: Writer, line: string, target: number): string {
  const short = target - lyricLine(line).syllables.length;
  if (short < 2) return line;
  leadInLengths ??= LEAD_INS.map((words) => ({ words, syllables: lyricLine(words).syllables.length }));
  const fitting = leadInLengths.filter((leadIn) => leadIn.syllables <= short);
  if (fitting.length === 0) return line;
  const longest = Math.max(...fitting.map((leadIn) => leadIn.syllables));
  const { words } = writer.random.pick(fitting.filter((leadIn) => leadIn.syllables === longest));
  // The line's first word loses its capital unless it is "I" or a key phrase's own (a name).
  const keepsCapital = /^I\b/.test(line) || writer.phrases.some((phrase) => line.startsWith(phrase));
  return `${words} ${keepsCapital ? line : line.charAt(0).toLowerCase() + line.slice(1)}`;
}

// Phrases that take no "the": they have a determiner already, or are a pronoun or a time.
const NO_ARTICLE = /^(the|a|an|my|your|our|his|her|their|this|that|these|those|you|we|me|us|tonight|today|yesterday|tomorrow)\b/i;

function fill(writer: Writer, template: Template, key: string | undefined, end: string): string {
  const phrase = () => key ?? writer.random.pick(writer.phrases);
  const text = template.text
    .replace(/\{TK\}/g, () => {
      const chosen = phrase();
      return /^\p{Lu}/u.test(chosen) || NO_ARTICLE.test(chosen) ? chosen : `the ${chosen}`;
    })
    .replace(/\{K\}/g, phrase)
    .replace(/\{N\}/g, () => writer.random.pick(writer.nouns))
    .replace(/\{A\}/g, () => writer.random.pick(writer.adjectives))
    .replace(/\{X\}/g, writer.interjection)
    .replace(/\{R:[nva]\}/, end)
    // "a" before a vowel sound's letter.
    .replace(/\b([Aa]) (?=[aeiouAEIOU])/g, '$1n ');
  return text;
}

const BARE_HEADING = /^(intro|verse|pre-?chorus|chorus|refrain|hook|bridge|outro)(\s*\d+)?\s*:?$/i;

/**
 * A user's own lyrics in the same structure. Headings are `[Anything]` or a bare section name
 * ("Chorus:"); a heading with no lines repeats the last section of that name. Without headings, the
 * stanzas (blank-line separated) that occur more than once are the chorus and the others verses.
 */
export function parseLyrics(text: string): LyricSection[] {
  interface Draft {
    label: string | null;
    lines: string[];
  }
  const drafts: Draft[] = [];
  let current: Draft | null = null;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^\[([^\]]{1,60})\]$/.exec(line)?.[1]?.trim() ?? (BARE_HEADING.test(line) ? line.replace(/:$/, '').trim() : null);
    if (heading) {
      current = { label: heading, lines: [] };
      drafts.push(current);
    } else if (line === '') {
      if (current && current.lines.length > 0) current = null;
    } else {
      if (!current) {
        current = { label: null, lines: [] };
        drafts.push(current);
      }
      current.lines.push(line);
    }
  }
  const stanzaKey = (lines: string[]) => lines.map((line) => line.toLowerCase().replace(/\s+/g, ' ')).join('\n');
  const counts = new Map<string, number>();
  for (const draft of drafts) if (draft.label === null) counts.set(stanzaKey(draft.lines), (counts.get(stanzaKey(draft.lines)) ?? 0) + 1);
  const byLabel = new Map<string, LyricLine[]>();
  const sections: LyricSection[] = [];
  for (const draft of drafts) {
    let label = draft.label;
    // An unheaded stanza is numbered after the verses before it, headed or not.
    if (label === null) label = (counts.get(stanzaKey(draft.lines)) ?? 0) > 1 ? 'Chorus' : `Verse ${sections.filter((section) => section.kind === 'verse').length + 1}`;
    const lines = draft.lines.length > 0 ? draft.lines.map(lyricLine) : byLabel.get(label.toLowerCase());
    if (!lines) continue;
    byLabel.set(label.toLowerCase(), lines);
    sections.push({ kind: sectionKindOf(label), label, lines });
  }
  return sections;
}

/** The seed of a lyrics request that names none: 32 bits of FNV-1a over its fields, the same for the same request. */
export function lyricsSeed(request: Pick<LyricsRequest, 'prompt' | 'genre' | 'mood' | 'duration' | 'vocalStyle'>): number {
  const text = JSON.stringify([request.prompt, request.genre, request.mood, request.duration, request.vocalStyle]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
