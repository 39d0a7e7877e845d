// The phrasings file names only real FAQ entries (a renamed heading would silently orphan its
// phrasings), covers every entry, and is refused whole when malformed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadKnowledge } from '../knowledge/knowledge';
import { passagesOf } from './passages';
import { loadPhrasings } from './phrasings';

describe('the FAQ phrasings', () => {
  it('name every FAQ entry and nothing else, and reach the entries\' passages', () => {
    const phrasings = loadPhrasings();
    const faqIds = passagesOf(loadKnowledge(), null).filter((p) => p.source === 'faq').map((p) => p.id).sort();
    expect([...phrasings.keys()].sort()).toEqual(faqIds);
    const held = passagesOf(loadKnowledge(), null).find((p) => p.id === 'faq/copyright#why-is-my-track-held-for-review');
    expect(held?.phrasings).toEqual(phrasings.get('faq/copyright#why-is-my-track-held-for-review'));
  });

  it('refuses a file whose key is not a FAQ entry id, naming the file', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'goose-phrasings-')), 'phrasings.yml');
    writeFileSync(file, 'version: 1\nphrasings:\n  "legal/terms#p1":\n    - what are the terms\n');
    expect(() => loadPhrasings(file)).toThrow(/phrasings\.yml: phrasings\.legal\/terms#p1: Invalid key/);
  });
});
