// A proof for the proof explorer's tests, valid against proofSchema.
import { proofSchema, type Proof } from '../../../../domain/contracts/proofs';

export function proof(overrides: Partial<Proof> = {}): Proof {
  const base = proofSchema.parse({
    id: 'proof-creation-CERT-1',
    workId: 'track-1',
    workTitle: 'Midnight Rain',
    creator: 'alice',
    type: 'creation',
    status: 'verified',
    createdAt: '2026-11-20T10:00:00.000Z',
    verification: { oracleScore: 93, verificationDate: '2026-11-20T10:05:00.000Z', verifiedBy: ['GOOSE copyright oracle', 'XRPL testnet'], challenges: [] },
    attestation: {
      networkId: 'xrpl-testnet',
      polygonTransactionId: 'A'.repeat(64),
      blockchainHash: 'b'.repeat(64),
      ipfsHash: null,
      timestamp: '2026-11-20T10:05:00.000Z',
      blockHeight: 123456,
      confirmation: 'validated',
    },
    signature: { algorithm: 'Ed25519', publicKey: 'pubkey-base64url', signature: 'sig-base64url', keyId: 'goose-key-1', issuer: 'GOOSE', validFrom: '2026-11-20T10:00:00.000Z', validUntil: null },
    evidence: {
      documents: [{ id: 'file', filename: 'midnight-rain.wav', mimeType: 'audio/wav', size: 2_150_400, hash: 'c'.repeat(64) }],
      fingerprints: [{ algorithm: 'audioFingerprint', confidence: 97, hash: 'fp-abc' }],
    },
  });
  return { ...base, ...overrides };
}
