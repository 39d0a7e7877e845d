// Markdown of the product's own documents (legal documents, FAQ answers) rendered as React
// elements. react-markdown renders no raw HTML: HTML in the text shows as text, never as markup.
import Markdown from 'react-markdown';

/** `headingIds`: give each `## ` heading the id its section is linked by (slug of its text). */
export function MarkdownText({ text, className, headingIds }: { text: string; className?: string; headingIds?: (heading: string) => string }) {
  return (
    <div className={['markdown-text', className].filter(Boolean).join(' ')}>
      <Markdown
        components={{
          h2: ({ children }) => <h2 id={headingIds && typeof children === 'string' ? headingIds(children) : undefined}>{children}</h2>,
          a: ({ href, children }) => {
            // Links leaving GOOSE open in a new tab, so the document stays where it was read.
            const outside = href !== undefined && /^https?:\/\//.test(href);
            return outside ? (
              <a href={href} target="_blank" rel="noreferrer noopener">
                {children}
              </a>
            ) : (
              <a href={href}>{children}</a>
            );
          },
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
