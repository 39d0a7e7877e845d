// The projector as a specification: read models built from the deciders' events, read-your-writes
// through waitFor, resuming after a crash from the last committed checkpoint without applying
// anything twice, and a full rebuild that reproduces the live read models row for row.
// Runs on PGlite and on the machine's real Postgres server.
import { generationDecider, type GenerationCommand } from '../domain/creation/generation.decider';
import { generationStreamId } from '../domain/creation/generation.events';
import { partnerFundsDecider } from '../domain/royalties/partner-funds.decider';
import { partnerStreamId } from '../domain/royalties/partner-funds.events';
import { reconciliationDecider } from '../domain/royalties/reconciliation.decider';
import { reconciliationStreamId } from '../domain/royalties/reconciliation.events';
import { DisputeEvidenceAdded, DisputeFiled, DisputeHoldReleased, DisputeMessagePosted, disputeStreamId } from '../domain/disputes/dispute.events';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { supportTicketDecider, type SupportTicketCommand } from '../domain/support/support-ticket.decider';
import { supportTicketStreamId } from '../domain/support/support-ticket.events';
import { SupportAgentQuestionAsked, supportConversationStreamId } from '../domain/support/agent-conversation.events';
import { waitingListDecider, type WaitingListCommand } from '../domain/waiting-list/waiting-list.decider';
import { waitingListStreamId } from '../domain/waiting-list/waiting-list.events';
import { WELCOME_BONUS_TOKENS } from '../domain/constants';
import { decideUser, evolveUser, initialUserState, type UserCommand } from '../domain/identity/user.decider';
import { accountExportDecider, type AccountExportCommand } from '../domain/account-data/account-export.decider';
import { accountExportStreamId } from '../domain/account-data/account-export.events';
import { UserEmailConfirmed, userStreamId } from '../domain/identity/user.events';
import { inboxDecider } from '../domain/notifications/inbox.decider';
import { inboxStreamId } from '../domain/notifications/inbox.events';
import { SalesStatementImported, salesStatementStreamId, statementLinesStreamId } from '../domain/distribution/sales-statement.events';
import { decideStatementLines, initialStatementLinesState } from '../domain/distribution/statement-lines.decider';
import { eventRegistry } from '../domain/registry';
import { royaltyContractDecider, type RoyaltyContractCommand } from '../domain/royalties/royalty-contract.decider';
import { RoyaltyContractCreated, royaltyContractStreamId } from '../domain/royalties/royalty-contract.events';
import { royaltyReceiversDecider } from '../domain/royalties/royalty-receivers.decider';
import { royaltyReceiversStreamId } from '../domain/royalties/royalty-receivers.events';
import { licenseOfferDecider, licenseOfferStreamId } from '../domain/licensing/license-offer.decider';
import { LicenseIssued, LicensePurchaseRequested } from '../domain/licensing/license.events';
import { tokensToMicros } from '../domain/shared/tokens';
import { tokenAccountDecider } from '../domain/tokens/token-account.decider';
import { tokenAccountStreamId } from '../domain/tokens/token-account.events';
import { findTokenAccount } from './tokens/queries';
import { releaseDecider } from '../domain/distribution/release.decider';
import { releaseStreamId } from '../domain/distribution/release.events';
import { requestRelease } from '../infra/distribution/request-release';
import { tokensProjection } from './tokens/projection';
import { decideTrack, evolveTrack, initialTrackState, type TrackCommand } from '../domain/track/track.decider';
import { trackStreamId } from '../domain/track/track.events';
import { UserWalletsGenerated, walletsStreamId } from '../domain/wallets/wallet.events';
import { generateUserWallets } from '../infra/wallets/generate';
import { keyBox } from '../infra/wallets/key-box';
import { postgresDb, type Db } from '../infra/db/db';
import { migrate } from '../infra/db/migrate';
import { handleCommand } from '../infra/eventstore/command-handler';
import { comparePositions, formatPosition, parsePosition, START, type GlobalPosition, type RecordedEvent } from '../infra/eventstore/event-store';
import { eventStoreMigrations, PostgresEventStore } from '../infra/eventstore/postgres-event-store';
import { pooledPglite } from '../tests/support/pglite-pool';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL } from '../tests/support/postgres';
import { releaseForm } from '../tests/support/release-form';
import { allProjections } from './all';
import { apiKeyDecider, type ApiKeyCommand } from '../domain/developer/api-key.decider';
import { apiKeyStreamId } from '../domain/developer/api-key.events';
import { API_TERMS_VERSION } from '../domain/developer/api-tiers';
import type { Projection, ReadModelChange } from './projection';
import { Projector, rebuildProjections } from './projector';
import { referenceDeliveryDecider, type ReferenceDeliveryCommand } from '../domain/references/reference-delivery.decider';
import { referenceDeliveryStreamId } from '../domain/references/reference-delivery.events';
import { findUserById, findUserByUsername } from './users/queries';
import { usersProjection } from './users/projection';
import { listVault } from './vault/queries';

interface Backend {
  db: Db;
  store: PostgresEventStore;
  close(): Promise<void>;
}

const postgresUp = await postgresAvailable();

const backends: { name: string; open: (() => Promise<Backend>) | null }[] = [
  {
    name: 'PGlite',
    open: async () => {
      const db = await pooledPglite();
      await migrate(db, eventStoreMigrations);
      const store = new PostgresEventStore(db, eventRegistry);
      return { db, store, close: async () => (await store.close(), await db.close()) };
    },
  },
  {
    name: 'a real Postgres server',
    open: postgresUp
      ? async () => {
          const database = await createTestDatabase();
          const db = postgresDb(database.url);
          await migrate(db, eventStoreMigrations);
          const store = new PostgresEventStore(db, eventRegistry);
          return { db, store, close: async () => (await store.close(), await db.close(), await database.drop()) };
        }
      : null,
  },
];

for (const { name, open } of backends) {
  if (!open) {
    describe(`Projector on ${name} (skipped: no Postgres server at ${TEST_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')})`, () => {
      it.skip('builds, resumes and rebuilds the read models', () => {});
    });
    continue;
  }

  describe(`Projector on ${name}`, () => {
    let backend: Backend;
    let projectors: Projector[];
    let db: Db;
    let store: PostgresEventStore;

    beforeEach(async () => {
      backend = await open();
      ({ db, store } = backend);
      projectors = [];
    });

    afterEach(async () => {
      for (const projector of projectors) await projector.stop();
      await backend.close();
    });

    /** Starts a projector that the test's cleanup stops. */
    async function startProjector(projections: readonly Projection[] = allProjections): Promise<Projector> {
      const projector = new Projector(db, store, projections);
      projectors.push(projector);
      await projector.start();
      return projector;
    }

    /** Signs a user up as the signup route does: the account, then the token account with the welcome bonus (`accountEventIds`: its two events' ids). */
    async function registerUser(accountEventIds?: string[]) {
      const userId = randomUUID();
      const username = `user_${userId.slice(0, 8)}`;
      const command: UserCommand = { type: 'RegisterUser', data: { userId, username, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA' } };
      const context = { correlationId: `signup-${userId}`, actor: userId };
      await handleCommand(store, userStreamId(userId), { decide: decideUser, evolve: evolveUser, initialState: initialUserState }, command, context);
      const { result } = await handleCommand(
        store,
        tokenAccountStreamId(userId),
        tokenAccountDecider,
        { type: 'OpenAccount', data: { userId, welcomeBonusMicros: tokensToMicros(WELCOME_BONUS_TOKENS) } },
        { ...context, eventIds: accountEventIds },
      );
      return { userId, username, position: result!.lastPosition };
    }

    /** Runs a track's intake up to `until` through the track decider; returns the last position. */
    async function uploadTrack(ownerId: string, until: 'received' | 'stored' | 'probed' | 'failed') {
      const trackId = randomUUID();
      const commands: TrackCommand[] = [
        {
          type: 'ReceiveUpload',
          data: { trackId, ownerId, title: `Song ${trackId.slice(0, 4)}`, description: 'a song', contentType: 'music', royaltySplit: 80, originalName: 'song.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 1000, genre: 'ambient' },
        },
      ];
      if (until !== 'received') commands.push({ type: 'StoreFile', data: { trackId, storedName: `${trackId}.wav`, sha256: 'c'.repeat(64), size: 1044 } });
      if (until === 'probed') commands.push({ type: 'RecordProbe', data: { trackId, format: 'wav', durationSeconds: 2.5, codec: 'pcm_s16le', sampleRate: 44100, channels: 2, bitRate: 1411200 } });
      if (until === 'failed') commands.push({ type: 'FailIntake', data: { trackId, step: 'probe', reason: 'not readable audio' } });
      let position: GlobalPosition = START;
      for (const command of commands) {
        const { result } = await handleCommand(store, trackStreamId(trackId), { decide: decideTrack, evolve: evolveTrack, initialState: initialTrackState }, command, {
          correlationId: `upload-${trackId}`,
          actor: ownerId,
          workflowId: `track-lifecycle-${trackId}`,
        });
        position = result!.lastPosition;
      }
      return { trackId, position };
    }

    it('builds the users and vault read models from the deciders’ events, visible as soon as waitFor(position) resolves', async () => {
      const projector = await startProjector();

      const ada = await registerUser();
      await projector.waitFor(ada.position);
      expect(await findUserById(db, ada.userId, 1)).toMatchObject({ username: ada.username, tokenBalance: WELCOME_BONUS_TOKENS });
      expect((await findUserByUsername(db, ada.username.toUpperCase(), 1))?.user.id).toBe(ada.userId);

      const probed = await uploadTrack(ada.userId, 'probed');
      await projector.waitFor(probed.position);
      const [item] = await listVault(db, ada.userId);
      expect(item).toMatchObject({
        id: probed.trackId,
        status: 'processing',
        royaltySplit: 80,
        filePath: `/uploads/${probed.trackId}.wav`,
        metadata: { genre: 'ambient', duration: 2.5, size: 1044, sha256: 'c'.repeat(64), format: 'wav', mimeType: 'audio/wav' },
        workflow: { id: `track-lifecycle-${probed.trackId}`, stage: 'master', failureReason: null },
      });
      expect(item!.workflow.steps.slice(0, 3).map((s) => s.status)).toEqual(['completed', 'completed', 'completed']);

      const grace = await registerUser();
      const failed = await uploadTrack(grace.userId, 'failed');
      await projector.waitFor(failed.position);
      expect(await listVault(db, grace.userId)).toMatchObject([
        { id: failed.trackId, status: 'failed', workflow: { stage: 'intake', stageLabel: 'Intake failed', failureReason: 'not readable audio' } },
      ]);
      expect(await listVault(db, ada.userId)).toHaveLength(1);
    });

    it('after a crash mid-way, a new projector resumes from the last committed checkpoint and credits no token twice', async () => {
      const crashOn = new Set<string>();
      const crashing = allProjections.map((p): Projection => ({
        ...p,
        apply: async (tx, event) => {
          if (crashOn.delete(event.eventId)) throw new Error(`simulated crash while applying ${event.type}`);
          return p.apply(tx, event);
        },
      }));
      const first = await startProjector(crashing);
      const before: Awaited<ReturnType<typeof registerUser>>[] = [];
      for (let i = 0; i < 3; i++) {
        before.push(await registerUser());
        await first.waitFor(before.at(-1)!.position); // one committed batch each
      }

      // The welcome credit of the fourth user makes the tokens projection throw half-way through its batch.
      const [openedId, creditedId] = [randomUUID(), randomUUID()];
      crashOn.add(creditedId);
      const crashed = await registerUser([openedId, creditedId]);
      await expect(first.waitFor(crashed.position, 1000)).rejects.toThrow(/did not reach/);

      // Nothing of the failed batch is committed (not even the account opened before the throw),
      // and the checkpoint still points at the last batch that committed.
      expect(await findTokenAccount(db, crashed.userId)).toBeNull();
      expect(comparePositions(parsePosition((await checkpointOf('tokens'))!), crashed.position)).toBeLessThan(0);
      expect(comparePositions(parsePosition((await checkpointOf('tokens'))!), before.at(-1)!.position)).toBeGreaterThanOrEqual(0);

      // The store keeps moving while the users projection is down.
      const after = [await registerUser(), await registerUser()];
      const track = await uploadTrack(after[0]!.userId, 'probed');
      await first.stop();

      const appliedOnResume: RecordedEvent[] = [];
      const counting = allProjections.map((p): Projection => ({
        ...p,
        apply: async (tx, event) => {
          if (p.name === tokensProjection.name) appliedOnResume.push(event);
          return p.apply(tx, event);
        },
      }));
      const second = await startProjector(counting);
      await second.waitFor(track.position);

      // It resumed after the checkpoint: the three accounts committed before the crash were not replayed.
      const resumedUsers = new Set(appliedOnResume.map((e) => (e.data as { userId: string }).userId));
      expect([...resumedUsers].sort()).toEqual([crashed.userId, ...after.map((u) => u.userId)].sort());
      expect(appliedOnResume.every((e) => comparePositions(e.position, before.at(-1)!.position) > 0)).toBe(true);

      const everyone = [...before, crashed, ...after];
      for (const user of everyone) {
        expect(await findUserById(db, user.userId, 1)).toMatchObject({ username: user.username, tokenBalance: WELCOME_BONUS_TOKENS });
      }
      const { rows } = await db.query<{ credits: number; total: string }>(
        `SELECT count(*)::integer AS credits, sum(amount_micros)::text AS total FROM token_transactions WHERE kind = 'credit'`,
      );
      expect(rows[0]).toEqual({ credits: everyone.length, total: String(everyone.length * tokensToMicros(WELCOME_BONUS_TOKENS)) });
      expect(await listVault(db, after[0]!.userId)).toMatchObject([{ id: track.trackId, workflow: { stage: 'master' } }]);
      expect(await checkpointOf('tokens')).toBe(await checkpointOf('vault'));
    });

    /** A release requested (its store rows start pending) and failed at its fee: it fills the distributions model's tables. */
    async function failedRelease(ownerId: string): Promise<GlobalPosition> {
      const distributionId = randomUUID();
      const form = releaseForm({ selectedStores: ['spotify'] });
      const context = { correlationId: `release-${distributionId}`, actor: ownerId };
      await requestRelease(store, { distributionId, contentId: randomUUID(), ownerId, form }, context);
      const { result } = await handleCommand(store, releaseStreamId(distributionId), releaseDecider, { type: 'FailRelease', data: { distributionId, step: 'fee', reason: 'Insufficient tokens' } }, context);
      return result!.lastPosition;
    }

    /** A contract that earned and paid one run: it fills the royalties model's tables. */
    /** A license offered for a work and sold once (the purchase's events as its workflow records them). */
    async function soldLicense(ownerId: string, buyerId: string): Promise<GlobalPosition> {
      const offerId = randomUUID();
      const workId = randomUUID();
      const details = {
        type: 'synchronization' as const, scope: 'limited' as const, territory: 'Worldwide', duration: 'Perpetual', currency: 'USD' as const, priceCents: 4999, originalPriceCents: null,
        paymentOptions: ['qxmp_tokens' as const], terms: { permissions: [], restrictions: [], attributionRequired: true, commercialUse: true, derivatives: false, distribution: false, customTerms: null },
      };
      await handleCommand(store, licenseOfferStreamId(offerId), licenseOfferDecider, {
        type: 'OfferLicense',
        data: { offerId, actorId: ownerId, work: { workId, ownerId, title: 'Licensed', registered: true }, licensingFrozen: false, offer: details, offeredAt: new Date().toISOString() },
      }, { correlationId: 'offer', actor: ownerId });
      const licenseId = randomUUID();
      const sale = [
        LicensePurchaseRequested.create({ licenseId, offerId, workId, workTitle: 'Licensed', ownerId, buyerId, offer: details, paymentMethod: 'qxmp_tokens', currency: 'USD', priceCents: 4999, requestedAt: new Date().toISOString() }),
        LicenseIssued.create({
          licenseId, certificateId: `LIC-${licenseId}`, certificate: { certificateId: `LIC-${licenseId}`, licenseId, workId, buyer: 'b', owner: 'o' },
          signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', canonicalization: 'RFC8785', value: 'sig' }, proofId: `proof-${licenseId}`, settlementReference: 'hold', issuedAt: new Date().toISOString(),
        }),
      ];
      const metadata = { correlationId: 'sale', causationId: null, actor: buyerId, workflowId: null, occurredAt: new Date().toISOString() };
      return (await store.append(`license-${licenseId}`, sale.map((event) => ({ eventId: randomUUID(), ...event, metadata })), 'no_stream')).lastPosition;
    }

    /** A dispute with a piece of evidence and a message: it fills the disputes model's tables. */
    async function disputedWork(ownerId: string, claimantId: string): Promise<GlobalPosition> {
      const disputeId = randomUUID();
      const at = new Date().toISOString();
      const claimant = { userId: claimantId, name: 'claimant' };
      const events = [
        DisputeFiled.create({
          disputeId, kind: 'dispute', workId: randomUUID(), workTitle: 'Disputed', ownerId, ownerName: 'owner', claimant, disputeType: 'ownership_claim', priority: 'low',
          subject: 'Mine', description: 'Mine', claimedRights: [], estimatedValueCents: 0, filedAt: at, answerDueAt: at,
        }),
        DisputeEvidenceAdded.create({ disputeId, evidenceId: 'e1', by: claimant, party: 'claimant', type: 'other', description: 'A note', file: null, addedAt: at }),
        DisputeMessagePosted.create({ disputeId, messageId: 'm1', sender: claimant, senderType: 'claimant', message: 'Hello', postedAt: at }),
      ];
      const metadata = { correlationId: 'dispute', causationId: null, actor: claimantId, workflowId: null, occurredAt: at };
      await store.append(disputeStreamId(disputeId), events.map((event) => ({ eventId: randomUUID(), ...event, metadata })), 'no_stream');
      // A track held for matching the claimant's reference recording, and the holder's release: it fills the reference-holds model.
      const reviewId = `review-${randomUUID()}`;
      const reference = { referenceId: 'ref-1', title: 'Night Ferry', holderId: claimantId, holderName: 'Harbour Records', kind: 'recording' as const, similarity: 96, upload: { startSeconds: 0, endSeconds: 20 }, reference: { startSeconds: 0, endSeconds: 20 } };
      const held = [
        DisputeFiled.create({
          disputeId: reviewId, kind: 'oracle_review', workId: randomUUID(), workTitle: 'Held', ownerId, ownerName: 'owner', claimant: { userId: null, name: 'Copyright oracle' }, disputeType: 'copyright_infringement',
          priority: 'medium', subject: 'Held', description: 'Matches a reference', claimedRights: [], estimatedValueCents: 0, checkId: 'c1', filedAt: at, answerDueAt: null, references: [reference],
        }),
        DisputeHoldReleased.create({ disputeId: reviewId, by: claimant, referenceIds: ['ref-1'], note: 'Licensed', releasedAt: at }),
      ];
      return (await store.append(disputeStreamId(reviewId), held.map((event) => ({ eventId: randomUUID(), ...event, metadata })), 'no_stream')).lastPosition;
    }

    async function paidContract(ownerId: string): Promise<GlobalPosition> {
      const contractId = randomUUID();
      const context = { correlationId: `contract-${contractId}`, actor: ownerId };
      const run = (command: RoyaltyContractCommand) => handleCommand(store, royaltyContractStreamId(contractId), royaltyContractDecider, command, context);
      await run({
        type: 'CreateContract',
        data: RoyaltyContractCreated.create({
          contractId, contentId: randomUUID(), ownerId, contentTitle: 'Paid', templateType: 'standard_royalty', royaltySplit: 85,
          distributionSchedule: 'monthly', minimumThreshold: 100, terms: { contractId }, canonical: '{}', termsSha256: 'a'.repeat(64),
          signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', value: 'sig' }, network: 'testnet', xrpAmount: '99.900000', usdAmount: '49.95',
        }).data,
      });
      await run({ type: 'RecordEarnings', data: { amountCents: 200, source: 'distribution_statement', reference: 'line-1', description: 'October' } });
      const lines = [
        { party: 'platform' as const, receiverId: null, userId: null, name: 'GOOSE platform', percentage: 15, amountCents: 30, receiverWallet: null },
        { party: 'creator' as const, receiverId: null, userId: ownerId, name: 'creator', percentage: 85, amountCents: 170, receiverWallet: null },
      ];
      await run({ type: 'StartPayoutRun', data: { runId: 'run-1', trigger: 'distribute', amountCents: 200, lines } });
      await run({ type: 'RecordLinePaid', data: { runId: 'run-1', lineIndex: 0, method: 'recorded', txHash: null } });
      await run({ type: 'RecordLinePaid', data: { runId: 'run-1', lineIndex: 1, method: 'token_credit', txHash: null } });
      return (await run({ type: 'CompletePayoutRun', data: { runId: 'run-1' } })).result!.lastPosition;
    }

    it('rebuilding every read model from the store reproduces the live tables row for row', async () => {
      const live = await startProjector();
      const users = [await registerUser(), await registerUser(), await registerUser()];
      let last: GlobalPosition = users.at(-1)!.position;
      for (const [index, until] of (['received', 'stored', 'probed', 'failed', 'probed'] as const).entries()) {
        last = (await uploadTrack(users[index % users.length]!.userId, until)).position;
      }
      const walletOwner = users[0]!.userId;
      const wallet = UserWalletsGenerated.create({ userId: walletOwner, ...generateUserWallets(keyBox(randomBytes(32))) });
      const metadata = { correlationId: `wallet-${walletOwner}`, causationId: null, actor: walletOwner, workflowId: null, occurredAt: new Date().toISOString() };
      last = (await store.append(walletsStreamId(walletOwner), [{ eventId: randomUUID(), ...wallet, metadata }], 'no_stream')).lastPosition;
      const contentId = randomUUID();
      const addReceiver = { type: 'AddReceiver' as const, data: { contentId, ownerId: walletOwner, receiverId: randomUUID(), receiverName: 'Ana', receiverEmail: 'ana@example.com', royaltyPercentage: 15, receiverWallet: null, creatorShare: 85 } };
      last = (await handleCommand(store, royaltyReceiversStreamId(contentId), royaltyReceiversDecider, addReceiver, { correlationId: 'receivers', actor: walletOwner })).result!.lastPosition;
      // A statement import: one line matched to a release, one unmatched, and its summary.
      const release = { distributionId: randomUUID(), contentId: randomUUID(), ownerId: walletOwner, title: 'Released' };
      const line = { lineNumber: 2, store: 'spotify', country: 'US', identifier: 'USGSE2600001', units: 10, amountCents: 40 };
      const recordedLines = decideStatementLines(
        { type: 'RecordStatementLines', data: { statementId: 's1', importerId: walletOwner, period: '2026-10', bucket: 0, releases: [release], lines: [{ ...line, key: 'k'.repeat(22), release: 0 }, { ...line, key: 'u'.repeat(22), identifier: 'UNKNOWN', release: null }] } },
        initialStatementLinesState,
      );
      await store.append(statementLinesStreamId(walletOwner, '2026-10', 0), recordedLines.map((e) => ({ eventId: randomUUID(), ...e, metadata })), 'no_stream');
      const summary = SalesStatementImported.create({ statementId: 's1', importerId: walletOwner, fileName: 'october.csv', lines: 2, matched: 1, unmatched: 1, duplicates: 0, amountCents: 40, importedAt: new Date().toISOString() });
      last = (await store.append(salesStatementStreamId('s1'), [{ eventId: randomUUID(), ...summary, metadata }], 'no_stream')).lastPosition;
      // A partner's funds and its period's claims, released up to them.
      const fundsCommand = { type: 'RecordFundsReceived' as const, data: { partnerId: 'acme', amountCents: 30, currency: 'USD' as const, period: '2026-10', reference: 'WIRE-1', recordedBy: 'operator:test' } };
      await handleCommand(store, partnerStreamId('acme'), partnerFundsDecider, fundsCommand, { correlationId: 'funds', actor: 'operator:test' });
      const claims = [{ batchId: 'b1', contentId: release.contentId, ownerId: walletOwner, title: 'Released', amountCents: 40 }];
      last = (await handleCommand(store, reconciliationStreamId('acme', '2026-10'), reconciliationDecider, { type: 'Reconcile', data: { partnerId: 'acme', period: '2026-10', claims, fundedCents: 30 } }, { correlationId: 'funds', actor: 'operator:test' })).result!.lastPosition;
      await failedRelease(walletOwner);
      last = await paidContract(walletOwner);
      last = await soldLicense(walletOwner, users[1]!.userId);
      const grant: UserCommand = { type: 'GrantRole', data: { userId: users[2]!.userId, role: 'reviewer', grantedBy: 'ops-cli:test', grantedAt: new Date().toISOString() } };
      last = (await handleCommand(store, userStreamId(users[2]!.userId), { decide: decideUser, evolve: evolveUser, initialState: initialUserState }, grant, { correlationId: 'grant', actor: 'ops-cli:test' })).result!.lastPosition;
      // A support user (the notifications' staff table), a ticket with a message, a conversation with the agent and a waiting-list entry.
      const grantSupport: UserCommand = { type: 'GrantRole', data: { userId: users[1]!.userId, role: 'support', grantedBy: 'ops-cli:test', grantedAt: new Date().toISOString() } };
      await handleCommand(store, userStreamId(users[1]!.userId), { decide: decideUser, evolve: evolveUser, initialState: initialUserState }, grantSupport, { correlationId: 'grant', actor: 'ops-cli:test' });
      const ticketId = randomUUID();
      const requester = { userId: walletOwner, name: 'owner' };
      const openTicket: SupportTicketCommand = {
        type: 'OpenSupportTicket',
        data: { ticketId, requester, title: 'Where is my master?', description: 'It has been an hour.', category: 'technical', priority: 'medium', handoff: null, at: new Date().toISOString() },
      };
      await handleCommand(store, supportTicketStreamId(ticketId), supportTicketDecider, openTicket, { correlationId: 'ticket', actor: walletOwner });
      const reply: SupportTicketCommand = {
        type: 'PostSupportMessage',
        data: { ticketId, messageId: randomUUID(), actor: { userId: users[1]!.userId, name: 'support', isSupport: true }, internal: false, message: 'Looking into it.', attachments: [], at: new Date().toISOString() },
      };
      await handleCommand(store, supportTicketStreamId(ticketId), supportTicketDecider, reply, { correlationId: 'ticket', actor: users[1]!.userId });
      const conversationId = randomUUID();
      const asked = SupportAgentQuestionAsked.create({ conversationId, userId: walletOwner, question: 'How loud is a master?', askedAt: new Date().toISOString() });
      await store.append(supportConversationStreamId(conversationId), [{ eventId: randomUUID(), ...asked, metadata }], 'no_stream');
      const entryId = randomUUID();
      const joinList: WaitingListCommand = {
        type: 'JoinWaitingList',
        data: { entryId, email: 'owner@example.com', isPriority: true, affiliateCode: 'A'.repeat(16), referredBy: null, userId: walletOwner, notificationPreferences: { email: true, platform: false, sms: false }, joinedAt: new Date().toISOString() },
        confirmation: { kind: 'account-address' },
      };
      last = (await handleCommand(store, waitingListStreamId(entryId), waitingListDecider, joinList, { correlationId: 'waiting-list', actor: walletOwner })).result!.lastPosition;
      last = await disputedWork(walletOwner, users[1]!.userId);
      const keyId = randomUUID().replace(/-/g, '').slice(0, 16);
      const createKey: ApiKeyCommand = {
        type: 'CreateApiKey',
        data: { keyId, ownerId: walletOwner, keyName: 'Rebuild key', tier: 'pro', keyPrefix: `gk_${keyId}`, keySha256: 'a'.repeat(64), termsVersion: API_TERMS_VERSION, termsAcceptedAt: new Date().toISOString() },
      };
      await handleCommand(store, apiKeyStreamId(keyId), apiKeyDecider, createKey, { correlationId: 'key', actor: walletOwner });
      last = (await handleCommand(store, apiKeyStreamId(keyId), apiKeyDecider, { type: 'ChangeApiKeyAllowlist', data: { keyId, ipAllowlist: ['203.0.113.7'], changedBy: walletOwner } }, { correlationId: 'key', actor: walletOwner })).result!.lastPosition;
      // A song asked for in the studio, and its owner's like.
      const generationId = randomUUID();
      const songRequest = { prompt: 'Rebuilt song', genre: 'Pop', mood: 'Happy', selectedStyles: ['Lo-fi'], tempo: 100, key: 'A', duration: 30, includeVocals: false };
      const requestGeneration: GenerationCommand = { type: 'RequestGeneration', data: { generationId, ownerId: walletOwner, trackId: randomUUID(), title: 'Rebuilt song', request: songRequest, requestHash: 'd'.repeat(64), seed: 1, source: null, requestedAt: new Date().toISOString() } };
      await handleCommand(store, generationStreamId(generationId), generationDecider, requestGeneration, { correlationId: 'generation', actor: walletOwner });
      last = (await handleCommand(store, generationStreamId(generationId), generationDecider, { type: 'LikeGeneration', data: { generationId, liked: true, actorId: walletOwner } }, { correlationId: 'generation', actor: walletOwner })).result!.lastPosition;
      // An export of the owner's data, built.
      const exportId = randomUUID();
      const exportCommand = (command: AccountExportCommand) => handleCommand(store, accountExportStreamId(exportId), accountExportDecider, command, { correlationId: 'export', actor: walletOwner });
      await exportCommand({ type: 'RequestAccountExport', data: { exportId, userId: walletOwner, requestedAt: new Date().toISOString() } });
      await exportCommand({ type: 'ReportAccountExportStep', data: { exportId, step: 'streams', detail: '5 streams of yours found' } });
      await exportCommand({ type: 'CompleteAccountExport', data: { exportId, storedName: `account-export-${exportId}.zip`, sizeBytes: 10, sha256: 'e'.repeat(64), streamCount: 5, eventCount: 20, documentCount: 0, completedAt: new Date().toISOString() } });
      // A rights holder's delivery of one reference recording, indexed.
      const referenceDeliveryId = randomUUID();
      const referenceId = randomUUID();
      const deliver = (command: ReferenceDeliveryCommand) => handleCommand(store, referenceDeliveryStreamId(referenceDeliveryId), referenceDeliveryDecider, command, { correlationId: 'references', actor: walletOwner });
      const reference = { referenceId, file: 'night.wav', storedName: `reference-${referenceId}.wav`, title: 'Night', artist: 'Ana', isrc: 'GBAYE2600001', owner: 'Label One', territories: ['worldwide'] };
      await deliver({ type: 'ReceiveReferenceDelivery', data: { deliveryId: referenceDeliveryId, holderId: walletOwner, holderName: 'owner', via: 'upload', folder: null, recordings: [reference], receivedAt: new Date().toISOString() } });
      await deliver({ type: 'RecordReferenceIndexed', data: { referenceId, durationSeconds: 8, workMatches: [], caseNote: null, at: new Date().toISOString() } });
      // A confirmed address and the owner's notifications read (the notifications model's own tables).
      const confirmed = UserEmailConfirmed.create({ userId: walletOwner, email: 'owner@example.com', confirmedAt: new Date().toISOString() });
      const ownerStream = await store.readStream(userStreamId(walletOwner));
      await store.append(userStreamId(walletOwner), [{ eventId: randomUUID(), ...confirmed, metadata }], ownerStream.length);
      const readAll = { type: 'MarkAllNotificationsRead' as const, data: { userId: walletOwner, upTo: new Date().toISOString(), readAt: new Date().toISOString() } };
      last = (await handleCommand(store, inboxStreamId(walletOwner), inboxDecider, readAll, { correlationId: 'inbox', actor: walletOwner })).result!.lastPosition;
      await live.waitFor(last);
      await live.stop();

      const liveTables = await snapshot(db, allProjections);
      // Intake, wallet, receiver, statement, partner funds and releases, release, contract, license (offered and sold), roles, support ticket, agent conversation, waiting list, dispute, API key, generation, export, reference delivery, confirmed address and inbox events fill every table but the certificates, which only a registration fills.
      const emptyTables = Object.entries(liveTables).filter(([, rows]) => rows.length === 0).map(([table]) => table);
      expect(emptyTables.sort()).toEqual(['certificates']);

      const replayed = await rebuildProjections(db, store, allProjections);

      expect(replayed).toBe(await countEvents());
      expect(await snapshot(db, allProjections)).toEqual(liveTables);
      for (const projection of allProjections) expect(await checkpointOf(projection.name)).toBe(formatPosition(last));

      // A projector started after the rebuild carries on from there: nothing is applied twice.
      const resumed = await startProjector();
      const newcomer = await registerUser();
      await resumed.waitFor(newcomer.position);
      const { rows } = await db.query<{ credits: number }>(`SELECT count(*)::integer AS credits FROM token_transactions WHERE kind = 'credit'`);
      expect(rows[0]!.credits).toBe(users.length + 1);
    });

    it('hands a projection that has applyAll each batch’s events it handles at once, in global order, instead of one by one', async () => {
      const calls: RecordedEvent[][] = [];
      const titles: Projection = {
        name: 'upload_titles',
        version: 1,
        tables: ['upload_titles'],
        schema: 'CREATE TABLE IF NOT EXISTS upload_titles (track_id uuid PRIMARY KEY, title text NOT NULL)',
        handles: new Set(['TrackUploadReceived']),
        apply: () => Promise.reject(new Error('apply must not be called when applyAll exists')),
        async applyAll(tx, events) {
          calls.push([...events]);
          await tx.query('INSERT INTO upload_titles SELECT * FROM unnest($1::uuid[], $2::text[]) ON CONFLICT DO NOTHING', [
            events.map((e) => (e.data as { trackId: string }).trackId),
            events.map((e) => (e.data as { title: string }).title),
          ]);
          return [];
        },
      };
      const owner = randomUUID();
      const uploads = [];
      for (let i = 0; i < 4; i++) uploads.push(await uploadTrack(owner, 'stored'));

      const projector = await startProjector([titles]);
      await projector.waitFor(uploads.at(-1)!.position);

      const delivered = calls.flat();
      expect(calls.length).toBeLessThan(delivered.length);
      expect(delivered.map((e) => e.type)).toEqual(uploads.map(() => 'TrackUploadReceived'));
      expect(delivered.map((e) => (e.data as { trackId: string }).trackId)).toEqual(uploads.map((u) => u.trackId));
      const { rows } = await db.query<{ track_id: string }>('SELECT track_id::text AS track_id FROM upload_titles ORDER BY track_id');
      expect(rows.map((r) => r.track_id)).toEqual(uploads.map((u) => u.trackId).sort());
    });

    it('rebuilds a read model from the start when its version changes', async () => {
      const v1 = await startProjector();
      const ada = await registerUser();
      await v1.waitFor(ada.position);
      await v1.stop();
      const before = await snapshot(db, [usersProjection]);

      const v2 = await startProjector([{ ...usersProjection, version: usersProjection.version + 1 }]);
      await v2.waitFor(ada.position);

      expect(await snapshot(db, [usersProjection])).toEqual(before);
      const { rows } = await db.query<{ version: number }>('SELECT version FROM projection_checkpoints WHERE name = $1', [usersProjection.name]);
      expect(rows[0]!.version).toBe(usersProjection.version + 1);
    });

    it('logs each committed change to read_model_changes in its transaction, and the change heard here carries its seq', async () => {
      const projector = await startProjector();
      const heard: ReadModelChange[] = [];
      projector.onChange((change) => heard.push(change));
      const { userId, position } = await registerUser();
      await projector.waitFor(position);
      const mine = heard.filter((change) => change.ownerId === userId);
      expect(mine.length).toBeGreaterThan(0);
      const { rows } = await db.query<{ seq: string; change: ReadModelChange }>('SELECT seq::text AS seq, change FROM read_model_changes WHERE seq = ANY($1::bigint[]) ORDER BY seq', [mine.map((change) => change.seq)]);
      expect(rows.map((row) => ({ ...row.change, seq: Number(row.seq) }))).toEqual([...mine].sort((a, b) => a.seq! - b.seq!));

      const announced: ReadModelChange = { readModel: 'developer', ownerId: userId, subjectId: 'key-1', streamId: 'api-key-1', eventType: 'ApiCallRecorded', workflowId: null, recordedAt: new Date().toISOString() };
      const heardAnnounced = new Promise<ReadModelChange>((resolve) => projector.onChange((change) => change.eventType === 'ApiCallRecorded' && resolve(change)));
      projector.announce(announced);
      const logged = await heardAnnounced;
      expect(logged.seq).toBeGreaterThan(Math.max(...mine.map((change) => change.seq!)));
      const { rows: announcedRows } = await db.query<{ change: ReadModelChange }>('SELECT change FROM read_model_changes WHERE seq = $1', [logged.seq]);
      expect(announcedRows[0]!.change.eventType).toBe('ApiCallRecorded');
    });

    it('two projectors on one database apply each batch once: the checkpoint moves by compare-and-set, so the later commit rolls back', async () => {
      await startProjector();
      await startProjector();
      const registered = [];
      for (let i = 0; i < 4; i++) registered.push(await registerUser());
      // Each projector may have lost some projections' race (their subscriptions stop), so neither's
      // waitFor need resolve: the checkpoints tell where the read models are.
      const last = formatPosition(registered.at(-1)!.position);
      await expect.poll(async () => (await Promise.all(allProjections.map((p) => checkpointOf(p.name)))).every((position) => position === last), { timeout: 10_000 }).toBe(true);
      const { rows: doubled } = await db.query(
        `SELECT change->>'readModel', change->>'streamId', change->>'eventType' FROM read_model_changes
         GROUP BY 1, 2, 3, change->>'subjectId', change->>'recordedAt' HAVING count(*) > 1`,
      );
      expect(doubled).toEqual([]);
      for (const { userId } of registered) expect((await findTokenAccount(db, userId))!.balanceMicros).toBe(tokensToMicros(WELCOME_BONUS_TOKENS));
    });

    async function checkpointOf(projection: string): Promise<string | undefined> {
      const { rows } = await db.query<{ position: string }>('SELECT position FROM projection_checkpoints WHERE name = $1', [projection]);
      return rows[0]?.position;
    }

    async function countEvents(): Promise<number> {
      const { rows } = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM events');
      return rows[0]!.count;
    }
  });
}

/** Every row of every table the projections own, ordered by primary key. */
async function snapshot(db: Db, projections: readonly Projection[]): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of projections.flatMap((p) => p.tables)) {
    const { rows: keys } = await db.query<{ column: string }>(
      `SELECT a.attname AS column FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
       WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
      [table],
    );
    if (keys.length === 0) throw new Error(`${table} has no primary key to order a snapshot by`);
    const { rows } = await db.query(`SELECT * FROM ${table} ORDER BY ${keys.map((k) => k.column).join(', ')}`);
    tables[table] = rows;
  }
  return tables;
}
