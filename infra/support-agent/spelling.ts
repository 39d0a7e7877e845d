// Questions arrive as people type them ("wat formats can the mastring export to"), and a misspelt
// word both misses the full-text search and moves the sentence's embedding away from the passage
// that answers it. Before searching, each word that is neither in the knowledge's own vocabulary nor
// an English word (Hunspell's en-US dictionary) is replaced by the closest word of the knowledge's
// vocabulary, and common chat shorthand is written out. A word the knowledge never uses but English
// has ("stems", "vinyl") is left alone: changing it would change the question.
import dictionary from 'dictionary-en';
import { distance } from 'fastest-levenshtein';
import nspell from 'nspell';

/** Shorthand that the dictionary does not know or reads as another word. */
const SHORTHAND: Record<string, string> = {
  u: 'you',
  ur: 'your',
  wat: 'what',
  wut: 'what',
  pls: 'please',
  plz: 'please',
  thx: 'thanks',
  tho: 'though',
  thru: 'through',
  cuz: 'because',
  coz: 'because',
  bc: 'because',
  im: 'i am',
  ive: 'i have',
  dont: 'do not',
  cant: 'cannot',
  wont: 'will not',
  doesnt: 'does not',
  didnt: 'did not',
  isnt: 'is not',
  hasnt: 'has not',
  havent: 'have not',
  whats: 'what is',
  hows: 'how is',
  wanna: 'want to',
  gonna: 'going to',
  gotta: 'have to',
  ppl: 'people',
  acct: 'account',
  info: 'information',
  msg: 'message',
  govt: 'government',
  b4: 'before',
  asap: 'as soon as possible',
};

/** The most edits a word of this length may need to be taken for a misspelling. */
function editsAllowed(length: number): number {
  if (length < 4) return 0;
  return length < 7 ? 1 : 2;
}

export class QuestionSpelling {
  private readonly byLength = new Map<number, string[]>();

  private constructor(
    private readonly vocabulary: ReadonlyMap<string, number>,
    private readonly english: ReturnType<typeof nspell>,
  ) {
    for (const word of vocabulary.keys()) {
      const list = this.byLength.get(word.length) ?? [];
      list.push(word);
      this.byLength.set(word.length, list);
    }
  }

  /** The vocabulary is every word of `texts` (the passages, their titles and phrasings), counted. */
  static fromTexts(texts: Iterable<string>): QuestionSpelling {
    const vocabulary = new Map<string, number>();
    for (const text of texts) for (const word of wordsOf(text)) vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
    // dictionary-en gives Uint8Arrays; nspell's types ask for Buffers (it reads either as text).
    return new QuestionSpelling(vocabulary, nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) }));
  }

  /** The question with shorthand written out and misspellings of the knowledge's words corrected. */
  correct(question: string): string {
    return question.replace(/[A-Za-z][A-Za-z0-9']*/g, (token) => {
      const word = token.toLowerCase().replace(/'/g, '');
      const written = SHORTHAND[word];
      if (written) return written;
      if (this.vocabulary.has(word) || /\d/.test(word) || this.english.correct(token) || this.english.correct(word)) return token;
      return this.closest(word) ?? token;
    });
  }

  /** The knowledge's word fewest edits away (the more frequent on a tie), within the edits the length allows. */
  private closest(word: string): string | null {
    const allowed = editsAllowed(word.length);
    let best: { word: string; edits: number; count: number } | null = null;
    for (let length = word.length - allowed; length <= word.length + allowed; length++) {
      for (const candidate of this.byLength.get(length) ?? []) {
        const edits = distance(word, candidate);
        if (edits > allowed) continue;
        const count = this.vocabulary.get(candidate)!;
        if (!best || edits < best.edits || (edits === best.edits && count > best.count)) best = { word: candidate, edits, count };
      }
    }
    return best?.word ?? null;
  }
}

function wordsOf(text: string): string[] {
  return (text.toLowerCase().replace(/'/g, '').match(/[a-z][a-z0-9]*/g) ?? []).filter((word) => word.length >= 3);
}
