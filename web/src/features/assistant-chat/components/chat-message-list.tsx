// The conversation, labelled 'GOOSE AI Agent' and 'You' as the spec has it, in a log that screen
// readers announce as messages arrive: the track's steps and command outcomes, the confirmations a
// command asks (with its price), and the support agent's answers.
import { Button } from 'primereact/button';
import type { PricingResponse } from '../../../../../domain/contracts/tokens';
import { openPricing } from '../../../lib/app-events';
import { TAB_LABELS, type ChatTab } from '../command-parser';
import { AGENT_LABEL, confirmQuestion, USER_LABEL, type ChatEntry, type ContractAnchors } from '../chat-entries';
import { AgentAnswerView } from './agent-answer';

export interface ChatMessageListProps {
  entries: readonly ChatEntry[];
  pricing: Pick<PricingResponse, 'pricing'> | undefined;
  anchors: ContractAnchors;
  /** The answer whose vote is being sent. */
  votingId: string | null;
  /** Shown while the agent is answering. */
  thinking: boolean;
  onConfirm(entryId: string): void;
  onCancel(entryId: string): void;
  onVote(entryId: string, helpful: boolean): void;
  onNavigate(tab: ChatTab): void;
  /** A link in an agent's answer was followed into the app. */
  onFollowLink(): void;
}

const TONE_ICONS = { info: 'pi-info-circle', success: 'pi-check-circle', warn: 'pi-exclamation-triangle', error: 'pi-times-circle' } as const;

function EntryBody({ entry, ...props }: Omit<ChatMessageListProps, 'entries' | 'thinking'> & { entry: ChatEntry }) {
  if (entry.from === 'user') return <p>{entry.text}</p>;
  switch (entry.kind) {
    case 'note':
      return (
        <div className={`chat-note chat-note--${entry.tone}`}>
          <p>
            <i className={`pi ${TONE_ICONS[entry.tone]}`} aria-hidden="true" /> {entry.text}
          </p>
          {(entry.tab || entry.buyTokens) && (
            <div className="button-row">
              {entry.tab && <Button label={`Open ${TAB_LABELS[entry.tab]}`} size="small" outlined onClick={() => props.onNavigate(entry.tab!)} />}
              {entry.buyTokens && <Button label="Buy tokens" icon="pi pi-wallet" size="small" outlined onClick={() => openPricing(entry.text)} />}
            </div>
          )}
        </div>
      );
    case 'confirm': {
      const question = confirmQuestion(entry, props.pricing, props.anchors);
      return (
        <div className="chat-confirm">
          <p>{question.text}</p>
          {entry.status === 'asking' ? (
            <div className="button-row">
              <Button label="Confirm" icon="pi pi-check" size="small" disabled={!question.ready} onClick={() => props.onConfirm(entry.id)} />
              <Button label="Cancel" size="small" outlined onClick={() => props.onCancel(entry.id)} />
            </div>
          ) : (
            <p className="small muted">{entry.status === 'running' ? 'Confirmed: running…' : entry.status === 'done' ? 'Confirmed.' : 'Cancelled.'}</p>
          )}
        </div>
      );
    }
    case 'answer':
      return <AgentAnswerView answer={entry.answer} vote={entry.vote} voting={props.votingId === entry.id} onVote={(helpful) => props.onVote(entry.id, helpful)} onFollowLink={props.onFollowLink} />;
  }
}

export function ChatMessageList({ entries, thinking, ...props }: ChatMessageListProps) {
  return (
    // The log wraps the list: a role on the <ol> itself would take away its list, leaving its items orphaned.
    <div role="log" aria-live="polite" aria-label="Conversation">
      <ol className="chat-messages">
        {entries.map((entry) => (
          <li key={entry.id} className={`chat-message chat-message--${entry.from}`} data-kind={entry.from === 'user' ? 'user' : entry.kind}>
            <span className="chat-message__from">{entry.from === 'user' ? USER_LABEL : AGENT_LABEL}</span>
            <EntryBody entry={entry} {...props} />
          </li>
        ))}
        {thinking && (
          <li className="chat-message chat-message--agent" aria-busy="true">
            <span className="chat-message__from">{AGENT_LABEL}</span>
            <p className="muted">Looking it up…</p>
          </li>
        )}
      </ol>
    </div>
  );
}
