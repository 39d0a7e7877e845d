// The passages: stable ids from document, heading slug and paragraph ordinal; the in-app address of
// FAQ entries and legal sections; docs without one; short paragraphs joined.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeKnowledgeFixture } from '../../tests/support/knowledge';
import { loadKnowledge } from '../knowledge/knowledge';
import { passagesOf, plainText } from './passages';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'goose-passages-'));
  await writeKnowledgeFixture(path.join(dir, 'content'));
  await mkdir(path.join(dir, 'docs'));
  await writeFile(path.join(dir, 'docs', 'guide.md'), '# The guide\n\nIntro paragraph that is long enough to stand on its own as a passage.\n\n## How it works\n\nShort.\n\n```\n## not a heading\n```\n\nThe second block joins the short one, and together they make a passage.\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('gives every FAQ entry, legal paragraph and docs paragraph a stable id and its address', () => {
  const passages = passagesOf(loadKnowledge(path.join(dir, 'content')), path.join(dir, 'docs'));
  const byId = new Map(passages.map((p) => [p.id, p]));
  expect(byId.get('faq/pricing#how-do-i-start-with-pricing')).toMatchObject({ source: 'faq', title: 'How do I start with pricing?', url: '/dashboard/faq#how-do-i-start-with-pricing', text: 'First paragraph about pricing. Second paragraph.' });
  expect(byId.get('legal/oracle#who-we-are-p1')).toMatchObject({ source: 'legal', title: 'Fixture oracle: Who we are', url: '/legal/oracle#who-we-are' });
  expect(byId.get('docs/guide#introduction-p1')).toMatchObject({ url: null, title: 'The guide' });
  expect(byId.get('docs/guide#how-it-works-p1')?.text).toBe('Short. The second block joins the short one, and together they make a passage.');
  expect(new Set(passages.map((p) => p.id)).size).toBe(passages.length);
  // Read again (a restart): the same ids and hashes.
  expect(passagesOf(loadKnowledge(path.join(dir, 'content')), path.join(dir, 'docs')).map((p) => `${p.id} ${p.contentHash}`)).toEqual(passages.map((p) => `${p.id} ${p.contentHash}`));
});

it("reads the repository's own knowledge with unique ids", () => {
  const passages = passagesOf(loadKnowledge());
  expect(new Set(passages.map((p) => p.id)).size).toBe(passages.length);
  expect(passages.filter((p) => p.source === 'faq').every((p) => p.url?.startsWith('/dashboard/faq#'))).toBe(true);
});

it('drops Markdown marks', () => {
  expect(plainText('**Bold** and `code`, a [link](https://x.test) and\n- an item')).toBe('Bold and code, a link and • an item');
});
