// Builds the support agent's search index when it is first needed (or when the server asks for it
// at start), so an app that never answers a question (most test apps) indexes nothing. With the
// model's files present and verified, passages are embedded in the background; until that is done
// questions are searched by their words alone.
import type { Db } from '../db/db';
import type { Knowledge } from '../knowledge/knowledge';
import { logger } from '../logger/logger';
import { openMiniLmEmbedder } from './embedder';
import { KnowledgeIndex } from './knowledge-index';
import type { ModelFiles } from './model-files';
import { passagesOf, DOCS_DIR } from './passages';

export interface LazyKnowledgeIndex {
  get(): Promise<KnowledgeIndex>;
  /** Opens the index and starts embedding in the background; errors are logged. */
  prepare(): void;
  close(): void;
}

export function lazyKnowledgeIndex(options: { db: Db; knowledge: Knowledge; model: ModelFiles; docsDir?: string | null }): LazyKnowledgeIndex {
  let opening: Promise<KnowledgeIndex> | null = null;
  let closed = false;
  const get = () => {
    opening ??= (async () => {
      const embedder = options.model.available ? await openMiniLmEmbedder(options.model) : null;
      const index = await KnowledgeIndex.open(options.db, passagesOf(options.knowledge, options.docsDir === undefined ? DOCS_DIR : options.docsDir), embedder);
      if (closed) index.close();
      else void index.warm().catch((error: unknown) => logger.error({ err: error }, 'support agent: embedding the passages failed; questions are searched by their words'));
      return index;
    })().catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };
  return {
    get,
    prepare() {
      get().catch((error: unknown) => logger.error({ err: error }, 'support agent: the search index could not be opened'));
    },
    close() {
      closed = true;
      void opening?.then((index) => index.close(), () => undefined);
    },
  };
}
