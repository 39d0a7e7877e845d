// One legal document as a dialog shows it: version and effective date, then its Markdown.
import type { LegalDocument } from '../../../../../domain/contracts/knowledge';
import { slugOf } from '../../../../../domain/contracts/knowledge';
import { MarkdownText } from '../../../components/ui/markdown-text';

export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <article className="legal-document" aria-label={document.title}>
      <p className="legal-document__meta muted">
        Version {document.version} · effective {formatEffective(document.effective)}
      </p>
      <MarkdownText text={document.body} headingIds={slugOf} />
    </article>
  );
}

/** 2026-11-29 → 29 November 2026 (the date as written, no time zone shift). */
export function formatEffective(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
