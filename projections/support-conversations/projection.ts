// The support_agent_conversations read model: which conversations with the support agent are whose,
// so a user's data export can copy their conversations' streams. The conversation itself (questions,
// answers, votes) stays in its stream; no screen lists conversations, so nothing is announced.
import { SupportAgentQuestionAsked } from '../../domain/support/agent-conversation.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import type { Projection, ReadModelChange } from '../projection';

export const supportConversationsProjection: Projection = {
  name: 'support-conversations',
  version: 1,
  tables: ['support_agent_conversations'],
  schema: `
    CREATE TABLE IF NOT EXISTS support_agent_conversations (
      conversation_id text PRIMARY KEY,
      user_id text NOT NULL,
      started_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS support_agent_conversations_user_idx ON support_agent_conversations (user_id);`,
  handles: new Set([SupportAgentQuestionAsked.type]),
  async apply(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange | null> {
    const { conversationId, userId, askedAt } = SupportAgentQuestionAsked.schema.parse(recorded.data);
    // The first question starts the conversation; later ones (and a replay) leave the row as it is.
    await tx.query('INSERT INTO support_agent_conversations (conversation_id, user_id, started_at) VALUES ($1, $2, $3) ON CONFLICT (conversation_id) DO NOTHING', [conversationId, userId, askedAt]);
    return null;
  },
};
