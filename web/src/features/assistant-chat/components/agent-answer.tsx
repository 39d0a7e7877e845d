// One answer of the support agent as the contract gives it (agentAnswerSchema): the text, every
// source it rests on (title, link, excerpt), its action link, the helpful / not helpful vote, and,
// when the conversation was handed to a person, the ticket in the Support tab.
import { Button } from 'primereact/button';
import type { AgentAnswer } from '../../../../../domain/contracts/support';
import { supportTicketUrl } from '../chat-entries';

export interface AgentAnswerViewProps {
  answer: AgentAnswer;
  vote: 'helpful' | 'unhelpful' | null;
  voting: boolean;
  onVote(helpful: boolean): void;
}

export function AgentAnswerView({ answer, vote, voting, onVote }: AgentAnswerViewProps) {
  return (
    <div className="chat-answer" data-kind={answer.kind}>
      <p className="chat-answer__text">{answer.text}</p>
      {answer.sources.length > 0 ? (
        <div className="chat-answer__sources">
          <p className="chat-answer__sources-title small">Sources</p>
          <ul aria-label="Sources">
            {answer.sources.map((source) => (
              <li key={source.id}>
                {source.url ? <a href={source.url}>{source.title}</a> : <strong>{source.title}</strong>}
                <blockquote className="small muted">{source.excerpt}</blockquote>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="small muted">No source in GOOSE's documents covers this.</p>
      )}
      {answer.actionUrl && (
        <p>
          <a href={answer.actionUrl}>{answer.actionText ?? 'Open'}</a>
        </p>
      )}
      {answer.ticketId && (
        <p className="chat-answer__ticket">
          <i className="pi pi-user" aria-hidden="true" /> Handed to a person.{' '}
          <a href={supportTicketUrl(answer.ticketId)}>Open your ticket in the Support tab</a>
        </p>
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
