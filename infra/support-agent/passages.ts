// The passages the support agent retrieves and cites: one per FAQ entry, one per paragraph of the
// legal documents and of docs/*.md. Each has a stable id (document, heading slug, paragraph
// ordinal), the address where a user reads it in the app (FAQ entries and legal documents; the
// developer docs have none) and a content hash, so the search index is rebuilt only for what changed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { slugOf } from '../../domain/contracts/knowledge';
import type { Knowledge } from '../knowledge/knowledge';
import { loadPhrasings, type PhrasingsByEntry } from './phrasings';

export interface Passage {
  /** `faq/<category>#<entry>`, `legal/<document>#<section>-p<n>`, `docs/<file>#<section>-p<n>`. */
  id: string;
  source: 'faq' | 'legal' | 'docs';
  /** The entry's question, or the document's title and the section's heading. */
  title: string;
  /** Where a user reads it in the app; null for the developer docs. */
  url: string | null;
  /** The passage as plain text (Markdown marks removed), quoted to users. */
  text: string;
  /** How users ask what a FAQ entry answers (content/support/phrasings.yml); matched, never quoted. */
  phrasings?: readonly string[];
  /** sha256 of id, title, text and phrasings: the index keeps a passage whose hash it already has. */
  contentHash: string;
}

/** The repository's docs/ folder. */
export const DOCS_DIR = fileURLToPath(new URL('../../docs', import.meta.url));

/** Paragraphs shorter than this join the next one: a lone "For example:" is no answer. */
const MIN_PARAGRAPH_CHARS = 60;

export function passagesOf(knowledge: Knowledge, docsDir: string | null = DOCS_DIR, phrasings: PhrasingsByEntry = loadPhrasings()): Passage[] {
  const passages: Passage[] = [];
  for (const category of knowledge.faq) {
    for (const entry of category.entries) {
      const id = `faq/${category.id}#${entry.id}`;
      passages.push(passage(id, 'faq', entry.question, `/dashboard/faq#${entry.id}`, plainText(entry.answer), phrasings.get(id) ?? []));
    }
  }
  for (const document of knowledge.legal) {
    for (const section of sectionsOf(document.body)) {
      paragraphsOf(section.text).forEach((paragraph, index) => {
        const anchor = section.slug ?? 'introduction';
        const url = section.slug ? `/legal/${document.id}#${section.slug}` : `/legal/${document.id}`;
        const title = section.heading ? `${document.title}: ${section.heading}` : document.title;
        passages.push(passage(`legal/${document.id}#${anchor}-p${index + 1}`, 'legal', title, url, paragraph, phrasings.get(`legal/${document.id}#${anchor}`) ?? []));
      });
    }
  }
  if (docsDir !== null) {
    for (const file of readdirSync(docsDir).filter((name) => name.endsWith('.md')).sort()) {
      const name = file.replace(/\.md$/, '');
      const body = readFileSync(path.join(docsDir, file), 'utf8');
      const title = /^# +(.+)$/m.exec(body)?.[1]?.trim() ?? name;
      for (const section of sectionsOf(body)) {
        paragraphsOf(section.text).forEach((paragraph, index) => {
          passages.push(passage(`docs/${name}#${section.slug ?? 'introduction'}-p${index + 1}`, 'docs', section.heading ? `${title}: ${section.heading}` : title, null, paragraph));
        });
      }
    }
  }
  return passages;
}

function passage(id: string, source: Passage['source'], title: string, url: string | null, text: string, phrasings: readonly string[] = []): Passage {
  const contentHash = createHash('sha256').update([id, title, text, ...phrasings].join('\n')).digest('hex');
  return { id, source, title: plainText(title), url, text, phrasings, contentHash };
}

/** The `## ` sections of a Markdown body (text before the first is the introduction); fenced code is dropped. */
function sectionsOf(body: string): Array<{ heading: string | null; slug: string | null; text: string }> {
  const sections: Array<{ heading: string | null; slug: string | null; lines: string[] }> = [{ heading: null, slug: null, lines: [] }];
  let fenced = false;
  for (const line of body.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced || /^# /.test(line)) continue;
    const heading = /^## +(.+?)\s*#*\s*$/.exec(line);
    if (heading) sections.push({ heading: heading[1]!.trim(), slug: slugOf(heading[1]!), lines: [] });
    else sections.at(-1)!.lines.push(line);
  }
  return sections.map((s) => ({ heading: s.heading, slug: s.slug, text: s.lines.join('\n') })).filter((s) => s.text.trim().length > 0);
}

/** Blank-line separated paragraphs as plain text, short ones joined to the next. */
function paragraphsOf(text: string): string[] {
  const paragraphs: string[] = [];
  let pending = '';
  for (const block of text.split(/\n\s*\n/)) {
    const plain = plainText(block);
    if (plain.length === 0) continue;
    pending = pending ? `${pending} ${plain}` : plain;
    if (pending.length >= MIN_PARAGRAPH_CHARS) {
      paragraphs.push(pending);
      pending = '';
    }
  }
  if (pending) {
    if (paragraphs.length > 0) paragraphs[paragraphs.length - 1] += ` ${pending}`;
    else paragraphs.push(pending);
  }
  return paragraphs;
}

/** Markdown marks removed: links keep their words, emphasis and code marks go, table pipes become separators. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, '')
    .replace(/\s*\|\s*/g, ' | ')
    .replace(/^\s*#{3,6}\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '• ')
    .replace(/(\*\*|__|\*|_|`)(?=\S)([^`*_]*?\S)\1/g, '$2')
    .replace(/`/g, '')
    .replace(/^\s*\|\s*|\s*\|\s*$/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}
