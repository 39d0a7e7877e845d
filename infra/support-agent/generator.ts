// The optional generator: a chat model behind an OpenAI-compatible URL (SUPPORT_LLM_BASE_URL) that
// writes an answer from the retrieved passages. Its answer is shown only when every sentence cites
// one of those passages' ids (domain/support/agent-policy.ts passesCitationGate); an uncited or
// invented citation, an error or a timeout leaves the extractive answer.
import { z } from 'zod';
import { passesCitationGate } from '../../domain/support/agent-policy';
import type { SupportLlmConfig } from '../config';
import { logger } from '../logger/logger';
import type { ScoredPassage } from './knowledge-index';

export interface GeneratedAnswer {
  text: string;
  /** The ids it cites, in order of first citation. */
  cited: string[];
}

export interface AnswerGenerator {
  /** The grounded answer, or null when there is none to show (refused by the gate, an error, a timeout). */
  answer(question: string, passages: readonly ScoredPassage[]): Promise<GeneratedAnswer | null>;
}

const completionSchema = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1) });

const INSTRUCTIONS =
  'You answer questions about the GOOSE music platform for its users. Use only the passages given. ' +
  'End every sentence with the id of the passage it rests on in square brackets, e.g. [faq/pricing#what-does-a-check-cost]. ' +
  'If the passages do not answer the question, reply exactly: NO ANSWER.';

export function openAiCompatibleGenerator(config: SupportLlmConfig): AnswerGenerator {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    async answer(question, passages) {
      const allowed = new Set(passages.map((p) => p.passage.id));
      const context = passages.map((p) => `[${p.passage.id}] ${p.passage.title}\n${p.passage.text}`).join('\n\n');
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
          body: JSON.stringify({
            model: config.model,
            temperature: 0,
            messages: [
              { role: 'system', content: INSTRUCTIONS },
              { role: 'user', content: `Passages:\n\n${context}\n\nQuestion: ${question}` },
            ],
          }),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        if (!response.ok) {
          logger.warn({ status: response.status }, 'support generator answered an error: the extractive answer is shown');
          return null;
        }
        const parsed = completionSchema.safeParse(await response.json());
        const text = parsed.success ? parsed.data.choices[0]!.message.content?.trim() ?? '' : '';
        if (!parsed.success) logger.warn('support generator answered in an unknown shape: the extractive answer is shown');
        if (!text || !passesCitationGate(text, allowed)) {
          if (text) logger.info('support generator answer refused: a sentence cites no given passage');
          return null;
        }
        const cited = [...new Set([...text.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!))];
        return { text, cited };
      } catch (error) {
        logger.warn({ err: error }, 'support generator failed or timed out: the extractive answer is shown');
        return null;
      }
    },
  };
}
