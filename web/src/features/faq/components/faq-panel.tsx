// The dashboard's FAQ tab: the six categories, a search over questions and answers, and the entries
// as an accordion. Each entry has its own address, /dashboard/faq#<entry-id>, which opens it.
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { FaqCategory } from '../../../../../domain/contracts/knowledge';
import { MarkdownText } from '../../../components/ui/markdown-text';
import { PanelTitle } from '../../../components/ui/panel-title';
import { errorMessage } from '../../../lib/api-client';
import { useFaq } from '../api/get-faq';
import { filterFaq, type CategoryChoice } from './faq-search';

export function FaqPanel() {
  const faq = useFaq();
  const { hash } = useLocation();
  const linked = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : null;
  return (
    <section className="faq-panel" aria-labelledby="faq-title">
      <div className="panel-header">
        <PanelTitle id="faq-title" icon="pi-book">
          Frequently Asked Questions
        </PanelTitle>
        <p className="muted">Answers about GOOSE as it works today. Each answer has its own link to share.</p>
      </div>
      {faq.isPending && <Skeleton height="16rem" />}
      {faq.isError && <Message severity="error" text={`Could not load the FAQ: ${errorMessage(faq.error, 'unknown error')}`} />}
      {faq.data && <FaqScreen categories={faq.data} linkedEntryId={linked} />}
    </section>
  );
}

export function FaqScreen({ categories, linkedEntryId }: { categories: FaqCategory[]; linkedEntryId: string | null }) {
  const [choice, setChoice] = useState<CategoryChoice>('all');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(linkedEntryId ? [linkedEntryId] : []));
  const [opened, setOpened] = useState(linkedEntryId);
  const shown = filterFaq(categories, choice, search);

  // A link to an entry (its #id) opens it, also when followed on this page, and brings it into view.
  if (opened !== linkedEntryId) {
    setOpened(linkedEntryId);
    if (linkedEntryId) setOpen(new Set([...open, linkedEntryId]));
  }
  useEffect(() => {
    if (linkedEntryId) document.getElementById(linkedEntryId)?.scrollIntoView({ block: 'start' });
  }, [linkedEntryId]);

  const toggle = (id: string, isOpen: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="faq-screen">
      <div className="faq-screen__controls">
        <IconField iconPosition="left" className="faq-screen__search">
          <InputIcon className="pi pi-search" />
          <InputText type="search" value={search} placeholder="Search questions and answers" aria-label="Search the FAQ" onChange={(event) => setSearch(event.target.value)} />
        </IconField>
        <div className="faq-screen__categories" role="group" aria-label="FAQ categories">
          <Button label="All" size="small" outlined={choice !== 'all'} aria-pressed={choice === 'all'} onClick={() => setChoice('all')} />
          {categories.map((category) => (
            <Button
              key={category.id}
              label={category.title}
              size="small"
              outlined={choice !== category.id}
              aria-pressed={choice === category.id}
              onClick={() => setChoice(category.id)}
            />
          ))}
        </div>
      </div>
      {shown.length === 0 && <p className="muted" role="status">No question or answer matches “{search.trim()}”.</p>}
      {shown.map((category) => (
        <section key={category.id} className="faq-category" aria-labelledby={`faq-category-${category.id}`}>
          <h3 id={`faq-category-${category.id}`}>{category.title}</h3>
          {category.entries.map((entry) => (
            <details key={entry.id} id={entry.id} className="faq-entry" open={open.has(entry.id)} onToggle={(event) => toggle(entry.id, event.currentTarget.open)}>
              <summary className="faq-entry__question">{entry.question}</summary>
              <div className="faq-entry__answer">
                <MarkdownText text={entry.answer} />
                <a className="faq-entry__link" href={`#${entry.id}`} aria-label={`Link to the answer: ${entry.question}`}>
                  <i className="pi pi-link" aria-hidden="true" /> Link to this answer
                </a>
              </div>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
