// The product's own knowledge as the API serves it and the web parses it: the six legal documents
// (versioned, each in sections with stable ids) and the FAQ (categories of entries with stable ids).
import { z } from 'zod';

export const LEGAL_DOCUMENT_IDS = ['terms', 'privacy', 'copyright', 'oracle', 'api', 'smart-contracts'] as const;
export const legalDocumentIdSchema = z.enum(LEGAL_DOCUMENT_IDS);
export type LegalDocumentId = z.infer<typeof legalDocumentIdSchema>;

export const FAQ_CATEGORY_IDS = ['platform', 'smart-contracts', 'pricing', 'copyright', 'music', 'technical'] as const;
export const faqCategoryIdSchema = z.enum(FAQ_CATEGORY_IDS);
export type FaqCategoryId = z.infer<typeof faqCategoryIdSchema>;

export const legalDocumentSummarySchema = z.object({
  id: legalDocumentIdSchema,
  title: z.string(),
  /** Raised whenever the text changes in substance; for the terms, users accept each version. */
  version: z.number().int().positive(),
  /** The date (YYYY-MM-DD) this version applies from. */
  effective: z.string(),
  summary: z.string(),
});
export type LegalDocumentSummary = z.infer<typeof legalDocumentSummarySchema>;

export const legalSectionSchema = z.object({ id: z.string(), heading: z.string() });

export const legalDocumentSchema = legalDocumentSummarySchema.extend({
  /** The document's Markdown (rendered without raw HTML). */
  body: z.string(),
  /** Its `## ` sections in order, each with a stable id (the slug of its heading). */
  sections: z.array(legalSectionSchema),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

export const legalDocumentsResponseSchema = z.object({ documents: z.array(legalDocumentSummarySchema) });
export const legalDocumentParamsSchema = z.object({ id: z.string() });

export const faqEntrySchema = z.object({
  /** The slug of the question: stable while the question's words stay, so links keep working. */
  id: z.string(),
  question: z.string(),
  /** Markdown. */
  answer: z.string(),
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;

export const faqCategorySchema = z.object({
  id: faqCategoryIdSchema,
  title: z.string(),
  version: z.number().int().positive(),
  entries: z.array(faqEntrySchema),
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;

export const faqResponseSchema = z.object({ categories: z.array(faqCategorySchema) });
export type FaqResponse = z.infer<typeof faqResponseSchema>;

export const acceptTermsBodySchema = z.object({ version: z.number().int().positive() });
export const acceptTermsResponseSchema = z.object({ termsAccepted: z.literal(true), version: z.number().int().positive() });

/** Turns a heading into the id it is linked by: lower case, letters and digits joined by dashes. */
export function slugOf(heading: string): string {
  return heading
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
