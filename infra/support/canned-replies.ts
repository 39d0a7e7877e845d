// The support users' canned replies, kept as a versioned document in the repository
// (content/support/canned-replies.md: YAML front matter with title and version, one `## ` section a
// reply), read once at start and validated the way the FAQ and the legal documents are: a missing
// or malformed file stops the server with a message naming the file.
import path from 'node:path';
import { z } from 'zod';
import { CONTENT_DIR, KnowledgeFileError, parseFrontMatter, readDocument, sectionsOf, uniqueIds } from '../knowledge/knowledge';

export interface CannedReply {
  id: string;
  title: string;
  body: string;
}

export interface CannedReplies {
  version: number;
  replies: CannedReply[];
}

const frontMatterSchema = z.object({ title: z.string().trim().min(1), version: z.number().int().positive() });

export function loadCannedReplies(dir: string = CONTENT_DIR): CannedReplies {
  const file = path.join(dir, 'support', 'canned-replies.md');
  const { frontMatter, body } = readDocument(file);
  const meta = parseFrontMatter(file, frontMatterSchema, frontMatter);
  const sections = sectionsOf(body);
  if (sections.length === 0) throw new KnowledgeFileError(file, 'has no "## <name>" replies');
  const ids = uniqueIds(file, sections.map((section) => section.heading));
  const replies = sections.map((section, index) => {
    if (section.text.length === 0) throw new KnowledgeFileError(file, `the reply "${section.heading}" has no text`);
    // A reply is inserted as prose: its lines joined into paragraphs.
    const text = section.text.split(/\n\s*\n/).map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim()).join('\n\n');
    return { id: ids[index]![0], title: section.heading, body: text };
  });
  return { version: meta.version, replies };
}
