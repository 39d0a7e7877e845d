// The support_agent_conversations read model on PGlite and on the machine's real Postgres server: a
// conversation belongs to the user who asked its first question, later questions and a replay
// leave the row as it was, and a user's data export finds it.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SupportAgentQuestionAsked, supportConversationStreamId } from '../../domain/support/agent-conversation.events';
import { ownedStreams } from '../../infra/account-data/owned-records';
import { describeOnEachDatabase, type ProjectionDatabase } from '../../tests/support/projection-databases';
import { allProjections } from '../all';

describeOnEachDatabase('support-conversations projection', (open) => {
  let database: ProjectionDatabase;

  beforeEach(async () => {
    // Every model: the export reads the owner columns of all of them.
    database = await open([...allProjections]);
  });

  afterEach(() => database.close());

  const ask = async (conversationId: string, userId: string, question: string, askedAt: string, version: number) => {
    const event = SupportAgentQuestionAsked.create({ conversationId, userId, question, askedAt });
    const metadata = { correlationId: 'test', causationId: null, actor: `user:${userId}`, workflowId: null, occurredAt: askedAt };
    const result = await database.store.append(supportConversationStreamId(conversationId), [{ eventId: randomUUID(), metadata, type: event.type, data: event.data }], version === 0 ? 'no_stream' : version);
    await database.projector.waitFor(result.lastPosition);
  };

  it('keeps who started each conversation and when, and the user\'s export lists its stream', async () => {
    const userId = randomUUID();
    const conversationId = randomUUID();
    await ask(conversationId, userId, 'How loud is a master?', '2026-11-29T10:00:00.000Z', 0);
    await ask(conversationId, userId, 'And the quiet one?', '2026-11-29T10:01:00.000Z', 1);
    const { rows } = await database.db.query<{ user_id: string; started_at: Date }>('SELECT user_id, started_at FROM support_agent_conversations WHERE conversation_id = $1', [conversationId]);
    expect(rows).toEqual([{ user_id: userId, started_at: new Date('2026-11-29T10:00:00.000Z') }]);
    expect(await ownedStreams(database.db, userId)).toContainEqual({ folder: 'support-conversations', streamId: supportConversationStreamId(conversationId) });
    expect((await ownedStreams(database.db, randomUUID())).some((s) => s.folder === 'support-conversations')).toBe(false);
  });
});
