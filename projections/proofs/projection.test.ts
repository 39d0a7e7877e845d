// The proofs read model on the machine's Postgres server (PGlite when it is not there): creation
// proofs from issued certificates (pending until the registration is validated, then verified),
// licensing proofs from issued licenses, the explorer's search, and a rebuild from the events that
// reproduces the live table row for row.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { statementHash, verifyBundle } from '../../domain/proofs/verify-bundle';
import { postgresDb, type Db } from '../../infra/db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../../infra/db/migrate';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../../tests/support/postgres';
import { issuedLicenseEvents, registeredTrackEvents, signStatement, testSigningKey, type RegisteredTrack } from '../../tests/support/proof-events';
import { DisputeAppealed, DisputeAnswered, DisputeClosed, DisputeFiled, DisputeResolved, DisputeStatusChanged } from '../../domain/disputes/dispute.events';
import { proofsProjection, signedDocument } from './projection';
import { allProofRows, findProof, searchProofs } from './queries';

const postgresUp = await postgresAvailable();
const key = testSigningKey();
const signer = (statement: Record<string, unknown>) => signStatement(statement, key);

describe(`proofs projection (${postgresUp ? 'Postgres' : 'PGlite: no Postgres server'})`, () => {
  let database: TestDatabase | null = null;
  let db: Db;
  let eventStore: PostgresEventStore;
  const recorded: RecordedEvent[] = [];

  const append = async (streamId: string, events: { type: string; data: unknown }[]) => {
    const existing = await eventStore.readStream(streamId);
    const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() };
    await eventStore.append(streamId, events.map((event) => ({ eventId: randomUUID(), metadata, ...event })), existing.length === 0 ? 'no_stream' : existing.length);
    const all = await eventStore.readStream(streamId);
    const fresh = all.slice(existing.length);
    recorded.push(...fresh);
    // Live: one transaction per event, each delivered twice.
    for (const event of fresh) {
      for (let delivery = 0; delivery < 2; delivery++) await db.transaction((tx) => proofsProjection.apply(tx, event));
    }
  };
  const appendTrack = (track: RegisteredTrack) => append(`track-${track.trackId}`, track.events);

  let pending: RegisteredTrack;
  let validated: RegisteredTrack;
  let mastered: RegisteredTrack;

  beforeAll(async () => {
    database = postgresUp ? await createTestDatabase() : null;
    db = database ? postgresDb(database.url, 2) : await pooledPglite();
    await migrate(db, eventStoreMigrations);
    await db.query(proofsProjection.schema);
    eventStore = new PostgresEventStore(db, eventRegistry);
    pending = registeredTrackEvents(key, { title: 'Midnight Harbour', owner: 'ada' });
    validated = registeredTrackEvents(key, { title: 'Velvet Static', owner: 'bea', outcome: 'validated', clearanceScore: 88.2 });
    mastered = registeredTrackEvents(key, { title: 'Glass Orchard', owner: 'cyd', outcome: 'submitted', mastered: true });
    for (const track of [pending, validated, mastered]) await appendTrack(track);
  });

  afterAll(async () => {
    await eventStore.close();
    await db.close();
    await database?.drop();
  });

  it('makes a pending creation proof of a certificate whose registration awaits submission, saying so', async () => {
    const record = await findProof(db, pending.proofId, signer);

    expect(record?.proof).toMatchObject({
      id: pending.proofId,
      workId: pending.trackId,
      workTitle: 'Midnight Harbour',
      creator: 'ada',
      type: 'creation',
      status: 'pending',
      verification: { oracleScore: 93.4, verificationDate: null, verifiedBy: ['GOOSE copyright oracle'], challenges: [] },
      attestation: { networkId: 'xrpl-testnet', polygonTransactionId: null, blockHeight: null, timestamp: null, ipfsHash: null },
    });
    expect(record?.proof.attestation.confirmation).toBe('Awaiting submission: the registration is signed and waits for a connection to the XRP Ledger; no ledger holds it yet.');
    expect(record?.proof.evidence.fingerprints.map((f) => f.hash)).toEqual([`gfp1-812-${pending.sha256.slice(0, 24)}`, 'mel-4f2a91c0', 'har-0c11d2e9']);
  });

  it('lists the registered file and the certificate document, whose hash is that of the bytes served', async () => {
    const record = await findProof(db, pending.proofId, signer);
    const [file, certificate] = record?.proof.evidence.documents ?? [];

    expect(file).toMatchObject({ id: 'registered-file', filename: 'take-1.wav', mimeType: 'audio/wav', hash: pending.sha256 });
    expect(file?.size).toBeGreaterThan(0);
    const served = signedDocument(record?.statement ?? {}, record?.signature);
    expect(certificate).toMatchObject({ id: 'certificate-json', filename: `${pending.certificateId}.json`, mimeType: 'application/json', size: Buffer.byteLength(served) });
    expect(certificate?.hash).toBe(createHashHex(served));
  });

  it('keeps the statement exactly as signed: its bundle verifies with the signing key', async () => {
    const record = await findProof(db, pending.proofId, signer);
    const bundle = { format: 'goose-proof-bundle/1', statement: record?.statement, signature: record?.signature };

    const result = await verifyBundle(bundle, { trustedKeys: [key] });
    expect(result.valid).toBe(true);
    expect(record?.proof.attestation.blockchainHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies a creation proof once its registration is validated, with the ledger index and the network as verifier', async () => {
    expect((await findProof(db, validated.proofId, signer))?.proof).toMatchObject({
      status: 'verified',
      verification: { oracleScore: 88.2, verifiedBy: ['GOOSE copyright oracle', 'XRPL testnet'] },
      attestation: { polygonTransactionId: validated.txHash, blockHeight: 4_812_003, confirmation: 'Validated on the XRP Ledger (testnet) in ledger 4812003 with result tesSUCCESS.' },
    });

    await append(`track-${pending.trackId}`, [pending.validation]);

    const later = await findProof(db, pending.proofId, signer);
    expect(later?.proof).toMatchObject({ status: 'verified', attestation: { polygonTransactionId: pending.txHash, blockHeight: 4_812_999 } });
    expect(later?.proof.verification.verificationDate).not.toBeNull();
  });

  it('describes the master when the master was registered (its size comes from the file, not the events)', async () => {
    const record = await findProof(db, mastered.proofId, signer);

    expect(record?.proof).toMatchObject({ status: 'pending', attestation: { polygonTransactionId: mastered.txHash, confirmation: 'Submitted to the XRP Ledger (testnet); not validated yet.' } });
    expect(record?.proof.evidence.documents[0]).toMatchObject({ filename: 'take-1-master.mp3', mimeType: 'audio/mpeg', size: null, storedName: `${mastered.trackId}-master.mp3`, hash: mastered.sha256 });
  });

  it("makes a licensing proof of an issued license, with the license certificate and the work's fingerprints", async () => {
    const license = issuedLicenseEvents(key, validated, 'Velvet Static');
    await append(`license-${license.licenseId}`, [license.requested, license.issued]);

    const record = await findProof(db, license.proofId, signer);
    expect(record?.proof).toMatchObject({
      type: 'licensing',
      status: 'verified',
      workId: validated.trackId,
      workTitle: 'Velvet Static',
      verification: { oracleScore: 88.2, verifiedBy: ['GOOSE license certificate signature'] },
      attestation: { networkId: 'xrpl-testnet', polygonTransactionId: null },
    });
    expect(record?.proof.attestation.confirmation).toContain("attested by GOOSE's signature");
    expect(record?.proof.evidence.documents.map((d) => d.id)).toEqual(['license-certificate-json']);
    expect(record?.proof.evidence.fingerprints).toHaveLength(3);
    expect((await verifyBundle({ format: 'goose-proof-bundle/1', statement: record?.statement, signature: record?.signature }, { trustedKeys: [key] })).valid).toBe(true);
  });

  describe('search', () => {
    const ids = async (query: Parameters<typeof searchProofs>[1]) => (await searchProofs(db, query, signer)).proofs.map((record) => record.proof.id);

    it('finds a proof by its title with a typo, by its creator, and by its transaction hash', async () => {
      expect((await ids({ query: 'Midnigth Harbor' }))[0]).toBe(pending.proofId);
      expect(await ids({ query: 'cyd' })).toEqual([mastered.proofId]);
      expect(await ids({ query: validated.txHash })).toContain(validated.proofId);
    });

    it('filters by type, status, verifier and work, and counts the filtered set', async () => {
      expect(await ids({ proofType: 'licensing' })).toHaveLength(1);
      expect(await ids({ status: 'pending' })).toEqual([mastered.proofId]);
      expect(new Set(await ids({ verifier: 'XRPL testnet' }))).toEqual(new Set([pending.proofId, validated.proofId]));
      const forWork = await searchProofs(db, { workId: validated.trackId }, signer);
      expect(forWork.total).toBe(2);
      expect(forWork.proofs.map((p) => p.proof.type).sort()).toEqual(['creation', 'licensing']);
      expect((await searchProofs(db, { query: 'nothing like this at all' }, signer)).total).toBe(0);
    });

    it('keeps only proofs in the date range', async () => {
      await db.query("UPDATE proofs SET created_at = now() - interval '40 days' WHERE id = $1", [mastered.proofId]);

      expect(await ids({ dateRange: '30d' })).not.toContain(mastered.proofId);
      expect(await ids({ dateRange: '1y' })).toContain(mastered.proofId);
      await db.query('UPDATE proofs SET created_at = $2 WHERE id = $1', [mastered.proofId, recorded.find((e) => e.type === 'TrackCertificateIssued' && e.streamId === `track-${mastered.trackId}`)?.recordedAt]);
    });
  });

  describe('disputes', () => {
    const at = (days: number) => new Date(Date.UTC(2026, 10, 1) + days * 86_400_000).toISOString();
    const reviewer = { userId: randomUUID(), name: 'rita_reviewer' };
    const resolved = (disputeId: string, outcome: 'upheld' | 'rejected', day: number) =>
      DisputeResolved.create({ disputeId, outcome, details: `Decided ${outcome}`, compensationCents: outcome === 'upheld' ? 1500 : 0, by: reviewer, byDefault: false, resolvedAt: at(day), appealUntil: at(day + 7) });
    const filed = (disputeId: string, kind: 'dispute' | 'oracle_review', claimant: string, day: number) =>
      DisputeFiled.create({
        disputeId, kind, workId: validated.trackId, workTitle: 'Velvet Static', ownerId: randomUUID(), ownerName: 'bea', claimant: { userId: randomUUID(), name: claimant },
        disputeType: 'ownership_claim', priority: 'high', subject: 'Mine', description: 'I wrote it', claimedRights: ['reproduction'], estimatedValueCents: 0,
        checkId: null, filedAt: at(day), answerDueAt: at(day + 30),
      });

    beforeAll(async () => {
      await append('dispute-D1', [
        filed('D1', 'dispute', 'carl', 0),
        DisputeAnswered.create({ disputeId: 'D1', by: { userId: randomUUID(), name: 'bea' }, message: 'It is mine', answeredAt: at(1) }),
        DisputeStatusChanged.create({ disputeId: 'D1', from: 'open', to: 'investigating', by: { userId: randomUUID(), name: 'bea' }, reason: 'The owner answered the claim', changedAt: at(1) }),
        resolved('D1', 'upheld', 3),
        DisputeAppealed.create({ disputeId: 'D1', by: { userId: randomUUID(), name: 'bea' }, reason: 'Missed my contract', appealedAt: at(4) }),
        resolved('D1', 'rejected', 6),
        DisputeClosed.create({ disputeId: 'D1', closedAt: at(13) }),
      ]);
      await append('dispute-D2', [filed('D2', 'dispute', 'dora', 2)]);
      await append('dispute-R1', [filed('R1', 'oracle_review', 'GOOSE copyright oracle', 2), resolved('R1', 'upheld', 3)]);
    });

    it("lists each dispute about a work as its creation proof's challenge, with its status and resolution", async () => {
      const record = await findProof(db, validated.proofId, signer);
      expect(record?.proof.verification.challenges).toEqual([
        { id: 'D1', type: 'ownership_claim', challengedBy: 'carl', resolution: 'rejected (by rita_reviewer): Decided rejected', status: 'closed' },
        { id: 'D2', type: 'ownership_claim', challengedBy: 'dora', resolution: null, status: 'open' },
      ]);
      expect((await findProof(db, pending.proofId, signer))?.proof.verification.challenges).toEqual([]);
    });

    it('makes a dispute_resolution proof per resolution, its statement the resolution as recorded; its bundle verifies once the API signs it', async () => {
      const first = await findProof(db, 'dispute-resolution-D1-1', signer);
      const second = await findProof(db, 'dispute-resolution-D1-2', signer);
      expect(first?.proof).toMatchObject({ type: 'dispute_resolution', status: 'verified', workId: validated.trackId, workTitle: 'Velvet Static', createdAt: at(3), attestation: { polygonTransactionId: null, networkId: 'xrpl-testnet' } });
      expect(first?.statement).toMatchObject({ format: 'goose-dispute-resolution/1', disputeId: 'D1', round: 1, outcome: 'upheld', compensationCents: 1500, resolvedBy: 'rita_reviewer', claimant: 'carl', recordedAs: { stream: 'dispute-D1', version: 4 } });
      expect(second?.statement).toMatchObject({ round: 2, outcome: 'rejected', recordedAs: { version: 6 } });
      const bundle = { format: 'goose-proof-bundle/1', statement: second!.statement, signature: second!.signature };
      const verdict = await verifyBundle(bundle, { trustedKeys: [key] });
      expect(verdict.valid).toBe(true);
      expect(verdict.checks.map((check) => check.outcome)).toEqual(['passed', 'not_checked', 'not_checked']);
      expect(second!.proof.attestation.blockchainHash).toBe(statementHash(second!.statement));
      expect(await findProof(db, 'dispute-resolution-R1-1', signer)).toBeNull();
      expect((await searchProofs(db, { proofType: 'dispute_resolution' }, signer)).total).toBe(2);
    });
  });

  it('rebuilt from the events, equals the live read model row for row', async () => {
    const live = await allProofRows(db);
    expect(live).toHaveLength(6);

    await db.query(`DROP TABLE ${proofsProjection.tables.join(', ')}`);
    await db.query(proofsProjection.schema);
    await db.transaction(async (tx) => {
      for (const event of recorded) await proofsProjection.apply(tx, event);
    });

    expect(await allProofRows(db)).toEqual(live);
  });
});

function createHashHex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
