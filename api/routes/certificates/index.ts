// A track's signed certificate (JSON, PDF to view or download), the public key certificates are
// signed with, and the public verification of a certificate: its signature, file and ledger transaction.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NO_EXPLORER_LINKS, SIGNED_AND_WAITING } from '../../../domain/contracts/lifecycle';
import { certificateFileName, signedCertificateSchema, verifyCertificateSignature, type SignedCertificate } from '../../../infra/certificate/certificate';
import { renderCertificatePdf } from '../../../infra/certificate/pdf';
import { sha256File } from '../../../infra/storage/file-storage';
import { StorageUnavailableError } from '../../../infra/storage/storage';
import { explorerLinks, type XrplNetwork } from '../../../infra/xrpl/ledger';
import { findCertificate } from '../../../projections/vault/queries';
import { binarySchema, fileResponse, PUBLIC } from '../../openapi';
import { idParams } from '../shared-schemas';
import { ownedTrack } from '../track-commands';
import { certificateIdParams, certificateQuerySchema, certificateResponseSchema, publishedKeySchema, verificationResponseSchema } from './schemas';
import { NotFoundError } from '../../../domain/shared/errors';

export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, ledger, signingKey, storage } = app.services;
  /** The owner's certificate of a content item, as its track recorded it. */
  async function ownedCertificate(request: Parameters<typeof ownedTrack>[1], id: string): Promise<{ network: XrplNetwork; signed: SignedCertificate }> {
    const { row } = await ownedTrack(db, request, id);
    const track = row.state.status === 'probed' ? row.state : null;
    const issued = track?.stages.certificate;
    if (!track || !issued) throw new NotFoundError('This content has no certificate yet: register it first');
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
        querystring: certificateQuerySchema,
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
      generation: certificate.generation ?? null,
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
  app.get('/api/verify/:certificateId', { schema: { summary: 'Verify a certificate: its signature, its file and its ledger transaction', tags: ['public'], ...PUBLIC, params: certificateIdParams, response: { 200: verificationResponseSchema } } }, async (request) => {
    const row = await findCertificate(db, request.params.certificateId);
    if (!row) throw new NotFoundError(`No certificate with id ${request.params.certificateId}`);
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
      const actual = await sha256File(await storage.localCopy(fileName));
      return actual === expected
        ? { status: 'passed' as const, detail: `The stored file's SHA-256 is ${actual}, as certified` }
        : { status: 'failed' as const, detail: `The stored file's SHA-256 is ${actual}, not the certified ${expected}` };
    } catch (error) {
      // A store that does not answer is a fault to report, not evidence that the file is gone.
      if (error instanceof StorageUnavailableError) throw error;
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
};
