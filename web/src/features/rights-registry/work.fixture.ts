// A registry work for the registry page's tests, valid against workSchema.
import { workSchema, type Work } from '../../../../domain/contracts/registry';

export function work(overrides: Partial<Work> = {}): Work {
  return workSchema.parse({
    id: 'track-1',
    title: 'Midnight Rain',
    creator: 'alice',
    contentType: 'audio',
    genre: 'Ambient',
    verificationLevel: 'enhanced',
    verificationReason: 'Registered and validated on the ledger; no identifiers yet',
    identifiers: { isrc: 'US-S1Z-99-00001', iswc: null, isni: null, upc: null },
    oracleScore: 93,
    licenses: { available: 2, active: 1, revenue: 4_999 },
    disputes: { active: 0, resolved: 0, total: 0 },
    metadata: { createdAt: '2026-11-20T10:00:00.000Z', certificateId: 'CERT-1', xrplTxHash: 'A'.repeat(64), ledgerStatus: 'validated' },
    fingerprints: [{ algorithm: 'chromaprint', confidence: 97, hash: 'fp-abc' }],
    attestations: [{ id: 'att-1', type: 'certificate_signature', issuer: 'GOOSE', timestamp: '2026-11-20T10:00:00.000Z', verified: true }],
    ...overrides,
  });
}
