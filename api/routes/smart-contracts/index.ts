// The royalty contract routes: the creator's contracts, one contract
// with its signed terms and their PDF, creating a contract for registered content (signed terms,
// the XRPL anchor from the creator's own account), running a payout (Run payout, Distribute
// Royalties), and the payout history and analytics the Royalty History and Analytics tabs show.
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contractDetailSchema,
  contractListSchema,
  createContractForTrackRequestSchema,
  createContractRequestSchema,
  createContractResponseSchema,
  distributeRoyaltiesRequestSchema,
  executeContractRequestSchema,
  executeContractResponseSchema,
  payoutHistorySchema,
  royaltyAnalyticsSchema,
} from '../../../domain/contracts/royalties';
import { formatCents } from '../../../domain/royalties/royalty-contract.decider';
import { renderContractTermsPdf } from '../../../infra/royalties/terms-pdf';
import { findContract, findPayoutRun, listContracts, listPayoutRuns, royaltyAnalytics, type StoredContract } from '../../../projections/royalties/queries';
import type { PayoutTrigger } from '../../../domain/royalties/royalty-contract.events';
import { fileResponse } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';
import { createContract } from './create-contract';
import { idParams } from '../shared-schemas';
import { payoutHistoryQuerySchema } from './schemas';
import { NotFoundError, ValidationError } from '../../../domain/shared/errors';

const RUN_WAIT_MS = 10_000;

export const smartContractRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services;
  const { db } = deps;
  const royalties = deps.royalties;

  /** The contract when the signed-in user owns it; 404 otherwise (another's contract is not said to exist). */
  const ownedContract = async (userId: string, contractId: string): Promise<StoredContract> => {
    const stored = await findContract(db, contractId);
    if (!stored || stored.ownerId !== userId) throw new NotFoundError('Contract not found');
    return stored;
  };

  /** Asks the contract's workflow for a payout and answers with the run it paid, as the read model shows it. */
  async function payout(userId: string, stored: StoredContract, trigger: PayoutTrigger, amountCents: number | null) {
    const request = { requestId: randomUUID(), trigger, amountCents, correlationId: randomUUID(), actor: `user:${userId}` };
    const answer = await royalties.contracts.payout({ contractId: stored.contract.contractId, createdAt: stored.contract.createdAt }, request);
    if (!answer.runId) return { success: false, payout: null, message: answer.message };
    const run = await waitForCompletedRun(answer.runId);
    return { success: true, payout: run, message: `Paid ${formatCents(run.amount)} in ${run.lines.length} line(s) for "${run.contentTitle}"` };
  }

  async function waitForCompletedRun(runId: string) {
    const deadline = Date.now() + RUN_WAIT_MS;
    for (;;) {
      const run = await findPayoutRun(db, runId);
      if (run?.status === 'completed' || (run && Date.now() > deadline)) return run;
      if (Date.now() > deadline) throw new HttpError(503, `Payout ${runId} is recorded but not readable yet; see Royalty History in a moment`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  app.get('/api/smart-contracts', { schema: { summary: "The signed-in creator's royalty contracts with earnings, payouts and deployment", tags: ['contracts'], response: { 200: contractListSchema } } }, async (request) => ({
    contracts: await listContracts(db, requireUserId(request)),
  }));

  app.get('/api/smart-contracts/:id', { schema: { summary: 'One contract with its signed terms (canonical JSON, SHA-256, Ed25519 signature)', tags: ['contracts'], params: idParams, response: { 200: contractDetailSchema } } }, async (request) => {
    const stored = await ownedContract(requireUserId(request), request.params.id);
    return { contract: stored.contract, signedTerms: stored.signedTerms };
  });

  app.get(
    '/api/smart-contracts/:id/terms.pdf',
    { schema: { summary: "The contract's terms as a PDF, with the signature and the deployment status", tags: ['contracts'], params: idParams, response: { 200: fileResponse('application/pdf', 'The terms PDF') } } },
    async (request, reply) => {
      const stored = await ownedContract(requireUserId(request), request.params.id);
      const pdf = await renderContractTermsPdf(stored.contract, stored.signedTerms);
      // The schema describes a file; the typed reply would expect the JSON schema's type.
      return (reply as FastifyReply).type('application/pdf').header('Content-Disposition', `inline; filename="royalty-contract-${stored.contract.contractId}.pdf"`).header('Cache-Control', 'private, no-cache').send(pdf);
    },
  );

  app.post('/api/smart-contracts/create', { schema: { summary: 'Create a royalty contract for registered content: signed terms, anchored from your XRPL account', tags: ['contracts'], body: createContractRequestSchema, response: { 201: createContractResponseSchema } } }, async (request, reply) => {
    const answer = await createContract(deps, requireUserId(request), request.body);
    return reply.status(201).send(answer);
  });

  app.post('/api/smart-contract/create/:id', { schema: { summary: 'Create the standard royalty contract for a registered track (the workflow card)', tags: ['contracts'], params: idParams, body: createContractForTrackRequestSchema, response: { 201: createContractResponseSchema } } }, async (request, reply) => {
    const answer = await createContract(deps, requireUserId(request), {
      contentId: request.params.id,
      templateType: 'standard_royalty',
      customTerms: request.body.royaltySplit === undefined ? {} : { royaltySplit: request.body.royaltySplit },
    });
    return reply.status(201).send(answer);
  });

  app.post('/api/smart-contracts/:id/execute', { schema: { summary: "Run the contract's payout now: everything pending, when it reaches the minimum", tags: ['contracts'], params: idParams, body: executeContractRequestSchema, response: { 200: executeContractResponseSchema } } }, async (request) => {
    const userId = requireUserId(request);
    const stored = await ownedContract(userId, request.params.id);
    return payout(userId, stored, request.body.triggerCondition === 'scheduled' ? 'scheduled' : 'manual', null);
  });

  app.post('/api/royalty-distribution/distribute', { schema: { summary: "Distribute an amount (dollars, at most what is pending) of a contract's earnings", tags: ['contracts'], body: distributeRoyaltiesRequestSchema, response: { 200: executeContractResponseSchema } } }, async (request) => {
    const userId = requireUserId(request);
    const stored = await ownedContract(userId, request.body.contractId);
    const amountCents = Math.round(request.body.amount * 100);
    if (amountCents > stored.contract.pendingAmount) {
      throw new ValidationError(`The amount of ${formatCents(amountCents)} is more than the ${formatCents(stored.contract.pendingAmount)} pending`);
    }
    return payout(userId, stored, 'distribute', amountCents);
  });

  app.get('/api/royalty-distribution/history', { schema: { summary: "The signed-in creator's payout runs with their lines, newest first", tags: ['contracts'], querystring: payoutHistoryQuerySchema, response: { 200: payoutHistorySchema } } }, async (request) => {
    const userId = requireUserId(request);
    if (request.query.contractId) await ownedContract(userId, request.query.contractId);
    return { payouts: await listPayoutRuns(db, userId, request.query.contractId) };
  });

  app.get('/api/royalty-distribution/analytics', { schema: { summary: "The signed-in creator's royalty figures: totals, by month, by source and by contract", tags: ['contracts'], response: { 200: royaltyAnalyticsSchema } } }, async (request) =>
    royaltyAnalytics(db, requireUserId(request)),
  );
};
