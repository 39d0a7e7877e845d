// An offered license, a purchased license and a signed-in user as the licensing routes answer them,
// for the unit tests of the marketplace views. Each is parsed with its contract so a fixture can
// never drift from what the server sends.
import type { User } from '../../../../domain/contracts/auth';
import { marketplaceLicenseSchema, purchasedLicenseSchema, type MarketplaceLicense, type PurchasedLicense } from '../../../../domain/contracts/licensing';

export function marketplaceLicense(overrides: Partial<MarketplaceLicense> = {}): MarketplaceLicense {
  return marketplaceLicenseSchema.parse({
    id: 'offer-1',
    workId: 'track-1',
    workTitle: 'Midnight Rain',
    creator: 'alice',
    contentType: 'audio',
    type: 'synchronization',
    scope: 'extended',
    territory: 'Worldwide',
    duration: 'Perpetual',
    rating: 4.25,
    ratingCount: 4,
    totalSales: 12,
    pricing: { currency: 'USD', amount: 49.99, amountCents: 4999, originalPrice: 79.99, discount: 38, paymentOptions: ['stripe', 'qxmp_tokens'] },
    terms: {
      permissions: ['Use in one film', 'Online trailers'],
      restrictions: ['No resale'],
      attributionRequired: true,
      commercialUse: true,
      derivatives: false,
      distribution: true,
      customTerms: 'Credit as "Music by alice".',
    },
    smartContract: {
      contractStatus: 'active',
      contractId: 'contract-1',
      royaltyRate: 85,
      blockchainNetwork: 'XRPL testnet',
      automaticPayouts: true,
      escrowAddress: null,
      escrowAmount: null,
    },
    verification: { ownershipVerified: true, rightsCleared: true, oracleScore: 94, disputeCount: 0 },
    status: 'active',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

export function purchasedLicense(overrides: Partial<PurchasedLicense> = {}): PurchasedLicense {
  return purchasedLicenseSchema.parse({
    id: 'license-1',
    offerId: 'offer-1',
    workId: 'track-1',
    workTitle: 'Midnight Rain',
    creator: 'alice',
    buyer: 'bob',
    type: 'synchronization',
    scope: 'extended',
    territory: 'Worldwide',
    duration: 'Perpetual',
    currency: 'QXMP',
    priceCents: 2500,
    paymentMethod: 'qxmp_tokens',
    status: 'issued',
    reason: null,
    certificateId: 'LIC-CERT-1',
    proofId: 'proof-licensing-1',
    rating: null,
    purchasedAt: '2026-11-21T10:00:00.000Z',
    issuedAt: '2026-11-21T10:00:05.000Z',
    ...overrides,
  });
}

export function signedInUser(overrides: Partial<User> = {}): User {
  return { id: 'user-bob', username: 'bob', tokenBalance: 100, xrplWallet: null, createdAt: '2026-11-01T00:00:00.000Z', termsAccepted: true, ...overrides };
}
