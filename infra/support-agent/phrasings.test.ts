// The phrasings file names only real FAQ entries and legal sections (a renamed heading would
// silently orphan its phrasings), covers every FAQ entry, and is refused whole when malformed; no
// question known to be unanswered is also one of the ways an entry is asked.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadKnowledge } from '../knowledge/knowledge';
import { passagesOf } from './passages';
import { loadOutOfScopeQuestions, loadPhrasings } from './phrasings';

describe('the FAQ phrasings', () => {
  it('cover every FAQ entry, name only real entries and legal sections, and reach their passages', () => {
    const phrasings = loadPhrasings();
    const passages = passagesOf(loadKnowledge(), null);
    const faqIds = passages.filter((p) => p.source === 'faq').map((p) => p.id).sort();
    const legalSections = new Set(passages.filter((p) => p.source === 'legal').map((p) => p.id.replace(/-p\d+$/, '')));
    expect([...phrasings.keys()].filter((key) => key.startsWith('faq/')).sort()).toEqual(faqIds);
    expect([...phrasings.keys()].filter((key) => key.startsWith('legal/') && !legalSections.has(key))).toEqual([]);
    const held = passages.find((p) => p.id === 'faq/copyright#why-is-my-track-held-for-review');
    expect(held?.phrasings).toEqual(phrasings.get('faq/copyright#why-is-my-track-held-for-review'));
  });

  it('refuses a file whose key is not a FAQ entry id, naming the file', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'goose-phrasings-')), 'phrasings.yml');
    writeFileSync(file, 'version: 1\nphrasings:\n  "docs/terms#p1":\n    - what are the terms\n');
    expect(() => loadPhrasings(file)).toThrow(/phrasings\.yml: phrasings\.docs\/terms#p1: Invalid key/);
  });

  it('and the questions known to be unanswered are none of the ways an entry is asked', () => {
    const asked = new Set([...loadPhrasings().values()].flat().map((text) => text.toLowerCase()));
    const unanswered = loadOutOfScopeQuestions();
    expect(unanswered.length).toBeGreaterThan(100);
    expect(unanswered.filter((question) => asked.has(question.toLowerCase()))).toEqual([]);
  });
});
