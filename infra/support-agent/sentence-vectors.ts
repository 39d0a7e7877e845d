// The model's vectors for the knowledge's short texts (the phrasings, the out-of-scope questions and
// the FAQ and legal passages), kept in the database by text and model: two thousand sentences take
// the model most of a minute on a busy machine, so a start loads them and only new or changed texts
// are computed, in the background. Each text keeps its sentence vector and its word pieces' vectors
// (for how well a passage covers a question), the pieces as bytes (a unit vector's components
// times 127) so all of them fit in a few megabytes of memory.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { Embedder } from './embedder';
import { MINILM_MODEL_ID } from './model-files';

export const SENTENCE_TABLE_SQL = `
  CREATE TABLE IF NOT EXISTS support_knowledge_sentences (
    hash text NOT NULL,
    model text NOT NULL,
    sentence real[] NOT NULL,
    pieces bytea NOT NULL,
    PRIMARY KEY (hash, model)
  );`;

const PIECE_SCALE = 127;
const BATCH = 16;

export interface SentenceVector {
  sentence: Float32Array;
  /** The word pieces' unit vectors one after the other, each component times 127. */
  pieces: Int8Array;
}

export class SentenceVectors {
  private readonly byText = new Map<string, SentenceVector>();

  private constructor(
    private readonly db: Queryable,
    private readonly texts: readonly string[],
    private readonly dimensions: number,
  ) {}

  /** Loads the stored vectors of `texts` (duplicates are kept once). */
  static async load(db: Queryable, texts: Iterable<string>, dimensions: number): Promise<SentenceVectors> {
    await db.query(SENTENCE_TABLE_SQL);
    const unique = [...new Set(texts)];
    const store = new SentenceVectors(db, unique, dimensions);
    const byHash = new Map(unique.map((text) => [hashOf(text), text]));
    const { rows } = await db.query<{ hash: string; sentence: number[]; pieces: Uint8Array }>(
      'SELECT hash, sentence, pieces FROM support_knowledge_sentences WHERE model = $1 AND hash = ANY($2::text[])',
      [MINILM_MODEL_ID, [...byHash.keys()]],
    );
    for (const row of rows) {
      const bytes = Uint8Array.from(row.pieces);
      store.byText.set(byHash.get(row.hash)!, { sentence: Float32Array.from(row.sentence), pieces: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    }
    return store;
  }

  get complete(): boolean {
    return this.byText.size === this.texts.length;
  }

  get(text: string): SentenceVector | undefined {
    return this.byText.get(text);
  }

  /** Computes and stores the texts without vectors, a batch at a time, until done or `stopped()`. */
  async computeMissing(embedder: Embedder, stopped: () => boolean): Promise<number> {
    // Short texts batch together, so little padding is computed.
    const missing = this.texts.filter((text) => !this.byText.has(text)).sort((a, b) => a.length - b.length);
    for (let start = 0; start < missing.length && !stopped(); start += BATCH) {
      const batch = missing.slice(start, start + BATCH);
      const embedded = await embedder.embedPieces(batch);
      for (const [i, text] of batch.entries()) {
        const pieces = new Int8Array(embedded[i]!.pieces.length * this.dimensions);
        embedded[i]!.pieces.forEach(({ vector }, row) => vector.forEach((value, d) => (pieces[row * this.dimensions + d] = Math.round(value * PIECE_SCALE))));
        const vector = { sentence: embedded[i]!.sentence, pieces };
        await this.db.query(
          'INSERT INTO support_knowledge_sentences (hash, model, sentence, pieces) VALUES ($1, $2, $3, $4) ON CONFLICT (hash, model) DO NOTHING',
          [hashOf(text), MINILM_MODEL_ID, Array.from(vector.sentence), new Uint8Array(pieces.buffer)],
        );
        this.byText.set(text, vector);
      }
    }
    return missing.length;
  }
}

/** For each of `question`'s pieces, its best cosine with any of `targets`' pieces, averaged. */
export function pieceCoverage(question: readonly Float32Array[], targets: readonly Int8Array[], dimensions: number): number {
  let sum = 0;
  for (const piece of question) {
    let best = -PIECE_SCALE;
    for (const target of targets) {
      for (let offset = 0; offset < target.length; offset += dimensions) {
        let dot = 0;
        for (let d = 0; d < dimensions; d++) dot += piece[d]! * target[offset + d]!;
        if (dot > best) best = dot;
      }
    }
    sum += best / PIECE_SCALE;
  }
  return sum / question.length;
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
