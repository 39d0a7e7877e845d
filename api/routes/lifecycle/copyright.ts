// The copyright check (and the creator's request to review a check that held the track), the XRPL
// registration, the certificate (JSON, PDF, public verification), the sync status of a
// registration, a track's audit history and an operator's ledger retry.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificateResponseSchema,
  copyrightCheckListSchema,
  copyrightCheckResponseSchema,
  publishedKeySchema,
  registrationResponseSchema,
  retryRequestSchema,
  retryResponseSchema,
  reviewRequestBodySchema,
  NO_EXPLORER_LINKS,
  SIGNED_AND_WAITING,
  reviewRequestResponseSchema,
  syncStatusSchema,
  trackHistoryQuerySchema,
  trackHistorySchema,
  verificationResponseSchema,
} from '../../../domain/contracts/lifecycle';
import { oracleReviewDisputeId } from '../../../domain/disputes/oracle-review';
import { findUserById } from '../../../projections/users/queries';
import { evolveTrack, initialTrackState, type ProbedTrack } from '../../../domain/track/track.decider';
import { trackStreamId, type TrackEvent } from '../../../domain/track/track.events';
import { certificateFileName, signedCertificateSchema, verifyCertificateSignature, type SignedCertificate } from '../../../infra/certificate/certificate';
import { renderCertificatePdf } from '../../../infra/certificate/pdf';
import { sha256File } from '../../../infra/storage/file-storage';
import { explorerLinks, type XrplNetwork } from '../../../infra/xrpl/ledger';
import type { VaultItem } from '../../../domain/contracts/vault';
import { findCertificate, findTrack, findTrackByTxHash, listCopyrightChecks, toVaultItem } from '../../../projections/vault/queries';
import { binarySchema, fileResponse, noBody, PUBLIC } from '../../openapi';
import { requireOperator, requireUserId, viewerOf } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';
import { commandContext, decideAndAppend, lifecycleInput, outcomeError, ownedTrack, recordedResult, refuseUnlessAllowed, retryFailedRegistration, viewAfter, viewWhen } from './commands';

const idParams = z.object({ id: z.string().min(1) });

export const copyrightRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, lifecycle, ledger, signingKey, storage, projector, publicOrigin, openOracleReview } = app.services;
  app.post('/api/copyright-check/:id', { schema: { summary: 'Run the copyright check on a track (its master if it has one) and answer with the verdict', tags: ['copyright'], params: idParams, body: noBody, response: { 200: copyrightCheckResponseSchema } } }, async (request) => {
    const { ownerId, row } = await ownedTrack(db, request, request.params.id);
    refuseUnlessAllowed(row, 'check');
    const context = commandContext(request, ownerId);
    const checkId = randomUUID();
    const outcome = await lifecycle.check(lifecycleInput(row, context), { ...context, checkId });
    // Refused by the workflow (the track changed since the route looked: another command came first): no check to show.
    if (!outcome.ok && outcome.refused) throw new HttpError(409, outcome.reason);
    const result = await recordedResult<{ checkId: string }>(eventStore, row.id, ['TrackCopyrightChecked', 'TrackCopyrightCheckFailed'], (data) => data.checkId === checkId);
    const item = await viewAfter({ db, projector }, ownerId, row.id, result);
    // The vault keeps a track's latest check only.
    if (item.copyrightCheck?.checkId !== checkId) {
      throw new HttpError(409, 'A newer copyright check or master of this track came right after this check, so the vault shows that one instead; reload the vault to see it');
    }
    return { success: outcome.ok, reason: outcome.ok ? null : outcome.reason, check: item.copyrightCheck };
  });

  // Recorded, then a review case opens for it (one per check), where a reviewer clears or refuses the track.
  app.post(
    '/api/copyright-check/:id/review-request',
    { schema: { summary: 'Ask for a person to review a check that held the track, or contest a conflict it found; a review case opens', tags: ['copyright'], params: idParams, body: reviewRequestBodySchema.default({}), response: { 200: reviewRequestResponseSchema } } },
    async (request) => {
      const { ownerId, row } = await ownedTrack(db, request, request.params.id);
      refuseUnlessAllowed(row, 'review');
      // Allowed means the track is probed and its latest check held it or found a conflict.
      const { checkId, analysis } = (row.state as ProbedTrack).stages.check.result!;
      const { note } = request.body;
      const context = commandContext(request, ownerId);
      await decideAndAppend({ eventStore, projector }, { type: 'RequestCopyrightReview', data: { trackId: row.id, checkId, requestedAt: new Date().toISOString(), ...(note ? { note } : {}) } }, context);
      const opened = await openReviewCase(row.id, checkId, analysis.status === 'conflict' ? 'contested' : 'needs_review', note ?? analysis.reason ?? null, ownerId, context);
      const item = await viewWhen({ db, projector }, ownerId, row.id, (i) => i.copyrightCheck?.checkId === checkId && i.copyrightCheck.reviewRequest !== null && (!opened || i.copyrightCheck.review !== null));
      return { success: true as const, check: item.copyrightCheck! };
    },
  );

  /** Opens the check's review case unless one is open (the workflow opens a hold's at once); answers whether one is open now. */
  async function openReviewCase(trackId: string, checkId: string, origin: 'needs_review' | 'contested', description: string | null, ownerId: string, context: ReturnType<typeof commandContext>): Promise<boolean> {
    const track = (await loadTrackState(trackId)) as ProbedTrack;
    if (track.stages.check.reviewCase?.checkId === checkId) return true;
    if (!openOracleReview) return false;
    const { disputeId } = await openOracleReview({
      disputeId: oracleReviewDisputeId(checkId),
      trackId,
      checkId,
      title: track.upload.title,
      ownerId,
      ownerName: (await findUserById(db, ownerId))?.username ?? 'the owner',
      description: description ?? 'The creator asked for a person to review the copyright check',
      origin,
    });
    await decideAndAppend({ eventStore, projector }, { type: 'OpenCopyrightReview', data: { trackId, checkId, disputeId, openedAt: new Date().toISOString() } }, context);
    return true;
  }

  async function loadTrackState(trackId: string) {
    const recorded = await eventStore.readStream(trackStreamId(trackId));
    return recorded.reduce((s, e) => evolveTrack(s, { type: e.type, data: e.data } as TrackEvent), initialTrackState);
  }

  app.get('/api/copyright-checks', { schema: { summary: 'The signed-in user\'s copyright checks', tags: ['copyright'], response: { 200: copyrightCheckListSchema } } }, (request) => listCopyrightChecks(db, requireUserId(request)));

  app.post('/api/copyright-register/:id', { schema: { summary: 'Register a cleared track on the XRP Ledger and issue its signed certificate', tags: ['copyright'], params: idParams, body: noBody, response: { 200: registrationResponseSchema } } }, async (request) => {
    const { ownerId, row } = await ownedTrack(db, request, request.params.id);
    refuseUnlessAllowed(row, 'register');
    const context = commandContext(request, ownerId);
    const outcome = await lifecycle.register(lifecycleInput(row, context), { ...context, publicUrl: publicOrigin() });
    if (!outcome.ok) throw outcomeError(outcome, outcome.resultCode ? 502 : 422);
    const item = await viewWhen({ db, projector }, ownerId, row.id, (i) => i.certificateId === outcome.value.certificateId);
    return {
      success: true,
      contentId: row.id,
      xrplTxHash: outcome.value.txHash,
      ledgerStatus: outcome.value.outcome,
      note: item.registration?.note ?? null,
      certificateId: outcome.value.certificateId,
      explorer: item.registration?.explorer ?? explorerLinks(ledger.network, outcome.value.txHash),
    };
  });

  /** The owner's certificate of a content item, as its track recorded it. */
  async function ownedCertificate(request: Parameters<typeof ownedTrack>[1], id: string): Promise<{ network: XrplNetwork; signed: SignedCertificate }> {
    const { row } = await ownedTrack(db, request, id);
    const track = row.state.status === 'probed' ? row.state : null;
    const issued = track?.stages.certificate;
    if (!track || !issued) throw new HttpError(404, 'This content has no certificate yet: register it first');
    return { network: track.stages.registration.signed!.network, signed: signedCertificateSchema.parse({ certificate: issued.certificate, signature: issued.signature }) };
  }

  async function sendPdf(reply: import('fastify').FastifyReply, signed: SignedCertificate, disposition: 'inline' | 'attachment') {
    const name = certificateFileName(signed.certificate.title, signed.certificate.certificateId);
    const pdf = await renderCertificatePdf(signed);
    return reply.type('application/pdf').header('Content-Disposition', `${disposition}; filename="${name}"`).header('Cache-Control', 'private, no-cache').send(pdf);
  }

  app.get(
    '/api/copyright-certificate/:id',
    {
      schema: {
        summary: "A track's certificate: the signed document as JSON, or its PDF (format=pdf, or Accept: application/pdf)",
        tags: ['copyright'],
        params: idParams,
        querystring: z.object({ format: z.enum(['json', 'pdf']).optional() }),
        response: {
          200: {
            description: 'The certificate',
            content: { 'application/json': { schema: certificateResponseSchema }, 'application/pdf': { schema: binarySchema } },
          },
        },
      },
    }, async (request, reply) => {
    const { signed, network } = await ownedCertificate(request, request.params.id);
    const wantsPdf = request.query.format === 'pdf' || (request.query.format === undefined && /application\/pdf/.test(request.headers.accept ?? '') && !/json/.test(request.headers.accept ?? ''));
    if (wantsPdf) return sendPdf(reply, signed, 'attachment');
    const { certificate, signature } = signed;
    return certificateResponseSchema.parse({
      ...certificate,
      contentId: certificate.trackId,
      blockchainExplorer: explorerLinks(network, certificate.xrplTxHash),
      pdfFileName: certificateFileName(certificate.title, certificate.certificateId),
      signature,
      signedDocument: certificate,
    });
    },
  );
  app.get('/api/copyright-certificate/:id/view', { schema: { summary: "A track's certificate as a PDF to show in the browser", tags: ['copyright'], params: idParams, response: { 200: fileResponse('application/pdf', 'The certificate PDF, inline') } } }, async (request, reply) => sendPdf(reply, (await ownedCertificate(request, request.params.id)).signed, 'inline'));
  app.get('/api/copyright/certificate/:id', { schema: { summary: "A track's certificate as a PDF download", tags: ['copyright'], params: idParams, response: { 200: fileResponse('application/pdf', 'The certificate PDF, as an attachment') } } }, async (request, reply) => sendPdf(reply, (await ownedCertificate(request, request.params.id)).signed, 'attachment'));

  app.get('/api/certificate-key', { schema: { summary: 'The Ed25519 public key certificates are signed with', tags: ['public'], ...PUBLIC, response: { 200: publishedKeySchema } } }, () => ({
    algorithm: 'Ed25519' as const,
    keyId: signingKey.keyId,
    publicKey: signingKey.publicKeyBase64,
    publicKeyPem: signingKey.publicKeyPem,
  }));

  /** Public: anyone holding a certificate id (the QR code) can check it. */
  app.get('/api/verify/:certificateId', { schema: { summary: 'Verify a certificate: its signature, its file and its ledger transaction', tags: ['public'], ...PUBLIC, params: z.object({ certificateId: z.string().min(1).max(200) }), response: { 200: verificationResponseSchema } } }, async (request) => {
    const row = await findCertificate(db, request.params.certificateId);
    if (!row) throw new HttpError(404, `No certificate with id ${request.params.certificateId}`);
    const signed = signedCertificateSchema.parse({ certificate: row.document, signature: row.signature });
    const { certificate } = signed;
    const signatureCheck = verifyCertificateSignature(signed, signingKey.publicKeyBase64);
    const fileHash = await checkFileHash(certificate.fileName, certificate.sha256);
    const ledgerCheck = await checkLedger(certificate.xrplTxHash, certificate.sha256, certificate.certificateId);
    return {
      certificateId: certificate.certificateId,
      title: certificate.title,
      owner: certificate.owner,
      registrationDate: certificate.registrationDate,
      sha256: certificate.sha256,
      xrplTxHash: certificate.xrplTxHash,
      blockchainNetwork: certificate.blockchainNetwork,
      // An explorer can show only a transaction some ledger holds: none for a kept or missing one.
      blockchainExplorer: ledgerCheck.onLedger ? explorerLinks(row.network, certificate.xrplTxHash) : NO_EXPLORER_LINKS,
      publicKey: signingKey.publicKeyBase64,
      keyId: signingKey.keyId,
      checks: {
        signature: signatureCheck.valid
          ? { status: 'passed' as const, detail: `Ed25519 signature over the RFC 8785 canonical JSON verifies with the published key ${signingKey.keyId}` }
          : { status: 'failed' as const, detail: signatureCheck.reason ?? 'The signature does not verify' },
        fileHash,
        ledger: { status: ledgerCheck.status, detail: ledgerCheck.detail },
      },
      verified: signatureCheck.valid && fileHash.status === 'passed' && ledgerCheck.status !== 'failed',
    };
  });

  async function checkFileHash(fileName: string, expected: string) {
    try {
      const actual = await sha256File(storage.storedPath(fileName));
      return actual === expected
        ? { status: 'passed' as const, detail: `The stored file's SHA-256 is ${actual}, as certified` }
        : { status: 'failed' as const, detail: `The stored file's SHA-256 is ${actual}, not the certified ${expected}` };
    } catch {
      return { status: 'failed' as const, detail: 'The registered file is no longer in the store' };
    }
  }

  async function checkLedger(txHash: string, sha256: string, certificateId: string) {
    if (!ledger.url) {
      return {
        status: 'not_checked' as const,
        detail: SIGNED_AND_WAITING,
        onLedger: false,
      };
    }
    try {
      const tx = await ledger.lookup(txHash);
      if (!tx) return { status: 'failed' as const, detail: `The ledger has no transaction ${txHash}`, onLedger: false };
      if (tx.memo?.sha256 !== sha256 || tx.memo.certificateId !== certificateId) return { status: 'failed' as const, detail: 'The ledger transaction carries another file hash or certificate id', onLedger: true };
      return tx.validated
        ? { status: 'passed' as const, detail: `Validated in ledger ${tx.ledgerIndex}, carrying this file's SHA-256 and certificate id`, onLedger: true }
        : { status: 'not_checked' as const, detail: 'The transaction is on the ledger but not validated yet', onLedger: true };
    } catch (error) {
      return { status: 'not_checked' as const, detail: `The ledger could not be reached: ${(error as Error).message}`, onLedger: false };
    }
  }

  app.get('/api/database-sync-status/:txHash', { schema: { summary: 'Where a registration stands in the registry and on the ledger', tags: ['copyright'], params: z.object({ txHash: z.string().regex(/^[0-9A-Fa-f]{64}$/, 'txHash must be 64 hex characters') }), response: { 200: syncStatusSchema } } }, async (request) => {
    const row = await findTrackByTxHash(db, requireUserId(request), request.params.txHash);
    if (!row) throw new HttpError(404, `No registration of yours has transaction ${request.params.txHash}`);
    const item = toVaultItem(row);
    const registration = item.registration!;
    const syncResults = registrationRecords(item, registration);
    return {
      txHash: item.xrplTxHash!,
      syncResults,
      syncStats: { successRate: Math.round((syncResults.filter((r) => r.success).length / syncResults.length) * 100), lastUpdate: new Date(row.updated_at).toISOString() },
    };
  });

  /** The owner's track; any track for an auditor; for anyone else the answer a missing id gets. */
  const auditableTrack = async (request: FastifyRequest, id: string) => {
    const viewer = await viewerOf(request);
    if (viewer?.roles.includes('auditor')) {
      const row = await findTrack(db, id);
      if (!row) throw new HttpError(404, `No content item with id ${id}`);
      return row;
    }
    return (await ownedTrack(db, request, id)).row;
  };

  app.get('/api/tracks/:id/history', { schema: { summary: "A track's recorded events and the state they fold to after any of them (its owner, and auditors for any track)", tags: ['vault'], params: idParams, querystring: trackHistoryQuerySchema, response: { 200: trackHistorySchema } } }, async (request) => {
    const row = await auditableTrack(request, request.params.id);
    const recorded = await eventStore.readStream(trackStreamId(row.id));
    const foldedThrough = Math.min(request.query.upTo ?? recorded.length, recorded.length);
    const state = recorded.slice(0, foldedThrough).reduce((s, e) => evolveTrack(s, { type: e.type, data: e.data } as TrackEvent), initialTrackState);
    return {
      trackId: row.id,
      events: recorded.map((e) => ({
        streamVersion: e.streamVersion,
        eventId: e.eventId,
        type: e.type,
        data: e.data,
        recordedAt: e.recordedAt.toISOString(),
        actor: e.metadata.actor,
        workflowId: e.metadata.workflowId,
      })),
      foldedThrough,
      state,
    };
  });

  // Operators: a signed-in user with the operator role, or a script with the bootstrap OPS_TOKEN.
  app.post('/api/ops/tracks/:id/retry-registration', { schema: { summary: 'Operators: retry a failed ledger step of any track', tags: ['operations'], security: [{ session: [] }, { operatorToken: [] }], params: idParams, body: retryRequestSchema.default({}), response: { 200: retryResponseSchema } } }, async (request) => {
    const operator = await requireOperator(request);
    const result = await retryFailedRegistration({ db, lifecycle }, request.params.id, {
      operator,
      note: request.body.note ?? null,
      publicUrl: publicOrigin(),
      correlationId: request.id,
    });
    if ('refused' in result) throw new HttpError(409, result.refused);
    const { outcome } = result;
    if (!outcome.ok) throw outcomeError(outcome, outcome.resultCode ? 502 : 422);
    return { success: true as const, ...outcome.value };
  });
};

type SyncResult = z.infer<typeof syncStatusSchema>['syncResults'][number];
type Registration = NonNullable<VaultItem['registration']>;

/**
 * Where a registration is recorded: GOOSE's own registry (the signed certificate) and the XRP
 * Ledger. The ledger row is recorded only once validated; a transaction that is signed and kept,
 * or sent and not yet validated, waits, said in plain words whatever note was stored with it.
 */
export function registrationRecords(item: Pick<VaultItem, 'certificateId' | 'xrplTxHash'>, registration: Registration): SyncResult[] {
  const onLedger = ledgerRecord(registration);
  return [
    {
      database: 'GOOSE copyright registry',
      success: Boolean(item.certificateId),
      state: item.certificateId ? 'recorded' : 'waiting',
      transactionId: item.certificateId,
      detail: item.certificateId ? 'Certificate issued and signed; the cleared work is in the registry the copyright oracle searches' : 'No certificate yet',
    },
    { database: `XRP Ledger (${registration.network})`, success: onLedger.state === 'recorded', transactionId: item.xrplTxHash, ...onLedger },
  ];
}

function ledgerRecord(registration: Registration): Pick<SyncResult, 'state' | 'detail'> {
  switch (registration.ledgerStatus) {
    case 'validated':
      return { state: 'recorded', detail: `Validated on the ${registration.network} ledger${registration.resultCode ? ` (${registration.resultCode})` : ''}` };
    case 'submitted':
      return { state: 'waiting', detail: `Sent to the ${registration.network} ledger, awaiting validation` };
    case 'failed':
      return { state: 'failed', detail: registration.note ?? 'The ledger did not accept the registration' };
    case 'awaiting_submission':
    case 'signed':
      return { state: 'waiting', detail: SIGNED_AND_WAITING };
    default: {
      const unknown: never = registration.ledgerStatus;
      return unknown;
    }
  }
}
