// Writes a small, valid content/ folder (six legal documents, six FAQ categories) into a temporary
// directory, so loader and route tests do not depend on the wording of the real documents.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FAQ_CATEGORY_IDS, LEGAL_DOCUMENT_IDS } from '../../domain/contracts/knowledge';

export interface KnowledgeFixtureOptions {
  /** The terms' version (default 1). */
  termsVersion?: number;
}

export async function writeKnowledgeFixture(dir: string, { termsVersion = 1 }: KnowledgeFixtureOptions = {}): Promise<string> {
  await mkdir(path.join(dir, 'legal'), { recursive: true });
  await mkdir(path.join(dir, 'faq'), { recursive: true });
  for (const id of LEGAL_DOCUMENT_IDS) {
    const version = id === 'terms' ? termsVersion : 1;
    await writeFile(
      path.join(dir, 'legal', `${id}.md`),
      `---\ntitle: Fixture ${id}\nversion: ${version}\neffective: 2026-11-01\nsummary: What the fixture ${id} says.\n---\n\nIntro.\n\n## Who we are\n\nFixture text of ${id}.\n\n## Your rights\n\nMore text.\n`,
    );
  }
  for (const id of FAQ_CATEGORY_IDS) {
    await writeFile(
      path.join(dir, 'faq', `${id}.md`),
      `---\ntitle: Fixture ${id}\nversion: 1\n---\n\n## How do I start with ${id}?\n\nFirst paragraph about ${id}.\n\nSecond paragraph.\n\n## What does ${id} cost?\n\nIt costs what the catalogue says.\n`,
    );
  }
  return dir;
}
