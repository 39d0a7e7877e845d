// One answer of the support agent as the contract gives it (agentAnswerSchema): the text, every
// source it rests on (title, link, excerpt), its action link, the helpful / not helpful vote, and,
// when the conversation was handed to a person, the ticket in the Support tab. Links into the app
// move within it (a full page load would end the chat's conversation).
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { supportTicketPath, type AgentAnswer } from '../../../../../domain/contracts/support';

export interface AgentAnswerViewProps {
  answer: AgentAnswer;
  vote: 'helpful' | 'unhelpful' | null;
  voting: boolean;
  onVote(helpful: boolean): void;
  /** A link of the answer was followed into the app. */
  onFollowLink(): void;
}

/** An address of this app ("/dashboard/faq#…"), not another site's. */
const isInApp = (url: string) => url.startsWith('/') && !url.startsWith('//');

function AnswerLink({ url, onFollow, children }: { url: string; onFollow(): void; children: ReactNode }) {
  return isInApp(url) ? (
    <Link to={url} onClick={onFollow}>
      {children}
    </Link>
  ) : (
    <a href={url} target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}

export function AgentAnswerView({ answer, vote, voting, onVote, onFollowLink }: AgentAnswerViewProps) {
  return (
    <div className="chat-answer" data-kind={answer.kind}>
      <p className="chat-answer__text">{answer.text}</p>
      {answer.sources.length > 0 ? (
        <div className="chat-answer__sources">
          <p className="chat-answer__sources-title small">Sources</p>
          <ul aria-label="Sources">
            {answer.sources.map((source) => (
              <li key={source.id}>
                {source.url ? (
                  <AnswerLink url={source.url} onFollow={onFollowLink}>
                    {source.title}
                  </AnswerLink>
                ) : (
                  <strong>{source.title}</strong>
                )}
                <blockquote className="small muted">{source.excerpt}</blockquote>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="small muted">No source in GOOSE's documents covers this.</p>
      )}
      {answer.ticketId ? (
        // The handoff's ticket is its one link: the server's action names the same ticket.
        <p className="chat-answer__ticket">
          <i className="pi pi-user" aria-hidden="true" /> Handed to a person.{' '}
          <AnswerLink url={supportTicketPath(answer.ticketId)} onFollow={onFollowLink}>
            Open your ticket in the Support tab
          </AnswerLink>
        </p>
      ) : (
        answer.actionUrl && (
          <p>
            <AnswerLink url={answer.actionUrl} onFollow={onFollowLink}>
              {answer.actionText ?? 'Open'}
            </AnswerLink>
          </p>
        )
      )}
      {answer.kind !== 'handoff' && (
        <div className="chat-answer__vote" role="group" aria-label="Was this answer helpful?">
          {vote ? (
            <span className="small muted">{vote === 'helpful' ? 'Thanks: marked helpful.' : 'Thanks: marked not helpful.'}</span>
          ) : (
            <>
              <Button label="Helpful" icon="pi pi-thumbs-up" size="small" text disabled={voting} onClick={() => onVote(true)} />
              <Button label="Not helpful" icon="pi pi-thumbs-down" size="small" text disabled={voting} onClick={() => onVote(false)} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
