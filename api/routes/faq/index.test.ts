// GET /api/faq against a small content/ fixture: six categories, each entry with its stable id.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { faqResponseSchema } from '../../../domain/contracts/knowledge';
import { loadKnowledge } from '../../../infra/knowledge/knowledge';
import { writeKnowledgeFixture } from '../../../tests/support/knowledge';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

const refuse = () => Promise.reject(new Error('not called in this test'));
const lifecycle = { start: refuse, master: refuse, startMaster: refuse, check: refuse, register: refuse, retryRegistration: refuse };

let dir: string;
let testApp: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'goose-faq-'));
  const knowledge = loadKnowledge(await writeKnowledgeFixture(path.join(dir, 'content')));
  testApp = await startTestApp(path.join(dir, 'data'), lifecycle, { knowledge });
});

afterAll(async () => {
  await testApp.app.close();
  await rm(dir, { recursive: true, force: true });
});

it('answers a visitor the six categories, each entry with its id, question and whole answer', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/faq' });
  expect(response.statusCode).toBe(200);
  const { categories } = faqResponseSchema.parse(response.json());
  expect(categories.map((c) => c.id)).toEqual(['platform', 'smart-contracts', 'pricing', 'copyright', 'music', 'technical']);
  expect(categories[2]!.entries[0]).toEqual({
    id: 'how-do-i-start-with-pricing',
    question: 'How do I start with pricing?',
    answer: 'First paragraph about pricing.\n\nSecond paragraph.',
  });
});
