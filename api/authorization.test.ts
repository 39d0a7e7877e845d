// The authorization suite, generated from the app's route table: every route that takes an id (in
// its path or as a body's contentId) or a file must have a case here, and each case is tried as
// the owner, as another signed-in user and as a visitor. Another user and a visitor are refused,
// and learn nothing: another user gets exactly the answer a missing id gets; a visitor gets 401.
// A new route without a case fails the suite.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenseOfferDecider, licenseOfferStreamId } from '../domain/licensing/license-offer.decider';
import type { OfferDetails } from '../domain/licensing/license-offer.events';
import { generationStreamId } from '../domain/creation/generation.events';
import { accountExportStreamId } from '../domain/account-data/account-export.events';
import { handleCommand } from '../infra/eventstore/command-handler';
import { DisputeFiled, disputeStreamId } from '../domain/disputes/dispute.events';
import { contractIdFor } from '../infra/royalties/contract-id';
import { generateCoverPng } from '../infra/distribution/cover-art';
import { requestRelease } from '../infra/distribution/request-release';
import { sineWav } from '../tests/support/audio';
import { recordingDisputeEffects } from '../tests/support/dispute-effects-stand-in';
import { multipartBody, multipartFiles } from '../tests/support/multipart';
import { grantRole } from '../tests/support/roles';
import { oracleMigrations } from '../infra/audio/oracle';
import { encodeWav, music } from '../infra/audio/test-signals';
import { migrate } from '../infra/db/migrate';
import { releaseForm } from '../tests/support/release-form';
import { offerLicense, registeredWork } from '../tests/support/licensing';
import { seedApiKey } from '../tests/support/api-keys';
import { seedTrack } from '../tests/support/seed-track';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { createDisputeActivities } from '../workflows/dispute/activities';
import { inProcessDisputeCommands } from '../tests/support/in-process-clients';
import type { RouteEntry } from './route-table';

/** What a case needs of the owner's resource. */
interface Resource {
  trackId: string;
  storedName: string;
  txHash: string;
  certificateId: string;
  /** A royalty receiver of the track. */
  receiverId: string;
  /** A release of the owner's in the distributions read model. */
  distributionId: string;
  /** The owner's royalty contract on the track. */
  contractId: string;
  /** The owner's license offer for the track. */
  offerId: string;
  /** A license the owner bought of another user's work. */
  licenseId: string;
  /** A dispute the owner filed about another user's work, and a file of evidence on it. */
  disputeId: string;
  evidenceId: string;
  /** An oracle_review case about the owner's track. */
  reviewCaseId: string;
  /** One of the owner's developer API keys. */
  apiKeyId: string;
  /** A song the owner generated in the studio (finished). */
  generationId: string;
  /** The public id of a second session of the owner's (another device), not the one the suite signs in with. */
  sessionId: string;
  /** One of the owner's notifications (their welcome tokens). */
  notificationId: string;
  /** A finished export of the owner's data. */
  exportId: string;
  /** A support ticket the owner opened, and a file they sent on it. */
  supportTicketId: string;
  supportAttachmentId: string;
  /** An answer the support agent gave the owner. */
  agentAnswerId: string;
  /** A resumable upload the owner started and has not finished. */
  resumableUploadId: string;
  /** A delivery of reference recordings the owner (a rights holder) made, and its indexed reference. */
  referenceDeliveryId: string;
  referenceId: string;
}

interface Case {
  /** The request for a resource (its id substituted wherever the route takes one). */
  request(resource: Resource): Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };
  /** Why anyone may call it: the suite then checks only that it reveals no owner. */
  public?: string;
  /** Refused (403) to every signed-in user without the operator role, the owner included. */
  operatorOnly?: boolean;
  /** Takes a file and no one's id: only a visitor is refused (another user uploads as themselves). */
  fileOnly?: boolean;
  /** A v1 route: the user calls with their API key (X-API-Key) instead of the session cookie. */
  apiKey?: boolean;
}

const json = (payload: object = {}) => ({ payload, headers: { 'content-type': 'application/json' } });

const OFFER = {
  type: 'synchronization', scope: 'limited', territory: 'Worldwide', duration: 'Perpetual', currency: 'USD', priceCents: 4999, originalPriceCents: null, paymentOptions: ['qxmp_tokens'],
  terms: { permissions: [], restrictions: [], attributionRequired: true, commercialUse: true, derivatives: false, distribution: false, customTerms: null },
} as const;

const CASES: Record<string, Case> = {
  'POST /api/upload': {
    request: () => {
      const { payload, headers } = multipartBody({ title: 'Mine', contentType: 'music' }, { filename: 'mine.wav', contentType: 'audio/wav', content: sineWav({ seconds: 0.2 }) });
      return { method: 'POST', url: '/api/upload', payload, headers };
    },
    fileOnly: true,
  },
  'HEAD /api/resumable-uploads/:id': { request: (r) => ({ method: 'HEAD', url: `/api/resumable-uploads/${r.resumableUploadId}`, headers: { 'tus-resumable': '1.0.0' } }) },
  'PATCH /api/resumable-uploads/:id': {
    request: (r) => ({ method: 'PATCH', url: `/api/resumable-uploads/${r.resumableUploadId}`, payload: Buffer.from('RIFF'), headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } }),
  },
  'GET /uploads/:name': { request: (r) => ({ method: 'GET', url: `/uploads/${r.storedName}` }) },
  'GET /api/uploads/:name/link': { request: (r) => ({ method: 'GET', url: `/api/uploads/${r.storedName}/link` }) },
  'GET /api/works/:id/preview': { request: (r) => ({ method: 'GET', url: `/api/works/${r.trackId}/preview` }), public: 'The registry is public: anyone may hear a registered work\'s 30-second preview' },
  'GET /media/previews/:name': { request: (r) => ({ method: 'GET', url: `/media/previews/${r.trackId}.mp3` }), public: 'A preview is served to whoever holds the signed link; without one it is refused' },
  'POST /api/landr/preview': { request: (r) => ({ method: 'POST', url: '/api/landr/preview', ...json({ contentId: r.trackId }) }) },
  'POST /api/landr/master': { request: (r) => ({ method: 'POST', url: '/api/landr/master', ...json({ contentId: r.trackId }) }) },
  'POST /api/landr/master-with-progress': { request: (r) => ({ method: 'POST', url: '/api/landr/master-with-progress', ...json({ contentId: r.trackId }) }) },
  'PATCH /api/generated-music/:id/status': { request: (r) => ({ method: 'PATCH', url: `/api/generated-music/${r.trackId}/status`, ...json({ status: 'mastering' }) }) },
  'GET /api/generated-music/:id': { request: (r) => ({ method: 'GET', url: `/api/generated-music/${r.generationId}` }) },
  'GET /api/generated-music/:id/files/:name': { request: (r) => ({ method: 'GET', url: `/api/generated-music/${r.generationId}/files/mix.wav` }) },
  'GET /api/generated-music/:id/files/stems/:index': { request: (r) => ({ method: 'GET', url: `/api/generated-music/${r.generationId}/files/stems/0` }) },
  'PUT /api/generated-music/:id/like': { request: (r) => ({ method: 'PUT', url: `/api/generated-music/${r.generationId}/like`, ...json({ liked: true }) }) },
  'POST /api/generated-music/:id/extend': { request: (r) => ({ method: 'POST', url: `/api/generated-music/${r.generationId}/extend`, ...json({ seconds: 10 }) }) },
  'POST /api/generated-music/:id/sections/:index/replace': { request: (r) => ({ method: 'POST', url: `/api/generated-music/${r.generationId}/sections/0/replace`, ...json() }) },
  'POST /api/generated-music/:id/variation': { request: (r) => ({ method: 'POST', url: `/api/generated-music/${r.generationId}/variation`, ...json() }) },
  'POST /api/mastering/start/:id': { request: (r) => ({ method: 'POST', url: `/api/mastering/start/${r.trackId}`, ...json() }) },
  'POST /api/copyright-check/:id': { request: (r) => ({ method: 'POST', url: `/api/copyright-check/${r.trackId}` }) },
  'POST /api/copyright-check/:id/review-request': { request: (r) => ({ method: 'POST', url: `/api/copyright-check/${r.trackId}/review-request`, ...json({ note: 'mine' }) }) },
  'GET /api/disputes/:id/review': { request: (r) => ({ method: 'GET', url: `/api/disputes/${r.reviewCaseId}/review` }) },
  'GET /api/disputes/:id/review/audio/track': { request: (r) => ({ method: 'GET', url: `/api/disputes/${r.reviewCaseId}/review/audio/track` }) },
  'GET /api/disputes/:id/review/audio/works/:workId': { request: (r) => ({ method: 'GET', url: `/api/disputes/${r.reviewCaseId}/review/audio/works/w1` }) },
  'POST /api/copyright-register/:id': { request: (r) => ({ method: 'POST', url: `/api/copyright-register/${r.trackId}` }) },
  'GET /api/copyright-certificate/:id': { request: (r) => ({ method: 'GET', url: `/api/copyright-certificate/${r.trackId}` }) },
  'GET /api/copyright-certificate/:id/view': { request: (r) => ({ method: 'GET', url: `/api/copyright-certificate/${r.trackId}/view` }) },
  'GET /api/copyright/certificate/:id': { request: (r) => ({ method: 'GET', url: `/api/copyright/certificate/${r.trackId}` }) },
  'GET /api/database-sync-status/:txHash': { request: (r) => ({ method: 'GET', url: `/api/database-sync-status/${r.txHash}` }) },
  'GET /api/tracks/:id/history': { request: (r) => ({ method: 'GET', url: `/api/tracks/${r.trackId}/history` }) },
  'GET /api/verify/:certificateId': { request: (r) => ({ method: 'GET', url: `/api/verify/${r.certificateId}` }), public: 'Anyone holding a certificate (its QR code) may verify it' },
  'GET /api/proofs/:id': { request: (r) => ({ method: 'GET', url: `/api/proofs/creation-${r.certificateId}` }), public: 'Proofs are about registered, public works: anyone may read them' },
  'GET /api/proofs/:id/bundle': { request: (r) => ({ method: 'GET', url: `/api/proofs/creation-${r.certificateId}/bundle` }), public: 'Anyone may download a proof bundle to verify it without trusting the server' },
  'GET /api/proofs/:id/documents/:documentId': {
    request: (r) => ({ method: 'GET', url: `/api/proofs/creation-${r.certificateId}/documents/certificate-json` }),
    public: "A proof's evidence (the signed certificate) is public like the proof",
  },
  'GET /api/ledger/transactions/:txHash': {
    request: (r) => ({ method: 'GET', url: `/api/ledger/transactions/${r.txHash}` }),
    public: 'The ledger is public: anyone checking a proof bundle in the browser may read its answer about a transaction',
  },
  'POST /api/royalty-receivers': {
    request: (r) => ({ method: 'POST', url: '/api/royalty-receivers', ...json({ contentId: r.trackId, receiverName: 'Case', receiverEmail: 'case@example.com', royaltyPercentage: 10 }) }),
  },
  'DELETE /api/royalty-receivers/:id': { request: (r) => ({ method: 'DELETE', url: `/api/royalty-receivers/${r.receiverId}` }) },
  // The signed link is the capability: whoever holds it sees and answers the invitation (accepting
  // needs a session of one's own). The link itself is tested in api/routes/royalty-receivers.
  'GET /api/royalty-invitations/:token': { request: () => ({ method: 'GET', url: '/api/royalty-invitations/not-a-signed-link' }), public: 'Whoever holds the mailed invitation link may see it' },
  'POST /api/royalty-invitations/:token/accept': { request: () => ({ method: 'POST', url: '/api/royalty-invitations/not-a-signed-link/accept', ...json() }), public: 'Whoever holds the mailed invitation link may accept it, signed in as themselves' },
  'POST /api/royalty-invitations/:token/decline': { request: () => ({ method: 'POST', url: '/api/royalty-invitations/not-a-signed-link/decline', ...json() }), public: 'Whoever holds the mailed invitation link may decline it' },
  'POST /api/tunecore/cover-art': {
    request: () => {
      const { payload, headers } = multipartBody({}, { filename: 'cover.png', contentType: 'image/png', content: generateCoverPng('authorization') });
      return { method: 'POST', url: '/api/tunecore/cover-art', payload, headers };
    },
    fileOnly: true,
  },
  'POST /api/tunecore/statements': {
    request: () => {
      const { payload, headers } = multipartBody({}, { filename: 'statement.csv', contentType: 'text/csv', content: Buffer.from('period,store,country,identifier,units,amount\n2026-10,spotify,US,USGSE2600001,1,1\n') });
      return { method: 'POST', url: '/api/tunecore/statements', payload, headers };
    },
    fileOnly: true,
  },
  'GET /api/tunecore/distributions/:id/royalties': { request: (r) => ({ method: 'GET', url: `/api/tunecore/distributions/${r.distributionId}/royalties` }) },
  'GET /api/smart-contracts/:id': { request: (r) => ({ method: 'GET', url: `/api/smart-contracts/${r.contractId}` }) },
  'GET /api/smart-contracts/:id/terms.pdf': { request: (r) => ({ method: 'GET', url: `/api/smart-contracts/${r.contractId}/terms.pdf` }) },
  'POST /api/smart-contracts/:id/execute': { request: (r) => ({ method: 'POST', url: `/api/smart-contracts/${r.contractId}/execute`, ...json() }) },
  'POST /api/smart-contracts/create': { request: (r) => ({ method: 'POST', url: '/api/smart-contracts/create', ...json({ contentId: r.trackId, templateType: 'standard_royalty' }) }) },
  'POST /api/smart-contract/create/:id': { request: (r) => ({ method: 'POST', url: `/api/smart-contract/create/${r.trackId}`, ...json() }) },
  'POST /api/tunecore/distribute': {
    request: (r) => ({
      method: 'POST',
      url: '/api/tunecore/distribute',
      ...json({ contentId: r.trackId, ...releaseForm({ selectedStores: ['spotify'] }) }),
    }),
  },
  'POST /api/tunecore/distributions/:id/takedown': { request: (r) => ({ method: 'POST', url: `/api/tunecore/distributions/${r.distributionId}/takedown` }) },
  'GET /api/tunecore/distributions/:id/package': { request: (r) => ({ method: 'GET', url: `/api/tunecore/distributions/${r.distributionId}/package` }) },
  'GET /api/legal/:id': { request: () => ({ method: 'GET', url: '/api/legal/terms' }), public: 'The legal documents are public: anyone may read the terms they would accept' },
  'GET /api/works/:id': { request: (r) => ({ method: 'GET', url: `/api/works/${r.trackId}` }), public: 'The rights registry is public: anyone may read a registered work' },
  'PUT /api/works/:id/identifiers': { request: (r) => ({ method: 'PUT', url: `/api/works/${r.trackId}/identifiers`, ...json({ isrc: 'USRC17607839' }) }) },
  // An offer names its creator publicly by design: the case asks for an id that is no offer, so it checks only that a visitor is answered.
  'GET /api/licenses/marketplace/:id': { request: (r) => ({ method: 'GET', url: `/api/licenses/marketplace/${r.trackId}` }), public: 'The marketplace is open to visitors' },
  'PUT /api/licenses/offers/:id': { request: (r) => ({ method: 'PUT', url: `/api/licenses/offers/${r.offerId}`, ...json(OFFER) }) },
  'DELETE /api/licenses/offers/:id': { request: (r) => ({ method: 'DELETE', url: `/api/licenses/offers/${r.offerId}` }) },
  'GET /api/licenses/:id': { request: (r) => ({ method: 'GET', url: `/api/licenses/${r.licenseId}` }) },
  'GET /api/licenses/:id/certificate.json': { request: (r) => ({ method: 'GET', url: `/api/licenses/${r.licenseId}/certificate.json` }) },
  'GET /api/licenses/:id/certificate.pdf': { request: (r) => ({ method: 'GET', url: `/api/licenses/${r.licenseId}/certificate.pdf` }) },
  'POST /api/licenses/:id/rating': { request: (r) => ({ method: 'POST', url: `/api/licenses/${r.licenseId}/rating`, ...json({ rating: 5 }) }) },
  'GET /api/disputes/:id': { request: (r) => ({ method: 'GET', url: `/api/disputes/${r.disputeId}` }) },
  'POST /api/disputes/:id/evidence': {
    request: (r) => {
      const { payload, headers } = multipartBody({ type: 'audio' }, { filename: 'proof.wav', contentType: 'audio/wav', content: sineWav({ seconds: 0.2 }) });
      return { method: 'POST', url: `/api/disputes/${r.disputeId}/evidence`, payload, headers };
    },
  },
  'GET /api/disputes/:id/evidence/:evidenceId': { request: (r) => ({ method: 'GET', url: `/api/disputes/${r.disputeId}/evidence/${r.evidenceId}` }) },
  'POST /api/disputes/:id/respond': { request: (r) => ({ method: 'POST', url: `/api/disputes/${r.disputeId}/respond`, ...json({ message: 'mine' }) }) },
  'POST /api/disputes/:id/messages': { request: (r) => ({ method: 'POST', url: `/api/disputes/${r.disputeId}/messages`, ...json({ message: 'hello' }) }) },
  'POST /api/disputes/:id/assign': { request: (r) => ({ method: 'POST', url: `/api/disputes/${r.disputeId}/assign`, ...json() }) },
  'POST /api/disputes/:id/status': { request: (r) => ({ method: 'POST', url: `/api/disputes/${r.disputeId}/status`, ...json({ status: 'under_review' }) }) },
  'POST /api/disputes/:id/request-evidence': { request: (r) => ({ method: 'POST', url: `/api/disputes/${r.disputeId}/request-evidence`, ...json({ from: 'both', note: 'files' }) }) },
  'POST /api/disputes/:id/resolve': { request: (r) => ({ method: 'POST', url: `/api/disputes/${r.disputeId}/resolve`, ...json({ outcome: 'upheld', details: 'x' }) }) },
  'POST /api/disputes/:id/review-decision': { request: (r) => ({ method: 'POST', url: `/api/disputes/${r.disputeId}/review-decision`, ...json({ outcome: 'cleared', details: 'x' }) }) },
  'POST /api/disputes/:id/appeal': { request: (r) => ({ method: 'POST', url: `/api/disputes/${r.disputeId}/appeal`, ...json({ reason: 'x' }) }) },
  // The owner's case holds no reference: the decider refuses them (409), a stranger learns nothing (404).
  'POST /api/disputes/:id/release-hold': { request: (r) => ({ method: 'POST', url: `/api/disputes/${r.disputeId}/release-hold`, ...json({ note: 'licensed' }) }) },
  'POST /api/disputes/:id/claim': { request: (r) => ({ method: 'POST', url: `/api/disputes/${r.disputeId}/claim`, ...json({ note: 'mine' }) }) },
  'GET /api/disputes/:id/history': { request: (r) => ({ method: 'GET', url: `/api/disputes/${r.disputeId}/history` }) },
  'POST /api/v1/oracle/analyze': { request: (r) => ({ method: 'POST', url: '/api/v1/oracle/analyze', ...json({ contentId: r.trackId }) }), apiKey: true },
  'POST /api/v1/smart-contracts/create': { request: (r) => ({ method: 'POST', url: '/api/v1/smart-contracts/create', ...json({ contentId: r.trackId }) }), apiKey: true },
  // PATCH first: the DELETE case revokes the owner's key.
  'PATCH /api/developer/keys/:id': { request: (r) => ({ method: 'PATCH', url: `/api/developer/keys/${r.apiKeyId}`, ...json({ ipAllowlist: ['203.0.113.7'] }) }) },
  'DELETE /api/developer/keys/:id': { request: (r) => ({ method: 'DELETE', url: `/api/developer/keys/${r.apiKeyId}` }) },
  'GET /api/support/tickets/:id': { request: (r) => ({ method: 'GET', url: `/api/support/tickets/${r.supportTicketId}` }) },
  'GET /api/support/tickets/:id/messages': { request: (r) => ({ method: 'GET', url: `/api/support/tickets/${r.supportTicketId}/messages` }) },
  'POST /api/support/tickets/:id/messages': { request: (r) => ({ method: 'POST', url: `/api/support/tickets/${r.supportTicketId}/messages`, ...json({ message: 'hello' }) }) },
  'POST /api/support/tickets/:id/notes': { request: (r) => ({ method: 'POST', url: `/api/support/tickets/${r.supportTicketId}/notes`, ...json({ message: 'note' }) }) },
  'POST /api/support/tickets/:id/attachments': {
    request: (r) => {
      const { payload, headers } = multipartBody({ message: 'the file' }, { filename: 'take.wav', contentType: 'audio/wav', content: sineWav({ seconds: 0.2 }) });
      return { method: 'POST', url: `/api/support/tickets/${r.supportTicketId}/attachments`, payload, headers };
    },
  },
  'GET /api/support/tickets/:id/attachments/:attachmentId': { request: (r) => ({ method: 'GET', url: `/api/support/tickets/${r.supportTicketId}/attachments/${r.supportAttachmentId}` }) },
  'POST /api/support/tickets/:id/assign': { request: (r) => ({ method: 'POST', url: `/api/support/tickets/${r.supportTicketId}/assign`, ...json() }) },
  'POST /api/support/tickets/:id/status': { request: (r) => ({ method: 'POST', url: `/api/support/tickets/${r.supportTicketId}/status`, ...json({ status: 'in-progress' }) }) },
  'DELETE /api/account/sessions/:id': { request: (r) => ({ method: 'DELETE', url: `/api/account/sessions/${r.sessionId}` }) },
  // Read before the delete below takes it away.
  'PATCH /api/notifications/:id/read': { request: (r) => ({ method: 'PATCH', url: `/api/notifications/${r.notificationId}/read` }) },
  'DELETE /api/notifications/:id': { request: (r) => ({ method: 'DELETE', url: `/api/notifications/${r.notificationId}` }) },
  'POST /api/references/deliveries': { request: () => ({ method: 'POST', url: '/api/references/deliveries', ...referenceDelivery(sineWav({ seconds: 0.2 })) }), fileOnly: true },
  'GET /api/references/deliveries/:id': { request: (r) => ({ method: 'GET', url: `/api/references/deliveries/${r.referenceDeliveryId}` }) },
  'DELETE /api/references/:id': { request: (r) => ({ method: 'DELETE', url: `/api/references/${r.referenceId}` }) },
  'GET /api/account/exports/:id/download': { request: (r) => ({ method: 'GET', url: `/api/account/exports/${r.exportId}/download` }) },
  'POST /api/support/agent/answers/:id/feedback': { request: (r) => ({ method: 'POST', url: `/api/support/agent/answers/${r.agentAnswerId}/feedback`, ...json({ helpful: true }) }) },
  'POST /api/ops/tracks/:id/retry-registration': { request: (r) => ({ method: 'POST', url: `/api/ops/tracks/${r.trackId}/retry-registration`, ...json() }), operatorOnly: true },
  'POST /api/emergency-lockdown/:id/reinstate': { request: (r) => ({ method: 'POST', url: `/api/emergency-lockdown/${r.trackId}/reinstate`, ...json({ reason: 'Not an operator' }) }), operatorOnly: true },
  'POST /api/ops/deliveries/:id/retry': { request: (r) => ({ method: 'POST', url: `/api/ops/deliveries/${r.distributionId}/retry` }), operatorOnly: true },
  'POST /api/ops/partners/:partnerId/statements': {
    request: () => {
      const { payload, headers } = multipartBody({}, { filename: 'acme.csv', contentType: 'text/csv', content: Buffer.from('period,store,country,identifier,units,amount\n2026-10,spotify,US,USGSE2600001,1,1\n') });
      return { method: 'POST', url: '/api/ops/partners/acme/statements', payload, headers };
    },
    operatorOnly: true,
  },
  'POST /api/ops/partners/:partnerId/funds': { request: () => ({ method: 'POST', url: '/api/ops/partners/acme/funds', ...json({ amountCents: 100, period: '2026-10', reference: 'case' }) }), operatorOnly: true },
};

/** Routes that take an id in their path or body, or a file. */
function takesIdOrFile(route: RouteEntry): boolean {
  if (route.websocket || route.schema?.hide) return false;
  if (route.url.includes(':')) return true;
  if (route.schema?.consumes?.includes('multipart/form-data')) return true;
  const body = route.schema?.body as { shape?: Record<string, unknown>; unwrap?: () => { shape?: Record<string, unknown> } } | undefined;
  const shape = body?.shape ?? body?.unwrap?.().shape;
  return Boolean(shape && Object.keys(shape).some((key) => key === 'contentId' || key === 'id'));
}

async function notExpected(): Promise<never> {
  throw new Error('the API reached the workflow');
}

let testApp: TestApp;
let dataDir: string;
let owner: string;
let stranger: string;
let resource: Resource;
/** Each signed-in user's API key, by their session cookie. */
const apiKeys = new Map<string, string>();
let missing: Resource;

async function signup(): Promise<{ cookie: string; userId: string }> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  const cookie = `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`;
  return { cookie, userId: response.json().user.id };
}

/** A track through its copyright check and a signed, submitted registration, with its file stored. */
async function registeredTrack(ownerId: string): Promise<Omit<Resource, 'receiverId' | 'offerId' | 'licenseId' | 'disputeId' | 'evidenceId' | 'reviewCaseId' | 'apiKeyId' | 'generationId' | 'sessionId' | 'notificationId' | 'exportId' | 'supportTicketId' | 'supportAttachmentId' | 'agentAnswerId' | 'resumableUploadId' | 'referenceDeliveryId' | 'referenceId'>> {
  const { trackId, storedName, txHash, certificateId } = await seedTrack(testApp, ownerId, { until: 'registered', title: 'Private work' });
  await writeFile(testApp.storage.storedPath(storedName), sineWav({ seconds: 0.2 }));
  const distributionId = randomUUID();
  const form = releaseForm({ selectedStores: ['spotify'] });
  const released = await requestRelease(testApp.eventStore, { distributionId, contentId: trackId, ownerId, form }, { correlationId: 'test', actor: `user:${ownerId}` });
  await testApp.projector.waitFor(released!.lastPosition);
  return { trackId, storedName, txHash: txHash!, certificateId: certificateId!, distributionId, contractId: contractIdFor(trackId) };
}

/** A dispute `claimantId` filed about another user's registered work, with a stored file of evidence. */
async function filedDispute(claimantId: string, username: string): Promise<{ disputeId: string; evidenceId: string }> {
  const respondent = await signup();
  const workId = await registeredWork(testApp, respondent.userId, 'Disputed work');
  const commands = inProcessDisputeCommands(createDisputeActivities({ eventStore: testApp.eventStore, effects: recordingDisputeEffects(0) }));
  const actor = { userId: claimantId, name: username, roles: ['creator' as const] };
  const { disputeId } = await commands.file({ kind: 'dispute', workId, disputeType: 'ownership_claim', priority: 'medium', subject: 'Mine', description: 'Mine', claimedRights: [] }, actor);
  const evidenceId = randomUUID();
  const storedName = `evidence-${evidenceId}.wav`;
  const content = sineWav({ seconds: 0.2 });
  await writeFile(testApp.storage.storedPath(storedName), content);
  const file = { filename: 'proof.wav', mimeType: 'audio/wav', size: content.length, sha256: 'a'.repeat(64), storedName };
  await commands.act(disputeId, { action: 'add_evidence', evidenceId, type: 'audio', description: null, file }, actor);
  const last = (await testApp.eventStore.readStream(`dispute-${disputeId}`)).at(-1)!;
  await testApp.projector.waitFor(last.position);
  return { disputeId, evidenceId };
}

/** A license `buyer` bought with tokens of a registered work offered by another user. */
async function boughtLicense(buyer: string): Promise<string> {
  const seller = await signup();
  const offerId = await offerLicense(testApp, seller.userId, await registeredWork(testApp, seller.userId, 'Licensed work'), { workTitle: 'Licensed work', details: { priceCents: 100, paymentOptions: ['qxmp_tokens'] } });
  const bought = await testApp.app.inject({ method: 'POST', url: '/api/licenses/purchase', headers: { cookie: buyer }, payload: { licenseId: offerId, paymentMethod: 'qxmp_tokens' } });
  return bought.json().contractId;
}

/** An oracle_review case about the owner's track, as the case's workflow records it. */
async function reviewCaseAbout(trackId: string, ownerId: string): Promise<string> {
  const disputeId = `review-${randomUUID()}`;
  const filed = DisputeFiled.create({
    disputeId, kind: 'oracle_review', workId: trackId, workTitle: 'Private work', ownerId, ownerName: 'owner', claimant: { userId: null, name: 'Copyright oracle' },
    disputeType: 'copyright_infringement', priority: 'medium', subject: 'Held', description: 'Held for review', claimedRights: [], estimatedValueCents: 0, checkId: 'c1', filedAt: new Date().toISOString(), answerDueAt: null,
  });
  const metadata = { correlationId: 'test', causationId: null, actor: 'oracle', workflowId: null, occurredAt: new Date().toISOString() };
  const appended = await testApp.eventStore.append(disputeStreamId(disputeId), [{ eventId: randomUUID(), ...filed, metadata }], 'no_stream');
  await testApp.projector.waitFor(appended.lastPosition);
  return disputeId;
}

/** A 10-s instrumental the owner generated, made for real and finished (no voice: its files and routes are what is guarded). */
async function generatedSong(cookie: string): Promise<string> {
  const started = await testApp.app.inject({ method: 'POST', url: '/api/audio/generate-complete-song', headers: { cookie }, payload: { prompt: 'A quiet song of my own', duration: 10, includeVocals: false } });
  const { id } = started.json() as { id: string };
  await testApp.songGenerations.settled();
  await testApp.projector.waitFor((await testApp.eventStore.readStream(generationStreamId(id))).at(-1)!.position);
  return id;
}

/** The public id of a new session of the user's, signed in as from another device. */
async function anotherSessionOf(username: string): Promise<string> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'correct horse battery' } });
  const cookie = `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`;
  const { sessions } = (await testApp.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } })).json() as { sessions: Array<{ id: string; current: boolean }> };
  return sessions.find((session) => session.current)!.id;
}

/** A support ticket the user opened, with a file they sent on it. */
async function supportTicketWithFile(cookie: string): Promise<{ supportTicketId: string; supportAttachmentId: string }> {
  const opened = await testApp.app.inject({ method: 'POST', url: '/api/support/tickets', headers: { cookie }, payload: { title: 'Help', description: 'My own question' } });
  const supportTicketId = opened.json().ticket.id as string;
  const { payload, headers } = multipartBody({}, { filename: 'mine.wav', contentType: 'audio/wav', content: sineWav({ seconds: 0.2 }) });
  const sent = await testApp.app.inject({ method: 'POST', url: `/api/support/tickets/${supportTicketId}/attachments`, payload, headers: { ...headers, cookie } });
  return { supportTicketId, supportAttachmentId: sent.json().message.attachments[0].id as string };
}

/** An export of the owner's data, built and ready to download. */
async function finishedExport(cookie: string): Promise<string> {
  const started = await testApp.app.inject({ method: 'POST', url: '/api/account/exports', headers: { cookie }, payload: {} });
  const id = started.json().export.id as string;
  await testApp.accountExports.settled();
  await testApp.projector.waitFor((await testApp.eventStore.readStream(accountExportStreamId(id))).at(-1)!.position);
  return id;
}

/** A multipart delivery of one reference recording and its CSV. */
function referenceDelivery(content: Buffer) {
  return multipartFiles([
    { field: 'recordings', filename: 'mine.wav', contentType: 'audio/wav', content },
    { field: 'csv', filename: 'metadata.csv', contentType: 'text/csv', content: Buffer.from(`file,title,artist,isrc,owner,territories\nmine.wav,Mine,Me,GBAYE2600001,Label,worldwide\n`) },
  ]);
}

/** A rights holder's delivery of one recording, indexed: answers the delivery's and the reference's ids. */
async function indexedReference(cookie: string): Promise<{ referenceDeliveryId: string; referenceId: string }> {
  const { payload, headers } = referenceDelivery(encodeWav(music({ seconds: 4, seed: 5 }), 44_100, 2));
  const started = await testApp.app.inject({ method: 'POST', url: '/api/references/deliveries', payload, headers: { ...headers, cookie } });
  const referenceDeliveryId = started.json().delivery.id as string;
  await testApp.referenceDeliveries.settled();
  await testApp.projector.waitFor((await testApp.eventStore.readStream(`reference-delivery-${referenceDeliveryId}`)).at(-1)!.position);
  const detail = await testApp.app.inject({ method: 'GET', url: `/api/references/deliveries/${referenceDeliveryId}`, headers: { cookie } });
  return { referenceDeliveryId, referenceId: detail.json().recordings[0].referenceId as string };
}

/** A resumable upload of a 1 000-byte WAV with none of its bytes sent yet; answers its id. */
async function startedResumableUpload(cookie: string): Promise<string> {
  const metadata = Object.entries({ filename: 'mine.wav', title: 'Mine', contentType: 'music' }).map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`).join(',');
  const created = await testApp.app.inject({ method: 'POST', url: '/api/resumable-uploads', headers: { cookie, 'tus-resumable': '1.0.0', 'upload-length': '1000', 'upload-metadata': metadata } });
  return String(created.headers.location).split('/').pop()!;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-authorization-'));
  const stub = { start: async () => ({ workflowId: 'stand-in' }), master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected };
  testApp = await startTestApp(dataDir, stub);
  const ownerAccount = await signup();
  const ownerName = (await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: ownerAccount.cookie } })).json().username;
  owner = ownerAccount.cookie;
  const strangerAccount = await signup();
  stranger = strangerAccount.cookie;
  // Both hold the rights_holder role: another holder is refused a holder's references as missing (404), not 403.
  await migrate(testApp.db, oracleMigrations);
  for (const account of [ownerAccount, strangerAccount]) await grantRole(testApp, account.userId, 'rights_holder');
  apiKeys.set(owner, (await seedApiKey(testApp, ownerAccount.userId)).key);
  apiKeys.set(stranger, (await seedApiKey(testApp, strangerAccount.userId)).key);
  const track = await registeredTrack(ownerAccount.userId);
  await testApp.app.inject({ method: 'POST', url: '/api/smart-contracts/create', headers: { cookie: owner }, payload: { contentId: track.trackId } });
  const added = await testApp.app.inject({ method: 'POST', url: '/api/royalty-receivers', payload: { contentId: track.trackId, receiverName: 'Ana', receiverEmail: 'ana@example.com', royaltyPercentage: 10 }, headers: { cookie: owner } });
  const offerId = randomUUID();
  const offered = await handleCommand(testApp.eventStore, licenseOfferStreamId(offerId), licenseOfferDecider, {
    type: 'OfferLicense',
    data: { offerId, actorId: ownerAccount.userId, work: { workId: track.trackId, ownerId: ownerAccount.userId, title: 'Private work', registered: true }, licensingFrozen: false, offer: OFFER as unknown as OfferDetails, offeredAt: new Date().toISOString() },
  }, { correlationId: 'test', actor: `user:${ownerAccount.userId}` });
  await testApp.projector.waitFor(offered.result!.lastPosition);
  resource = {
    ...track,
    receiverId: added.json().receiver.id,
    offerId,
    licenseId: await boughtLicense(ownerAccount.cookie),
    ...(await filedDispute(ownerAccount.userId, ownerName)),
    reviewCaseId: await reviewCaseAbout(track.trackId, ownerAccount.userId),
    apiKeyId: (await testApp.app.inject({ method: 'POST', url: '/api/developer/keys', headers: { cookie: owner }, payload: { keyName: 'Mine', termsAccepted: true } })).json().apiKey.id,
    generationId: await generatedSong(owner),
    sessionId: await anotherSessionOf(ownerName),
    notificationId: (await testApp.app.inject({ method: 'GET', url: '/api/notifications?kind=wallet', headers: { cookie: owner } })).json().notifications[0].id,
    exportId: await finishedExport(owner),
    ...(await supportTicketWithFile(owner)),
    agentAnswerId: (await testApp.app.inject({ method: 'POST', url: '/api/support/agent/messages', headers: { cookie: owner }, payload: { message: 'What does mastering change in my mix?' } })).json().answer.answerId,
    resumableUploadId: await startedResumableUpload(owner),
    ...(await indexedReference(owner)),
  };
  const id = randomUUID();
  missing = { trackId: id, storedName: `${id}.wav`, txHash: 'F'.repeat(64), certificateId: 'GOOSE-CERT-MISSING', receiverId: randomUUID(), distributionId: randomUUID(), contractId: contractIdFor(id), offerId: randomUUID(), licenseId: randomUUID(), disputeId: randomUUID(), evidenceId: randomUUID(), reviewCaseId: `review-${randomUUID()}`, apiKeyId: randomUUID().replaceAll('-', '').slice(0, 16), generationId: randomUUID(), sessionId: randomUUID(), notificationId: randomUUID(), exportId: randomUUID(), supportTicketId: randomUUID(), supportAttachmentId: randomUUID(), agentAnswerId: `${randomUUID()}.1`, resumableUploadId: randomUUID(), referenceDeliveryId: randomUUID(), referenceId: randomUUID() };
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The answer with the resource's identifiers written as placeholders, to compare with a missing one's. */
function anonymised(body: string, of: Resource): string {
  return Object.entries(of).reduce((text, [key, value]) => text.replaceAll(value, `<${key}>`), body);
}

async function send(c: Case, of: Resource, cookie: string | null) {
  const { headers, ...request } = c.request(of);
  const identity = cookie ? (c.apiKey ? { 'x-api-key': apiKeys.get(cookie)! } : { cookie }) : {};
  return testApp.app.inject({ ...request, headers: { ...headers, ...identity } });
}

describe('authorization, generated from the route table', () => {
  it('has a case for every route that takes an id or a file, and no case for a route that is gone', () => {
    const routes = testApp.app.routeTable.filter(takesIdOrFile).map((route) => `${route.method} ${route.url}`);
    expect(routes.filter((route) => !CASES[route]), 'routes without an authorization case').toEqual([]);
    expect(Object.keys(CASES).filter((key) => !routes.includes(key)), 'cases for routes that no longer exist').toEqual([]);
  });

  for (const [route, c] of Object.entries(CASES)) {
    it(`${route}: a visitor and another user are refused and learn nothing`, async () => {
      const visitor = await send(c, resource, null);
      const strangerAnswer = await send(c, resource, stranger);
      if (c.public) {
        expect(visitor.statusCode, c.public).toBeLessThan(500);
        for (const answer of [visitor, strangerAnswer]) expect(answer.body).not.toMatch(/"ownerId"|user_[0-9a-f]{8}/);
        return;
      }
      expect(visitor.statusCode).toBe(401);
      if (c.apiKey) {
        const { headers, ...request } = c.request(resource);
        const badKey = await testApp.app.inject({ ...request, headers: { ...headers, 'x-api-key': `gk_${'0'.repeat(16)}_${'a'.repeat(43)}` } });
        expect(badKey.statusCode).toBe(401);
      }
      const ownerAnswer = await send(c, resource, owner);
      const missingAnswer = await send(c, missing, stranger);
      if (c.fileOnly) {
        expect([200, 202]).toContain(ownerAnswer.statusCode);
        return;
      }
      if (c.operatorOnly) {
        for (const answer of [ownerAnswer, strangerAnswer, missingAnswer]) expect(answer.json()).toEqual({ error: 'This needs the operator role' });
        return;
      }
      // The owner gets past authorization (the route found the resource), so the refusals are not vacuous.
      // A HEAD answer has no body: its status is what could tell.
      const seen = (answer: typeof ownerAnswer, of: Resource) => (answer.raw.req.method === 'HEAD' ? String(answer.statusCode) : anonymised(answer.body, of));
      expect(ownerAnswer.statusCode).not.toBe(401);
      expect(seen(ownerAnswer, resource)).not.toBe(seen(missingAnswer, missing));
      expect(strangerAnswer.statusCode).toBe(missingAnswer.statusCode);
      expect(seen(strangerAnswer, resource)).toBe(seen(missingAnswer, missing));
      expect([404, 400]).toContain(strangerAnswer.statusCode);
    });
  }
});

describe('password recovery: public routes that tell nobody about an account', () => {
  it('answers a visitor and a signed-in stranger the same for the owner\'s username as for an unknown one, and refuses a made-up link alike for everyone', async () => {
    const ownerName = (await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: owner } })).json().username as string;
    const ask = (identifier: string, cookie: string | null) =>
      testApp.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { identifier }, headers: cookie ? { cookie } : {} });
    for (const cookie of [null, stranger]) {
      const known = await ask(ownerName, cookie);
      const unknown = await ask(`nobody_${randomUUID().slice(0, 8)}`, cookie);
      expect(known.statusCode).toBe(202);
      expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    }
    const madeUp = `${Buffer.from(`${randomUUID()}\n${randomUUID()}\n${Date.now() + 60_000}`).toString('base64url')}.${'A'.repeat(43)}`;
    const answers = await Promise.all(
      [null, stranger, owner].map((cookie) =>
        testApp.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: madeUp, newPassword: 'violet kettle orbit' }, headers: cookie ? { cookie } : {} }),
      ),
    );
    for (const answer of answers) expect([answer.statusCode, answer.json()]).toEqual([400, { error: 'This is not a valid password reset link: open the link from the mail as it is' }]);
  });
});
