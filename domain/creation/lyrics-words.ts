// What the lyrics need to know about an English word: how many syllables it has and where its
// spelling splits into them (so the composer can put one syllable on each melody note), and which
// words rhyme with it. Counts and rhymes come from the CMU pronouncing dictionary; a word it lacks
// (a name, a coined word) is counted by `syllable`'s spelling rules.
//
// Rhymes are perfect rhymes by the dictionary: the same sounds from the last stressed vowel to the
// end ("night"/"light", "fire"/"desire"). The `rhymes` package was measured first: 150 to 630 ms per
// word on this machine (it scans all 134,000 entries) and its top 20 are mostly surnames
// ("mcknight", "bossart"), so the lexicon is indexed here on the same dictionary instead.
import { dictionary } from 'cmu-pronouncing-dictionary';
import { syllable } from 'syllable';

/** The word's ARPAbet phonemes (first pronunciation), or null when the dictionary lacks it. */
export function pronunciation(word: string): string[] | null {
  const entry = dictionary[normalWord(word)];
  return entry ? entry.split(' ') : null;
}

const isVowelPhoneme = (phoneme: string) => /\d$/.test(phoneme);

/**
 * The sounds a rhyme must share: from the last stressed vowel (primary or secondary; the last vowel
 * when none is stressed) to the end, stress marks dropped. Null for a word the dictionary lacks.
 */
export function rhymeTail(word: string): string | null {
  const phonemes = pronunciation(word);
  if (!phonemes) return null;
  let start = -1;
  for (let i = phonemes.length - 1; i >= 0; i--) {
    const phoneme = phonemes[i]!;
    if (/[12]$/.test(phoneme)) {
      start = i;
      break;
    }
    if (start === -1 && isVowelPhoneme(phoneme)) start = i;
  }
  if (start === -1) return null;
  return phonemes
    .slice(start)
    .map((p) => p.replace(/\d$/, ''))
    .join(' ');
}

/** Whether two different words rhyme perfectly by the dictionary. */
export function wordsRhyme(a: string, b: string): boolean {
  if (normalWord(a) === normalWord(b)) return false;
  const tail = rhymeTail(a);
  return tail !== null && tail === rhymeTail(b);
}

/** The number of syllables: vowels in the dictionary's pronunciation, else `syllable`'s estimate (at least 1). */
export function syllableCount(word: string): number {
  const phonemes = pronunciation(word);
  if (phonemes) return Math.max(1, phonemes.filter(isVowelPhoneme).length);
  return Math.max(1, syllable(word));
}

/** The dictionary's spelling of a word: lower case, outer punctuation and a possessive's curly quote dropped. */
export function normalWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
}

const VOWEL_LETTERS = 'aeiou';
const KEEP_WITH_PREVIOUS = ['ck', 'ng', 'gh'];
const KEEP_WITH_NEXT = ['th', 'sh', 'ch', 'ph', 'wh'];
const BLENDS = /^[bcdfgkpt][lr]$/;
// Vowel pairs that are usually two syllables ("i-de-a", "qui-et", "cru-el", "po-em").
const HIATUS = ['ia', 'io', 'iu', 'eo', 'ea', 'ua', 'uo', 'ue', 'ie', 'oe', 'ui', 'ou'];

interface Group {
  start: number;
  end: number;
}

/**
 * The word's spelling cut into its syllables ("beautiful" → beau·ti·ful, "tonight" → to·night):
 * as many pieces as the dictionary counts when the spelling allows it, else as many as the spelling
 * has vowel groups ("rhythm" stays whole). Joined, the pieces give the word back unchanged.
 */
export function syllabify(word: string): string[] {
  const target = syllableCount(word);
  if (target <= 1 || word.length < 2) return [word];
  const lower = word.toLowerCase();
  const isVowelAt = (i: number) => {
    const c = lower[i]!;
    // The "u" of "qu" is a consonant ("qui-et").
    if (c === 'u' && lower[i - 1] === 'q') return false;
    if (VOWEL_LETTERS.includes(c)) return true;
    // "y" is a vowel after a consonant ("city", "sky"), a consonant at the start or after a vowel ("yes", "player").
    return c === 'y' && i > 0 && !VOWEL_LETTERS.includes(lower[i - 1]!);
  };
  let groups: Group[] = [];
  for (let i = 0; i < lower.length; i++) {
    if (!isVowelAt(i)) continue;
    const last = groups.at(-1);
    if (last && last.end === i) last.end = i + 1;
    else groups.push({ start: i, end: i + 1 });
  }
  if (groups.length === 0) return [word];
  // A final silent "e" ("fire", "home"), but not a syllabic "-le" after a consonant ("ta-ble").
  let silentE: Group | null = null;
  const lastGroup = groups.at(-1)!;
  if (groups.length > 1 && lastGroup.start === lower.length - 1 && lower.endsWith('e') && !/[^aeiou]le$/.test(lower)) {
    silentE = lastGroup;
    groups = groups.slice(0, -1);
  }
  while (groups.length > target) groups = mergeOne(lower, groups);
  while (groups.length < target) {
    const split = splitOne(lower, groups);
    if (split) groups = split;
    else if (silentE) {
      groups = [...groups, silentE];
      silentE = null;
    } else break;
  }
  const cuts = groups.slice(1).map((group, i) => cutBetween(lower, groups[i]!, group));
  const pieces: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    pieces.push(word.slice(from, cut));
    from = cut;
  }
  pieces.push(word.slice(from));
  return pieces.filter((piece) => piece.length > 0);
}

/** Merges the vowel group most likely silent: an "e" before a final d/s ("loved", "lives"), else the closest pair. */
function mergeOne(lower: string, groups: Group[]): Group[] {
  let best = groups.length - 2;
  let bestGap = Infinity;
  for (let i = 0; i < groups.length - 1; i++) {
    const next = groups[i + 1]!;
    if (lower.slice(next.start, next.end) === 'e' && /^(d|s|ds)$/.test(lower.slice(next.end))) {
      best = i;
      break;
    }
    const gap = next.start - groups[i]!.end;
    if (gap <= bestGap) {
      bestGap = gap;
      best = i;
    }
  }
  const merged = { start: groups[best]!.start, end: groups[best + 1]!.end };
  return [...groups.slice(0, best), merged, ...groups.slice(best + 2)];
}

/** Splits a vowel group that is two syllables ("idea", "quiet"), or null when none is. */
function splitOne(lower: string, groups: Group[]): Group[] | null {
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i]!;
    const letters = lower.slice(group.start, group.end);
    for (let at = 1; at < letters.length; at++) {
      if (!HIATUS.includes(letters.slice(at - 1, at + 1))) continue;
      const first = { start: group.start, end: group.start + at };
      const second = { start: group.start + at, end: group.end };
      return [...groups.slice(0, i), first, second, ...groups.slice(i + 1)];
    }
  }
  return null;
}

/** Where the spelling splits between two vowel groups: V-CV, VC-CV, digraphs and blends kept whole. */
function cutBetween(lower: string, left: Group, right: Group): number {
  const consonants = lower.slice(left.end, right.start);
  if (consonants.length <= 1) return consonants === 'x' ? right.start : left.end;
  const head = consonants.slice(0, 2);
  if (KEEP_WITH_PREVIOUS.includes(head)) return left.end + 2;
  if (KEEP_WITH_NEXT.includes(head)) return consonants.length === 2 ? left.end : left.end + 2;
  if (consonants.length === 2 && BLENDS.test(consonants)) return left.end;
  return left.end + 1;
}
