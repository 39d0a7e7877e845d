// How users ask what each FAQ entry and some legal sections answer (content/support/phrasings.yml):
// the support agent matches a question against these as well as against the text, by meaning and by
// words. They are
// written from the entries, apart from the agent's bench questions, so the bench still measures
// questions the agent has never seen.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/** Phrasings by FAQ entry id (`faq/<category>#<entry>`) or legal section (`legal/<document>#<section>`, for each of its paragraphs). */
export type PhrasingsByEntry = ReadonlyMap<string, readonly string[]>;

export const PHRASINGS_FILE = fileURLToPath(new URL('../../content/support/phrasings.yml', import.meta.url));

const phrasingsFileSchema = z.object({
  version: z.number().int().positive(),
  phrasings: z.record(z.string().regex(/^(faq|legal)\/[a-z0-9-]+#[a-z0-9-]+$/, 'keys are FAQ entry ids (faq/<category>#<entry>) or legal sections (legal/<document>#<section>)'), z.array(z.string().trim().min(3).max(300)).min(1).max(40)),
});

/** Reads and validates the file; a malformed one stops the start with a message naming it. */
export function loadPhrasings(file: string = PHRASINGS_FILE): PhrasingsByEntry {
  const parsed = phrasingsFileSchema.safeParse(parseYaml(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return new Map(Object.entries(parsed.data.phrasings));
}
