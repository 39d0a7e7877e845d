// How users ask what each FAQ entry and legal section answers (content/support/phrasings.yml): the
// support agent matches a question against these as well as against the text, by meaning and by
// words. And what users ask that none of them answers (content/support/out-of-scope.yml): a question
// closer to one of those is not answered by quoting. Both are written from the knowledge, apart from
// the agent's bench questions, so the bench still measures questions the agent has never seen.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/** Phrasings by FAQ entry id (`faq/<category>#<entry>`) or legal section (`legal/<document>#<section>`, for each of its paragraphs). */
export type PhrasingsByEntry = ReadonlyMap<string, readonly string[]>;

export const PHRASINGS_FILE = fileURLToPath(new URL('../../content/support/phrasings.yml', import.meta.url));
/** Questions the knowledge does not answer (content/support/out-of-scope.yml). */
export const OUT_OF_SCOPE_FILE = fileURLToPath(new URL('../../content/support/out-of-scope.yml', import.meta.url));

const question = z.string().trim().min(3).max(300);

const phrasingsFileSchema = z.object({
  version: z.number().int().positive(),
  phrasings: z.record(z.string().regex(/^(faq|legal)\/[a-z0-9-]+#[a-z0-9-]+$/, 'keys are FAQ entry ids (faq/<category>#<entry>) or legal sections (legal/<document>#<section>)'), z.array(question).min(1).max(40)),
});

const outOfScopeFileSchema = z.object({ version: z.number().int().positive(), questions: z.array(question).min(1) });

/** Reads and validates the file; a malformed one stops the start with a message naming it. */
export function loadPhrasings(file: string = PHRASINGS_FILE): PhrasingsByEntry {
  return new Map(Object.entries(parsed(file, phrasingsFileSchema).phrasings));
}

/** Reads and validates the out-of-scope questions, like loadPhrasings. */
export function loadOutOfScopeQuestions(file: string = OUT_OF_SCOPE_FILE): readonly string[] {
  return parsed(file, outOfScopeFileSchema).questions;
}

function parsed<Schema extends z.ZodType>(file: string, schema: Schema): z.infer<Schema> {
  const result = schema.safeParse(parseYaml(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`${file}: ${result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return result.data;
}
