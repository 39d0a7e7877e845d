// GET /api/faq: the FAQ's six categories with their entries, public, as read from content/faq at start.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../openapi';
import { faqSchema } from './schemas';

export const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  const { knowledge } = app.services;
  app.get(
    '/api/faq',
    { schema: { ...faqSchema, summary: 'The FAQ: categories, each with its entries (id, question, Markdown answer)', tags: ['legal'], ...PUBLIC } },
    () => ({ categories: knowledge.faq }),
  );
};
