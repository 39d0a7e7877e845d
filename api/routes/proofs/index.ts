// The proof explorer's public routes: the ranked search, one proof, its bundle
// (the statement as signed, to check with `npm run verify-proof` or on /verify without trusting
// this server) and its evidence documents. Anyone may read them: a proof is about a registered,
// public work. Also the ledger's raw answer about a transaction, relayed from XRPL_URL, so the
// browser's /verify page checks a bundle's ledger transaction itself.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ledgerTransactionAnswerSchema,
  proofBundleSchema,
  proofDetailSchema,
  proofListSchema,
  proofSearchQuerySchema,
  type Proof,
  type ProofBundle,
} from '../../../domain/contracts/proofs';
import { signFields } from '../../../infra/certificate/certificate';
import { logger } from '../../../infra/logger/logger';
import { xrplRawTransaction } from '../../../infra/xrpl/transaction-lookup';
import { StorageUnavailableError, type ContentStorage } from '../../../infra/storage/storage';
import { CERTIFICATE_DOCUMENT, LICENSE_CERTIFICATE_DOCUMENT, REGISTERED_FILE_DOCUMENT, signedDocument } from '../../../projections/proofs/projection';
import { findProof, searchProofs, type ProofRecord, type StatementSigner } from '../../../projections/proofs/queries';
import { fileResponse, PUBLIC } from '../../openapi';
import { HttpError } from '../../plugins/error-handler';
import { idParams } from '../shared-schemas';
import { ledgerTransactionParamsSchema, proofDocumentParamsSchema } from './schemas';
import { ForbiddenError, NotFoundError } from '../../../domain/shared/errors';

const REGISTERED_FILE_NOT_PUBLISHED =
  'The registered file itself is not published: only its owner can download it from the vault. Its SHA-256 is in the proof; check your copy with npm run verify-proof -- <bundle.json> --file <path>, or on the /verify page.';

const log = logger.child({ module: 'proof-routes' });

export const proofRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services;
  const { db, storage, signingKey, ledger } = deps;
  // Proofs stored unsigned (a dispute resolution's statement) are signed as they are served.
  const signer: StatementSigner = (statement) => signFields(statement, signingKey).signature;

  const proofOr404 = async (id: string): Promise<ProofRecord> => {
    const record = await findProof(db, id, signer);
    if (!record) throw new NotFoundError('Proof not found');
    return record;
  };

  app.get(
    '/api/proofs',
    { schema: { summary: 'Search proofs: text (typo tolerant), type, status, verifier, date range, work', tags: ['proofs'], ...PUBLIC, querystring: proofSearchQuerySchema, response: { 200: proofListSchema } } },
    async (request) => {
      const { proofs, total } = await searchProofs(db, request.query, signer);
      return { proofs: await Promise.all(proofs.map((record) => publicProof(record, storage))), total };
    },
  );

  app.get(
    '/api/proofs/:id',
    { schema: { summary: 'One proof: attestation, signature, evidence and verification', tags: ['proofs'], ...PUBLIC, params: idParams, response: { 200: proofDetailSchema } } },
    async (request) => ({ proof: await publicProof(await proofOr404(request.params.id), storage) }),
  );

  app.get(
    '/api/proofs/:id/bundle',
    { schema: { summary: "A proof's bundle: its statement as signed and the signature, to verify without this server", tags: ['proofs'], ...PUBLIC, params: idParams, response: { 200: proofBundleSchema } } },
    async (request, reply) => {
      const record = await proofOr404(request.params.id);
      reply.header('Content-Disposition', `attachment; filename="${downloadName(record.proof.id)}.proof.json"`);
      return bundleOf(record);
    },
  );

  app.get(
    '/api/ledger/transactions/:txHash',
    {
      schema: {
        summary: "The ledger's raw answer about a transaction, relayed from this server's XRPL_URL, for the browser's own bundle check",
        tags: ['proofs'],
        ...PUBLIC,
        params: ledgerTransactionParamsSchema,
        response: { 200: ledgerTransactionAnswerSchema },
      },
    },
    async (request) => {
      const { txHash } = request.params;
      if (!ledger.url) return { configured: false, network: ledger.network, url: null, transaction: null };
      try {
        const transaction = await xrplRawTransaction(ledger.url, txHash);
        return { configured: true, network: ledger.network, url: ledger.url, transaction: transaction as Record<string, unknown> | null };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ txHash, reason }, 'the ledger could not be asked about a transaction');
        throw new HttpError(502, `The ledger (${ledger.network}) could not be asked about ${txHash}; try again in a moment`);
      }
    },
  );

  app.get(
    '/api/proofs/:id/documents/:documentId',
    {
      schema: {
        summary: "One of a proof's evidence documents (the signed certificate as JSON)",
        tags: ['proofs'],
        ...PUBLIC,
        params: proofDocumentParamsSchema,
        response: { 200: fileResponse('application/json', 'The signed certificate {certificate, signature} in RFC 8785 canonical JSON, as an attachment') },
      },
    },
    async (request, reply) => {
      const record = await proofOr404(request.params.id);
      const document = record.proof.evidence.documents.find((entry) => entry.id === request.params.documentId);
      if (!document) throw new NotFoundError(`Proof ${record.proof.id} lists no document ${request.params.documentId}`);
      if (document.id === REGISTERED_FILE_DOCUMENT) throw new ForbiddenError(REGISTERED_FILE_NOT_PUBLISHED);
      if (document.id !== CERTIFICATE_DOCUMENT && document.id !== LICENSE_CERTIFICATE_DOCUMENT) throw new NotFoundError(`Document ${document.id} cannot be downloaded`);
      return reply
        .type('application/json')
        .header('Content-Disposition', `attachment; filename="${downloadName(document.filename)}"`)
        .send(signedDocument(record.statement, record.signature));
    },
  );
};

export function bundleOf(record: ProofRecord): ProofBundle {
  const { signature } = record;
  return {
    format: 'goose-proof-bundle/1',
    statement: record.statement,
    signature: { algorithm: signature.algorithm, canonicalization: signature.canonicalization, keyId: signature.keyId, publicKey: signature.publicKey, value: signature.value },
  };
}

/** The proof as the API shows it: internal file names dropped, a master's size read from the stored file. */
async function publicProof(record: ProofRecord, storage: ContentStorage): Promise<Proof> {
  const documents = await Promise.all(
    record.proof.evidence.documents.map(async ({ storedName, size, ...document }) => ({ ...document, size: size ?? (await storedSize(storage, storedName)) })),
  );
  return { ...record.proof, evidence: { ...record.proof.evidence, documents } };
}

/** The events do not carry a master's size; the stored file does. 0 when the file is no longer stored. */
async function storedSize(storage: ContentStorage, storedName: string | undefined): Promise<number> {
  if (!storedName) return 0;
  let size: number | null;
  try {
    size = await storage.size(storedName);
  } catch (error) {
    if (error instanceof StorageUnavailableError) throw error;
    size = null;
  }
  if (size === null) log.warn({ storedName }, 'registered file missing from storage: its size is shown as 0');
  return size ?? 0;
}

function downloadName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}
