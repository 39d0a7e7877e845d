// The external v1 API, called with an X-API-Key
// header instead of a session: the copyright oracle on a registered content id of the key's owner
// or on an uploaded audio file, and creating a royalty contract. Every route here runs behind the
// API key guard (authentication from the key's events, allowlist, limits, usage log), which this
// plugin's encapsulated scope adds as hooks, and each call is charged its tier's price through the
// token ledger.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v1AnalyzeFormSchema, v1AnalyzeRequestSchema, v1AnalyzeResponseSchema, v1CreateContractRequestSchema, v1CreateContractResponseSchema, type V1AnalyzeResponse } from '../../../domain/contracts/developer';
import { searchedWords, type ExternalMatch, type ReferenceMatch, type SearchedSources } from '../../../domain/contracts/copyright-sources';
import { V1_MAX_UPLOAD_BYTES } from '../../../domain/developer/api-tiers';
import type { ApiCaller } from '../../../domain/developer/ports';
import { IllegalStateError, NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { AudioTooShortError } from '../../../infra/audio/oracle';
import { analyzeContent, type ContentAnalysis } from '../../../infra/similarity/content-oracle';
import type { UploadExtension } from '../../../domain/constants';
import { findUserWallets } from '../../../projections/wallets/queries';
import { findOwnedTrack } from '../../../projections/vault/queries';
import { apiCallerOf, apiKeyGuard } from '../../plugins/api-key-guard';
import { multipartForm } from '../../openapi';
import { HttpError } from '../../plugins/error-handler';
import { createContract } from '../smart-contracts/create-contract';
import { chargedCall } from './charge';
import { FILE_PATH_REFUSED, receiveAudio } from './uploaded-audio';

export const NOT_REGISTERED = 'Register this content before analysing it through the API';
const CONTENT_ID_REQUIRED = 'contentId is required (or upload the audio as multipart field "file")';
const API_KEY_SECURITY = [{ apiKey: [] }];

/** A path on the server is never read for an outside caller: said before the body's own checks. */
async function refuseFilePath(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (body && typeof body === 'object' && 'filePath' in body) throw new ValidationError(FILE_PATH_REFUSED);
}

/**
 * The analysis as the plain JSON it is answered as (the oracle's interfaces carry no index
 * signature), with what it searched in words and reference matches named by title and holder only.
 */
function asAnswered(analysis: ContentAnalysis): V1AnalyzeResponse['analysis'] {
  const plain = JSON.parse(JSON.stringify(analysis)) as V1AnalyzeResponse['analysis'];
  const found = analysis as { searched?: SearchedSources; referenceMatches?: ReferenceMatch[]; externalMatches?: ExternalMatch[] };
  const searchedDescription = searchedWords(found.searched, analysis.contentKind);
  const referenceMatches = (found.referenceMatches ?? []).map(({ referenceId: _hidden, ...shown }) => shown);
  return { ...plain, searchedDescription, referenceMatches, externalMatches: found.externalMatches ?? [] };
}

export const v1Routes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services;
  const { db, storage, tokenLedger, externalCatalogue } = deps;
  const guard = apiKeyGuard({ db, eventStore: deps.eventStore, projector: deps.projector });
  app.addHook('onRequest', guard.onRequest);
  app.addHook('onResponse', guard.onResponse);

  /** The oracle against today's registry, registering nothing; too short is the caller's to fix (422). */
  async function analyse(file: string, extension: UploadExtension, ownerId: string): Promise<ContentAnalysis> {
    try {
      return await analyzeContent(file, { db, extension, ownerId, externalCatalogue });
    } catch (error) {
      if (error instanceof AudioTooShortError) throw new HttpError(422, error.message);
      throw error;
    }
  }

  /** The owner's registered content, analysed again on the file its registration is about. */
  async function analyseRegistered(caller: ApiCaller, contentId: string): Promise<ContentAnalysis> {
    const row = await findOwnedTrack(db, caller.ownerId, contentId);
    if (!row) throw new NotFoundError('Content not found');
    const state = row.state;
    const registration = state.status === 'probed' ? state.stages.registration : null;
    const failed = state.status === 'probed' && state.stages.failure?.step === 'register';
    if (state.status !== 'probed' || !registration?.signed || !registration.submitted || failed) throw new IllegalStateError(NOT_REGISTERED);
    return analyse(await storage.localCopy(registration.signed.storedName), state.upload.detectedExtension, caller.ownerId);
  }

  async function analyseUpload(request: FastifyRequest, caller: ApiCaller) {
    const upload = await receiveAudio(request, storage);
    try {
      return { analysis: await analyse(upload.stagingPath, upload.sniffed.extension, caller.ownerId), metadata: upload.metadata };
    } finally {
      await storage.discardStaged(upload.stagingName);
    }
  }

  app.post(
    '/api/v1/oracle/analyze',
    {
      preValidation: refuseFilePath,
      schema: {
        summary: `Copyright analysis: a registered content id of yours (JSON), or an audio file of at most ${V1_MAX_UPLOAD_BYTES / 1024 / 1024} MB (multipart field "file"); returns the full analysis`,
        description:
          'JSON `{ "contentId": "...", "metadata": {...} }` analyses your registered content again against today\'s registry. Multipart `file` (audio, or video with sound; optional `metadata` as a JSON string) analyses the upload without storing or registering it. Charged the tier\'s price per call when it succeeds.',
        tags: ['v1'],
        security: API_KEY_SECURITY,
        consumes: ['application/json', 'multipart/form-data'],
        // Absent for a multipart form: its parts are read as a stream, not parsed into a body.
        body: v1AnalyzeRequestSchema.optional(),
        ...multipartForm(v1AnalyzeFormSchema),
        response: { 200: v1AnalyzeResponseSchema },
      },
    },
    async (request) => {
      const caller = apiCallerOf(request);
      if (request.isMultipart()) {
        const { result, cents } = await chargedCall(tokenLedger, request, caller, () => analyseUpload(request, caller));
        return { success: true as const, contentId: null, analysis: asAnswered(result.analysis), metadata: result.metadata, charged: { cents } };
      }
      const body = request.body;
      if (!body) throw new ValidationError(CONTENT_ID_REQUIRED);
      const { result, cents } = await chargedCall(tokenLedger, request, caller, () => analyseRegistered(caller, body.contentId));
      return { success: true as const, contentId: body.contentId, analysis: asAnswered(result), metadata: body.metadata ?? null, charged: { cents } };
    },
  );

  app.post(
    '/api/v1/smart-contracts/create',
    {
      schema: {
        summary: 'Create the standard royalty contract for your registered content (as POST /api/smart-contracts/create)',
        description:
          'creatorWallet, when given, must be your own XRPL account (the one the deployment is paid from); royaltySplit, when given, must be the standard template\'s 85. Charged the tier\'s price per call when it succeeds.',
        tags: ['v1'],
        security: API_KEY_SECURITY,
        body: v1CreateContractRequestSchema,
        response: { 201: v1CreateContractResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = apiCallerOf(request);
      const { contentId, creatorWallet, royaltySplit } = request.body;
      if (creatorWallet !== undefined) await requireOwnWallet(caller.ownerId, creatorWallet);
      const { result, cents } = await chargedCall(tokenLedger, request, caller, () =>
        createContract(deps, caller.ownerId, { contentId, templateType: 'standard_royalty', customTerms: royaltySplit === undefined ? {} : { royaltySplit } }),
      );
      return reply.status(201).send({ ...result, charged: { cents } });
    },
  );

  /** The contract is anchored from the owner's own XRPL account: another account cannot be named. */
  async function requireOwnWallet(ownerId: string, creatorWallet: string): Promise<void> {
    const wallets = await findUserWallets(db, ownerId);
    if (!wallets) throw new ValidationError('creatorWallet must be your own XRPL account, and you have none yet: generate your wallets first (POST /api/goose-tokens/generate-wallet), or leave creatorWallet out');
    if (wallets.xrplAddress !== creatorWallet) throw new ValidationError(`creatorWallet must be your own XRPL account, ${wallets.xrplAddress}, from which the contract is anchored`);
  }
};
