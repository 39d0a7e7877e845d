// The support agent's retrieval: every passage in a table of the app's database with its
// full-text vector (indexed at start, idempotent, keyed by content hash) and, when the MiniLM
// model is present, its embedding (computed once per content hash, in the background). A question
// is searched both ways: Postgres full-text search with the OR of its words (the default AND finds
// nothing for a paraphrase) and cosine similarity of embeddings; the two are fused by score
// (fusedScore). `assess` then says how well the best passage covers the question and how close the
// question is to one the knowledge is known not to answer.
import type { Db, Queryable } from '../db/db';
import { logger } from '../logger/logger';
import { dot, type Embedder } from './embedder';
import { MINILM_MODEL_ID } from './model-files';
import type { Passage } from './passages';
import { loadOutOfScopeQuestions } from './phrasings';
import { pieceCoverage, SentenceVectors } from './sentence-vectors';
import { QuestionSpelling } from './spelling';

export const KNOWLEDGE_TABLE_SQL = `
  CREATE TABLE IF NOT EXISTS support_knowledge_passages (
    id text PRIMARY KEY,
    content_hash text NOT NULL,
    source text NOT NULL,
    title text NOT NULL,
    url text,
    body text NOT NULL,
    tsv tsvector NOT NULL,
    embedding real[],
    embedding_model text
  );
  CREATE INDEX IF NOT EXISTS support_knowledge_passages_tsv_idx ON support_knowledge_passages USING gin (tsv);`;

export interface ScoredPassage {
  passage: Passage;
  /** The fused score (fusedScore): higher is better. */
  score: number;
  /** Cosine similarity to the question; null without the model. */
  semantic: number | null;
  /** Share of the question's content words the passage holds (0..1). */
  lexical: number;
  /** 1-based rank in each list, null when absent from it. */
  lexicalRank: number | null;
  semanticRank: number | null;
}

export interface SearchOptions {
  limit?: number;
}

/** How well a passage answers a question beyond their overall similarity (both null without the model). */
export interface Assessment {
  /**
   * How much of the question the passage covers: for each of the question's word pieces (not the
   * small words), its best cosine with a piece of the passage's text or phrasings, averaged (the
   * recall of BERTScore). A question about something the passage does not mention has a piece
   * nothing matches.
   */
  coverage: number | null;
  /** Similarity to the closest question the knowledge is known not to answer (content/support/out-of-scope.yml). */
  outOfScope: number | null;
}

/** How many of each ranking are fused. */
const CANDIDATES = 30;
const WARM_BATCH = 16;
/**
 * The developer docs answer how the platform works inside; a user's question is better answered by
 * the FAQ or the legal documents when both fit, so a docs passage counts for a little less.
 */
const SOURCE_BONUS: Record<Passage['source'], number> = { faq: 0.05, legal: 0.02, docs: -0.05 };
/** By words alone a long docs paragraph shares some words with almost any question, so it counts for much less. */
const SOURCE_BONUS_WORDS_ONLY: Record<Passage['source'], number> = { faq: 0.1, legal: 0, docs: -0.3 };
/** With the model, how much the share of the question's words a passage holds adds to its similarity. */
const LEXICAL_WEIGHT = 0.15;
/** Word pieces that carry no topic of their own: left out of a question's coverage. */
const SMALL_WORDS = new Set(
  'a an the i me my you your we our us is are was were be been do does did can could will would should shall may might must to of in on for with at by from and or but if so it its this that these those there here what which who whom how when where why any some just like really about as up out into than then them they he she his her not no yes ok hi hey have has had am get got'.split(' '),
);

/**
 * The two rankings fused by score: with the model, cosine similarity plus a share of the word
 * coverage (meaning leads, shared words break near-ties); without it, the word coverage. (Reciprocal
 * rank fusion was tried first: on the development questions it let a passage that only shared words
 * outrank the one that meant the same, so scores are fused instead of ranks.)
 */
function fusedScore(found: ScoredPassage): number {
  if (found.semantic !== null) return found.semantic + LEXICAL_WEIGHT * found.lexical + SOURCE_BONUS[found.passage.source];
  return found.lexical + SOURCE_BONUS_WORDS_ONLY[found.passage.source] + (found.lexicalRank === null ? 0 : 0.01 / found.lexicalRank);
}

export class KnowledgeIndex {
  private vectors: Array<{ id: string; vector: Float32Array }> = [];
  /** The phrasings' and out-of-scope questions' vectors, and the FAQ and legal passages' word pieces: null without the model. */
  private sentences: SentenceVectors | null = null;
  private phrasingVectors: Array<{ id: string; vector: Float32Array }> = [];
  private outOfScopeVectors: Float32Array[] = [];
  private closed = false;
  private readonly spelling: QuestionSpelling;

  private constructor(
    private readonly db: Queryable,
    private readonly passages: Map<string, Passage>,
    private readonly embedder: Embedder | null,
    private readonly outOfScopeQuestions: readonly string[],
  ) {
    this.spelling = QuestionSpelling.fromTexts([...passages.values()].flatMap((p) => [p.title, p.text, ...(p.phrasings ?? [])]));
  }

  /** Whether questions are ranked by meaning too: the model is present and every passage, phrasing and out-of-scope question has its vectors. */
  get semantic(): boolean {
    return this.embedder !== null && this.vectors.length === this.passages.size && this.sentences !== null && this.sentences.complete;
  }

  /** Whether the model is present (its embeddings may still be being computed). */
  get modelPresent(): boolean {
    return this.embedder !== null;
  }

  /**
   * Brings the table in line with `passages` (new, changed and removed ones) and loads the stored
   * embeddings. Passages without one are embedded by `warm()`; until then questions are searched by
   * their words alone.
   */
  static async open(db: Db, passages: readonly Passage[], embedder: Embedder | null, outOfScope: readonly string[] = loadOutOfScopeQuestions()): Promise<KnowledgeIndex> {
    await db.query(KNOWLEDGE_TABLE_SQL);
    const { rows } = await db.query<{ id: string; content_hash: string }>('SELECT id, content_hash FROM support_knowledge_passages');
    const stored = new Map(rows.map((row) => [row.id, row.content_hash]));
    const current = new Set(passages.map((p) => p.id));
    const gone = rows.filter((row) => !current.has(row.id)).map((row) => row.id);
    if (gone.length > 0) await db.query('DELETE FROM support_knowledge_passages WHERE id = ANY($1::text[])', [gone]);
    for (const p of passages.filter((p) => stored.get(p.id) !== p.contentHash)) {
      await db.query(
        `INSERT INTO support_knowledge_passages (id, content_hash, source, title, url, body, tsv, embedding, embedding_model)
         VALUES ($1, $2, $3, $4, $5, $6, setweight(to_tsvector('english', $4 || ' ' || $7), 'A') || setweight(to_tsvector('english', $6), 'B'), NULL, NULL)
         ON CONFLICT (id) DO UPDATE SET content_hash = EXCLUDED.content_hash, source = EXCLUDED.source, title = EXCLUDED.title, url = EXCLUDED.url,
           body = EXCLUDED.body, tsv = EXCLUDED.tsv, embedding = NULL, embedding_model = NULL`,
        [p.id, p.contentHash, p.source, p.title, p.url, p.text, (p.phrasings ?? []).join(' ')],
      );
    }
    const index = new KnowledgeIndex(db, new Map(passages.map((p) => [p.id, p])), embedder, outOfScope);
    if (embedder) {
      await index.loadVectors();
      index.sentences = await SentenceVectors.load(db, index.sentenceTexts(), embedder.dimensions);
      index.useSentences();
    }
    return index;
  }

  /**
   * Embeds the passages that have no embedding yet (new or changed ones), a batch at a time, and the
   * phrasings, out-of-scope questions and FAQ and legal passages that have no stored vectors, then
   * ranks by meaning too.
   */
  async warm(): Promise<void> {
    if (!this.embedder || !this.sentences) return;
    const started = Date.now();
    const sentences = await this.sentences.computeMissing(this.embedder, () => this.closed);
    if (sentences > 0 && !this.closed) {
      this.useSentences();
      logger.info({ sentences, ms: Date.now() - started, semantic: this.semantic }, 'support agent: phrasings and questions embedded');
    }
    const embedded = new Set(this.vectors.map((v) => v.id));
    // Short passages batch together, so little padding is computed.
    const missing = [...this.passages.values()].filter((p) => !embedded.has(p.id)).sort((a, b) => a.text.length - b.text.length);
    if (missing.length === 0) return;
    for (let start = 0; start < missing.length && !this.closed; start += WARM_BATCH) {
      const batch = missing.slice(start, start + WARM_BATCH);
      const vectors = await this.embedder.embed(batch.map(embeddingText));
      for (const [i, p] of batch.entries()) {
        await this.db.query('UPDATE support_knowledge_passages SET embedding = $2, embedding_model = $3 WHERE id = $1 AND content_hash = $4', [
          p.id,
          Array.from(vectors[i]!),
          MINILM_MODEL_ID,
          p.contentHash,
        ]);
      }
    }
    if (this.closed) return;
    await this.loadVectors();
    logger.info({ passages: missing.length, ms: Date.now() - started, semantic: this.semantic }, 'support agent: passages embedded');
  }

  /** The short texts whose vectors are stored: every phrasing, every out-of-scope question, and the FAQ and legal passages (for their word pieces). */
  private sentenceTexts(): string[] {
    const passages = [...this.passages.values()];
    return [
      ...passages.flatMap((p) => p.phrasings ?? []),
      ...this.outOfScopeQuestions,
      ...passages.filter((p) => p.source !== 'docs').map(embeddingText),
    ];
  }

  /** Takes the phrasings' and out-of-scope questions' vectors from the store (those it has). */
  private useSentences(): void {
    const vectorOf = (text: string) => this.sentences?.get(text)?.sentence;
    this.phrasingVectors = [...this.passages.values()].flatMap((p) =>
      (p.phrasings ?? []).flatMap((text) => {
        const vector = vectorOf(text);
        return vector ? [{ id: p.id, vector }] : [];
      }),
    );
    this.outOfScopeVectors = this.outOfScopeQuestions.flatMap((text) => vectorOf(text) ?? []);
  }

  /** Stops a warm-up between two batches (the app is closing). */
  close(): void {
    this.closed = true;
  }

  private async loadVectors(): Promise<void> {
    const { rows } = await this.db.query<{ id: string; embedding: number[]; content_hash: string }>(
      'SELECT id, embedding, content_hash FROM support_knowledge_passages WHERE embedding_model = $1 AND embedding IS NOT NULL',
      [MINILM_MODEL_ID],
    );
    this.vectors = rows
      .filter((row) => this.passages.get(row.id)?.contentHash === row.content_hash)
      .map((row) => ({ id: row.id, vector: Float32Array.from(row.embedding) }));
  }

  passage(id: string): Passage | null {
    return this.passages.get(id) ?? null;
  }

  async search(asked: string, { limit = 5 }: SearchOptions = {}): Promise<ScoredPassage[]> {
    const question = this.spelling.correct(asked);
    const [lexical, semantic] = await Promise.all([this.lexicalSearch(question), this.semanticSearch(question)]);
    const fused = new Map<string, ScoredPassage>();
    const entry = (id: string): ScoredPassage | null => {
      const passage = this.passages.get(id);
      if (!passage) return null;
      let found = fused.get(id);
      if (!found) {
        found = { passage, score: 0, semantic: null, lexical: 0, lexicalRank: null, semanticRank: null };
        fused.set(id, found);
      }
      return found;
    };
    lexical.forEach((hit, index) => {
      const found = entry(hit.id);
      if (!found) return;
      found.lexical = hit.coverage;
      found.lexicalRank = index + 1;
    });
    semantic?.ranked.forEach((hit, index) => {
      const found = entry(hit.id);
      if (found) found.semanticRank = index + 1;
    });
    for (const found of fused.values()) {
      found.semantic = semantic?.similarity.get(found.passage.id) ?? null;
      found.score = fusedScore(found);
    }
    return [...fused.values()].sort((a, b) => b.score - a.score || a.passage.id.localeCompare(b.passage.id)).slice(0, limit);
  }

  /** How well `passage` answers `asked` beyond similarity (see Assessment). */
  async assess(asked: string, passage: Passage): Promise<Assessment> {
    if (!this.embedder || !this.semantic) return { coverage: null, outOfScope: null };
    const [question] = await this.embedder.embedPieces([this.spelling.correct(asked)]);
    const outOfScope = this.outOfScopeVectors.reduce((best, vector) => Math.max(best, dot(question!.sentence, vector)), -1);
    const pieces = question!.pieces.filter(({ piece }) => /[a-z0-9]/.test(piece) && !SMALL_WORDS.has(piece)).map(({ vector }) => vector);
    // The developer docs' passages have no stored pieces: a docs passage is quoted by similarity alone.
    const targets = [embeddingText(passage), ...(passage.phrasings ?? [])].flatMap((text) => this.sentences?.get(text)?.pieces ?? []);
    const coverage = pieces.length === 0 || passage.source === 'docs' || targets.length === 0 ? null : pieceCoverage(pieces, targets, this.embedder.dimensions);
    return { coverage, outOfScope };
  }

  private async lexicalSearch(question: string): Promise<Array<{ id: string; coverage: number }>> {
    const { rows } = await this.db.query<{ id: string; matched: number; total: number }>(
      `WITH words AS (SELECT array_agg(DISTINCT lexeme) AS lexemes FROM unnest(to_tsvector('english', $1))),
            q AS (SELECT lexemes, to_tsquery('simple', array_to_string(ARRAY(SELECT quote_literal(l) FROM unnest(lexemes) l), ' | ')) AS query
                  FROM words WHERE lexemes IS NOT NULL)
       SELECT p.id,
              (SELECT count(*) FROM unnest(q.lexemes) l WHERE p.tsv @@ to_tsquery('simple', quote_literal(l)))::int AS matched,
              cardinality(q.lexemes) AS total
       FROM support_knowledge_passages p, q
       WHERE p.tsv @@ q.query
       ORDER BY ts_rank_cd(p.tsv, q.query, 1) DESC, p.id
       LIMIT $2`,
      [question, CANDIDATES * 3],
    );
    // Ranked by how much of the question a passage holds, then by Postgres's rank within that.
    return rows
      .map((row, index) => ({ id: row.id, coverage: row.total > 0 ? row.matched / row.total : 0, index }))
      .sort((a, b) => b.coverage - a.coverage || a.index - b.index)
      .slice(0, CANDIDATES)
      .map(({ id, coverage }) => ({ id, coverage }));
  }

  private async semanticSearch(question: string): Promise<{ ranked: Array<{ id: string }>; similarity: Map<string, number> } | null> {
    if (!this.embedder || !this.semantic) return null;
    const [query] = await this.embedder.embed([question]);
    const similarity = new Map<string, number>();
    // A FAQ entry is as close as the closest of its text and the ways users ask it.
    for (const list of [this.vectors, this.phrasingVectors]) {
      for (const { id, vector } of list) similarity.set(id, Math.max(similarity.get(id) ?? -1, dot(query!, vector)));
    }
    const ranked = [...similarity.entries()].sort((a, b) => b[1] - a[1]).slice(0, CANDIDATES).map(([id]) => ({ id }));
    return { ranked, similarity };
  }
}

/** What a passage's embedding is computed from: its title (the FAQ question) and its text. */
function embeddingText(passage: Passage): string {
  return `${passage.title}. ${passage.text}`;
}
