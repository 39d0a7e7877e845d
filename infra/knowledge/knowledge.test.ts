// The knowledge loader: a valid folder reads with stable ids; a missing or malformed file stops it
// with a message naming the file.
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeKnowledgeFixture } from '../../tests/support/knowledge';
import { CONTENT_DIR, loadKnowledge } from './knowledge';

let dir: string;
beforeEach(async () => {
  dir = await writeKnowledgeFixture(await mkdtemp(path.join(os.tmpdir(), 'goose-knowledge-')), { termsVersion: 4 });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('loadKnowledge', () => {
  it('reads the six documents and six categories, with the terms version and slugged ids', () => {
    const knowledge = loadKnowledge(dir);
    expect(knowledge.termsVersion).toBe(4);
    expect(knowledge.document('oracle')?.sections.map((s) => s.id)).toEqual(['who-we-are', 'your-rights']);
    expect(knowledge.document('nope')).toBeNull();
    expect(knowledge.faq.find((c) => c.id === 'music')?.entries.map((e) => e.id)).toEqual(['how-do-i-start-with-music', 'what-does-music-cost']);
  });

  it('names a missing file', async () => {
    const file = path.join(dir, 'faq', 'technical.md');
    await unlink(file);
    expect(() => loadKnowledge(dir)).toThrow(`${file}: cannot be read (ENOENT)`);
  });

  it('names a file whose front matter lacks a field or has a wrong one', async () => {
    const file = path.join(dir, 'legal', 'api.md');
    await writeFile(file, '---\ntitle: API terms\nversion: two\neffective: 2026-11-01\n---\n\n## One\n\nText.\n');
    expect(() => loadKnowledge(dir)).toThrow(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: front matter is invalid \\(version: .*summary: `));
  });

  it('names a file without front matter, and one whose two questions give one id', async () => {
    const legal = path.join(dir, 'legal', 'privacy.md');
    await writeFile(legal, '# Privacy\n\n## One\n\nText.\n');
    expect(() => loadKnowledge(dir)).toThrow(`${legal}: does not start with YAML front matter`);
    await writeKnowledgeFixture(dir);
    const faq = path.join(dir, 'faq', 'pricing.md');
    await writeFile(faq, '---\ntitle: Pricing\nversion: 1\n---\n\n## What is it?\n\nA.\n\n## What is it\n\nB.\n');
    expect(() => loadKnowledge(dir)).toThrow(`${faq}: the headings "What is it?" and "What is it" give the same id "what-is-it"`);
  });

  it('names the second category whose question gives an id another category has', async () => {
    const faq = path.join(dir, 'faq', 'music.md');
    await writeFile(faq, '---\ntitle: Music\nversion: 1\n---\n\n## How do I start with platform?\n\nA.\n');
    expect(() => loadKnowledge(dir)).toThrow(`${faq}: the question "How do I start with platform?" gives the id "how-do-i-start-with-platform", already an entry of faq/platform.md`);
  });

  it('does not take a heading inside a code block for a section', async () => {
    await writeFile(path.join(dir, 'faq', 'technical.md'), '---\ntitle: Technical\nversion: 1\n---\n\n## How do I call the API?\n\n```\n## not a question\n```\n');
    expect(loadKnowledge(dir).faq.find((c) => c.id === 'technical')?.entries).toHaveLength(1);
  });

  it("reads the repository's own content/ folder (the server starts with it)", () => {
    expect(CONTENT_DIR).toBe(path.resolve(import.meta.dirname, '../../content'));
    const knowledge = loadKnowledge();
    expect(knowledge.legal).toHaveLength(6);
    expect(knowledge.faq.every((category) => category.entries.length > 0)).toBe(true);
  });
});
