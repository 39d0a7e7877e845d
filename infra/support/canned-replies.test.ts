// The canned replies document: the repository's own reads and validates; a reply without text, two
// replies with one id, or a file without front matter stop the start with the file named.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCannedReplies } from './canned-replies';

let dir: string | null = null;
async function contentWith(text: string): Promise<string> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'goose-canned-'));
  await mkdir(path.join(dir, 'support'));
  await writeFile(path.join(dir, 'support', 'canned-replies.md'), text);
  return dir;
}
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe('canned replies', () => {
  it("reads the repository's replies, each with an id, a name and its text joined into paragraphs", () => {
    const { version, replies } = loadCannedReplies();
    expect(version).toBeGreaterThanOrEqual(1);
    expect(replies.length).toBeGreaterThanOrEqual(3);
    for (const reply of replies) {
      expect(reply.id).toMatch(/^[a-z0-9-]+$/);
      expect(reply.body.trim()).toBe(reply.body);
      expect(reply.body).not.toMatch(/[^\n]\n[^\n]/);
    }
  });

  it.each([
    ['a reply without text', '---\ntitle: Canned\nversion: 1\n---\n## Empty\n\n## Full\nText\n', 'the reply "Empty" has no text'],
    ['two replies with one id', '---\ntitle: Canned\nversion: 1\n---\n## Hello!\nA\n## Hello\nB\n', 'give the same id'],
    ['no front matter', '## Hello\nA\n', 'does not start with YAML front matter'],
    ['no replies', '---\ntitle: Canned\nversion: 1\n---\nNothing here\n', 'has no "## <name>" replies'],
  ])('refuses %s, naming the file', async (_, text, problem) => {
    const folder = await contentWith(text);
    expect(() => loadCannedReplies(folder)).toThrow(problem);
    expect(() => loadCannedReplies(folder)).toThrow(path.join(folder, 'support', 'canned-replies.md'));
  });
});
