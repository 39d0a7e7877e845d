// Events of a user's wallets (stream `wallets-<userId>`): one Polygon account and one XRP Ledger
// account per user, generated on the server. The stream is appended with expected version
// 'no_stream', so two concurrent requests cannot give a user two wallets. Private keys are stored
// only sealed (AES-256-GCM, infra/wallets/key-box.ts); the read model keeps the addresses alone.
import { z } from 'zod';
import { defineEvent } from '../shared/events';

/** A key sealed by the wallet key box: `v1.<keyId>.<iv>.<tag>.<ciphertext>`, base64url parts. */
const sealedKey = z.string().regex(/^v1\.[0-9a-f]{16}\.[\w-]+\.[\w-]+\.[\w-]+$/, 'a sealed key (v1.<keyId>.<iv>.<tag>.<ciphertext>)');

export const UserWalletsGenerated = defineEvent(
  'UserWalletsGenerated',
  1,
  z.object({
    userId: z.uuid(),
    /** EIP-55 checksummed. */
    polygonAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    encryptedPolygonKey: sealedKey,
    /** Classic address (r...). */
    xrplAddress: z.string().regex(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/),
    encryptedXrplSeed: sealedKey,
  }),
);

export const walletEventDefinitions = [UserWalletsGenerated] as const;

export const WALLET_EVENT_TYPES: ReadonlySet<string> = new Set(walletEventDefinitions.map((d) => d.type));

export function walletsStreamId(userId: string): string {
  return `wallets-${userId}`;
}
