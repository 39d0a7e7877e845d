// The FAQ and the six legal documents, read from the repository's content/ folder once at start
// and validated: a missing or malformed file stops the server with a message naming the file, so a
// broken document is never served half-read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import {
  FAQ_CATEGORY_IDS,
  LEGAL_DOCUMENT_IDS,
  slugOf,
  type FaqCategory,
  type LegalDocument,
  type LegalDocumentId,
} from '../../domain/contracts/knowledge';

export interface Knowledge {
  /** The six documents in the order of LEGAL_DOCUMENT_IDS. */
  legal: LegalDocument[];
  faq: FaqCategory[];
  /** The terms' version users must have accepted. */
  termsVersion: number;
  document(id: string): LegalDocument | null;
}

/** The repository's content/ folder (next to api/, infra/, …). */
export const CONTENT_DIR = fileURLToPath(new URL('../../content', import.meta.url));

const isoDate = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'effective must be a date (YYYY-MM-DD)'),
);

const legalFrontMatter = z.object({
  title: z.string().trim().min(1),
  version: z.number().int().positive(),
  effective: isoDate,
  summary: z.string().trim().min(1),
});

const faqFrontMatter = z.object({ title: z.string().trim().min(1), version: z.number().int().positive() });

export class KnowledgeFileError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'KnowledgeFileError';
  }
}

/** Reads and validates every document under `dir` (content/legal/<id>.md, content/faq/<category>.md). */
export function loadKnowledge(dir: string = CONTENT_DIR): Knowledge {
  const legal = LEGAL_DOCUMENT_IDS.map((id) => readLegalDocument(dir, id));
  const faq = FAQ_CATEGORY_IDS.map((id) => readFaqCategory(dir, id));
  refuseSharedEntryIds(dir, faq);
  const terms = legal.find((doc) => doc.id === 'terms');
  if (!terms) throw new Error('The terms are one of the legal documents');
  return {
    legal,
    faq,
    termsVersion: terms.version,
    document: (id) => legal.find((doc) => doc.id === id) ?? null,
  };
}

function readLegalDocument(dir: string, id: LegalDocumentId): LegalDocument {
  const file = path.join(dir, 'legal', `${id}.md`);
  const { frontMatter, body } = readDocument(file);
  const meta = parseFrontMatter(file, legalFrontMatter, frontMatter);
  const headings = sectionsOf(body).map((section) => section.heading);
  if (headings.length === 0) throw new KnowledgeFileError(file, 'has no "## " sections');
  return { id, ...meta, body: body.trim(), sections: uniqueIds(file, headings).map(([sectionId, heading]) => ({ id: sectionId, heading })) };
}

function readFaqCategory(dir: string, id: FaqCategory['id']): FaqCategory {
  const file = path.join(dir, 'faq', `${id}.md`);
  const { frontMatter, body } = readDocument(file);
  const meta = parseFrontMatter(file, faqFrontMatter, frontMatter);
  const sections = sectionsOf(body);
  if (sections.length === 0) throw new KnowledgeFileError(file, 'has no "## <question>" entries');
  const ids = uniqueIds(file, sections.map((section) => section.heading));
  const entries = sections.map((section, index) => {
    if (section.text.length === 0) throw new KnowledgeFileError(file, `the question "${section.heading}" has no answer`);
    return { id: ids[index]![0], question: section.heading, answer: section.text };
  });
  return { id, ...meta, entries };
}

/** An entry's link (/dashboard/faq#<id>) names one entry across all categories. */
function refuseSharedEntryIds(dir: string, faq: FaqCategory[]): void {
  const owner = new Map<string, FaqCategory['id']>();
  for (const category of faq) {
    for (const entry of category.entries) {
      const other = owner.get(entry.id);
      if (other !== undefined) {
        throw new KnowledgeFileError(path.join(dir, 'faq', `${category.id}.md`), `the question "${entry.question}" gives the id "${entry.id}", already an entry of faq/${other}.md`);
      }
      owner.set(entry.id, category.id);
    }
  }
}

export function readDocument(file: string): { frontMatter: string; body: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new KnowledgeFileError(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new KnowledgeFileError(file, 'does not start with YAML front matter between --- lines');
  return { frontMatter: match[1]!, body: match[2]! };
}

export function parseFrontMatter<T>(file: string, schema: z.ZodType<T>, frontMatter: string): T {
  let value: unknown;
  try {
    value = parseYaml(frontMatter);
  } catch (error) {
    throw new KnowledgeFileError(file, `front matter is not YAML (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}: ${issue.message}`).join('; ');
    throw new KnowledgeFileError(file, `front matter is invalid (${problems})`);
  }
  return parsed.data;
}

/** The `## ` sections of a Markdown body, each with the text up to the next one (text before the first is the preamble). */
export function sectionsOf(body: string): Array<{ heading: string; text: string }> {
  const sections: Array<{ heading: string; lines: string[] }> = [];
  let fenced = false;
  for (const line of body.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^## +(.+?)\s*#*\s*$/.exec(line);
    if (heading) sections.push({ heading: heading[1]!.trim(), lines: [] });
    else sections.at(-1)?.lines.push(line);
  }
  return sections.map((section) => ({ heading: section.heading, text: section.lines.join('\n').trim() }));
}

/** Each heading with its slug; two headings with one slug would give two things one link, so they are refused. */
export function uniqueIds(file: string, headings: string[]): Array<[string, string]> {
  const seen = new Map<string, string>();
  return headings.map((heading) => {
    const id = slugOf(heading);
    if (id.length === 0) throw new KnowledgeFileError(file, `the heading "${heading}" gives no id`);
    const other = seen.get(id);
    if (other !== undefined) throw new KnowledgeFileError(file, `the headings "${other}" and "${heading}" give the same id "${id}"`);
    seen.set(id, heading);
    return [id, heading];
  });
}
