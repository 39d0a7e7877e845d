// Retrieval: the full-text search ORs the question's words (a paraphrase sharing only some of them
// still finds its passage), the table is kept in line with the passages by content hash, and with
// the MiniLM model (fetched by npm run support:model; CI has it) a paraphrase sharing no word is found by meaning.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { openMiniLmEmbedder } from './embedder';
import { KnowledgeIndex } from './knowledge-index';
import { minilmDir, readModelFiles } from './model-files';
import type { Passage } from './passages';

const passage = (id: string, title: string, text: string, hash = id): Passage => ({ id, source: 'faq', title, url: `/dashboard/faq#${id}`, text, contentHash: hash });
const PASSAGES = [
  passage('faq/pricing#refunds', 'Can I get a refund?', 'GOOSE makes no money-back promise. Tokens come back when a step fails.'),
  passage('faq/music#mastering', 'What does mastering do?', 'Mastering sets the loudness and balance of a track for streaming services.'),
  passage('faq/technical#size', 'Is there a limit on upload size?', 'Yes: 50 MB a file, on the web and through the API.'),
];

let db: Db;
beforeAll(async () => {
  db = await pooledPglite();
});
afterAll(() => db.close());

describe('KnowledgeIndex by words', () => {
  it('finds a passage that holds only some of the question\'s words, with its share of them', async () => {
    const index = await KnowledgeIndex.open(db, PASSAGES, null);
    expect(index.semantic).toBe(false);
    const found = await index.search('what is the biggest upload size allowed for a file');
    expect(found[0]).toMatchObject({ passage: { id: 'faq/technical#size' }, semantic: null });
    expect(found[0]!.lexical).toBeGreaterThan(0.3);
    expect(found[0]!.lexical).toBeLessThan(1);
    expect(await index.search('the the of')).toEqual([]);
  });

  it('keeps unchanged rows, rewrites a changed passage and removes a passage that is gone', async () => {
    await KnowledgeIndex.open(db, PASSAGES, null);
    const changed = [passage('faq/pricing#refunds', 'Can I get a refund?', 'Refunds are made by the operator through the payment provider.', 'new-hash'), PASSAGES[1]!];
    const index = await KnowledgeIndex.open(db, changed, null);
    const { rows } = await db.query<{ id: string; content_hash: string }>('SELECT id, content_hash FROM support_knowledge_passages ORDER BY id');
    expect(rows).toEqual([
      { id: 'faq/music#mastering', content_hash: 'faq/music#mastering' },
      { id: 'faq/pricing#refunds', content_hash: 'new-hash' },
    ]);
    expect((await index.search('operator payment provider'))[0]?.passage.id).toBe('faq/pricing#refunds');
  });
});

describe('KnowledgeIndex with the model', async () => {
  const model = await readModelFiles(minilmDir(path.resolve('data')));
  it.skipIf(!model.available)('embeds the passages once and finds a paraphrase that shares no word', async () => {
    if (!model.available) return;
    const modelDb = await pooledPglite();
    try {
      const outOfScope = ['is there a dark mode'];
      const index = await KnowledgeIndex.open(modelDb, PASSAGES, await openMiniLmEmbedder(model), outOfScope);
      expect(index.semantic).toBe(false);
      await index.warm();
      expect(index.semantic).toBe(true);
      const found = await index.search('am I able to obtain reimbursement');
      expect(found[0]?.passage.id).toBe('faq/pricing#refunds');
      expect(found[0]!.semantic).toBeGreaterThan(0.3);
      // The refunds passage covers a question about refunds better than one about a dark mode, and
      // the dark-mode question is the known unanswered one.
      const refunds = found[0]!.passage;
      const aboutRefunds = await index.assess('how do refunds work', refunds);
      const aboutDarkMode = await index.assess('is there a dark mode', refunds);
      expect(aboutRefunds.coverage!).toBeGreaterThan(aboutDarkMode.coverage!);
      expect(aboutDarkMode.outOfScope!).toBeCloseTo(1, 2);
      expect(aboutRefunds.outOfScope!).toBeLessThan(0.5);
      const { rows } = await modelDb.query<{ n: number }>('SELECT count(*)::int AS n FROM support_knowledge_passages WHERE embedding IS NOT NULL');
      expect(rows[0]!.n).toBe(3);
      // Opened again (a restart): the stored embeddings are used at once.
      expect((await KnowledgeIndex.open(modelDb, PASSAGES, await openMiniLmEmbedder(model), outOfScope)).semantic).toBe(true);
    } finally {
      await modelDb.close();
    }
  });
});
