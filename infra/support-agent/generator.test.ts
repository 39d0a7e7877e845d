// The optional generator against a stand-in OpenAI-compatible server on loopback: a cited answer is
// shown; an uncited sentence, an invented citation, an error, an unknown shape or a slow answer
// give null, so the extractive answer is shown.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openAiCompatibleGenerator } from './generator';
import type { ScoredPassage } from './knowledge-index';

const found: ScoredPassage[] = [
  {
    passage: { id: 'faq/music#mastering', source: 'faq', title: 'What does mastering do?', url: '/dashboard/faq#mastering', text: 'Mastering sets loudness.', contentHash: 'h' },
    score: 0.7,
    semantic: 0.7,
    lexical: 0.5,
    lexicalRank: 1,
    semanticRank: 1,
  },
];

const replies: Record<string, (res: import('node:http').ServerResponse) => void> = {
  good: (res) => json(res, 200, completion('Mastering sets the loudness of your track [faq/music#mastering]. It runs on the server. [faq/music#mastering]')),
  uncited: (res) => json(res, 200, completion('Mastering sets the loudness [faq/music#mastering]. It also gives you a refund.')),
  invented: (res) => json(res, 200, completion('Mastering is free forever [faq/pricing#free-mastering].')),
  error: (res) => json(res, 500, { error: 'boom' }),
  shape: (res) => json(res, 200, { answer: 'no choices' }),
  slow: (res) => setTimeout(() => json(res, 200, completion('Late [faq/music#mastering].')), 1_000),
};
const requests: Array<{ authorization: string | undefined; body: { model: string; messages: Array<{ content: string }> } }> = [];

function completion(content: string) {
  return { choices: [{ message: { role: 'assistant', content } }] };
}
function json(res: import('node:http').ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const parsed = JSON.parse(body);
      requests.push({ authorization: req.headers.authorization, body: parsed });
      replies[parsed.model]!(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const generator = (model: string, timeoutMs = 5_000) => openAiCompatibleGenerator({ baseUrl, model, apiKey: 'sk-test', timeoutMs });

it('shows an answer whose every sentence cites a given passage, sending the passages and the key', async () => {
  expect(await generator('good').answer('what does mastering do', found)).toEqual({
    text: 'Mastering sets the loudness of your track [faq/music#mastering]. It runs on the server. [faq/music#mastering]',
    cited: ['faq/music#mastering'],
  });
  const sent = requests.at(-1)!;
  expect(sent.authorization).toBe('Bearer sk-test');
  expect(sent.body.messages[1]!.content).toContain('[faq/music#mastering] What does mastering do?');
});

it.each(['uncited', 'invented', 'error', 'shape'])('gives nothing to show for the %s answer', async (model) => {
  expect(await generator(model).answer('what does mastering do', found)).toBeNull();
});

it('gives nothing to show when the answer comes after the timeout', async () => {
  const started = Date.now();
  expect(await generator('slow', 200).answer('what does mastering do', found)).toBeNull();
  expect(Date.now() - started).toBeLessThan(900);
});
