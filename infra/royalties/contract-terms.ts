// A royalty contract's terms as a document anyone can check: the fields are signed with the
// platform's Ed25519 certificate key over their RFC 8785 canonical JSON (as certificates are), and
// the SHA-256 of that canonical text is what the XRPL anchor transaction carries as its memo.
import { createHash, createPublicKey, verify } from 'node:crypto';
import canonicalize from 'canonicalize';
import { CONTRACT_DEPLOY_PRICE_USD, type ContractTemplate, type DistributionSchedule } from '../../domain/royalties/terms';
import type { CertificateSigningKey } from '../certificate/signing-key';

export const CONTRACT_TERMS_VERSION = 'goose-royalty-terms/1';

export interface ContractTermsInput {
  contractId: string;
  contentId: string;
  contentTitle: string;
  /** The content's registration transaction on the XRP Ledger. */
  contentXrplTxHash: string;
  creatorId: string;
  creatorName: string;
  templateType: ContractTemplate;
  royaltySplit: number;
  distributionSchedule: DistributionSchedule;
  minimumThresholdCents: number;
  network: string;
  createdAt: string;
}

export interface SignedContractTerms {
  terms: Record<string, unknown>;
  canonical: string;
  sha256: string;
  signature: { algorithm: 'Ed25519'; keyId: string; publicKey: string; value: string };
}

/** The terms document: what the creator, the receivers and the platform agree to. */
export function contractTerms(input: ContractTermsInput): Record<string, unknown> {
  return {
    version: CONTRACT_TERMS_VERSION,
    contractId: input.contractId,
    content: { id: input.contentId, title: input.contentTitle, xrplRegistrationTx: input.contentXrplTxHash },
    creator: { userId: input.creatorId, name: input.creatorName },
    template: input.templateType,
    split: {
      creatorPercent: input.royaltySplit,
      platformPercent: 100 - input.royaltySplit,
      receivers: 'Each accepted receiver is paid its percentage of every payout out of the creator share; receivers never exceed the creator share.',
    },
    payouts: {
      currency: 'USD',
      unit: 'cents',
      schedule: input.distributionSchedule,
      minimumThresholdCents: input.minimumThresholdCents,
      rounding: 'Whole cents by largest remainder; the lines of a payout sum exactly to it.',
      consent: 'A payout waits while a receiver has not answered the invitation; declined or removed receivers are not paid.',
    },
    deployment: { network: `XRPL ${input.network}`, priceUsd: CONTRACT_DEPLOY_PRICE_USD.toFixed(2), paidFrom: "the creator's XRPL account" },
    createdAt: input.createdAt,
  };
}

export function signContractTerms(terms: Record<string, unknown>, key: CertificateSigningKey): SignedContractTerms {
  const canonical = canonicalize(terms);
  if (canonical === undefined) throw new Error('The contract terms have no JSON form');
  return {
    terms,
    canonical,
    sha256: createHash('sha256').update(canonical, 'utf8').digest('hex'),
    signature: { algorithm: 'Ed25519', keyId: key.keyId, publicKey: key.publicKeyBase64, value: key.sign(Buffer.from(canonical, 'utf8')) },
  };
}

/** True when the canonical text is the terms' and the published key signed it. */
export function verifyContractTerms(signed: SignedContractTerms, publishedPublicKeyBase64: string): boolean {
  if (canonicalize(signed.terms) !== signed.canonical) return false;
  if (signed.signature.publicKey !== publishedPublicKeyBase64) return false;
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publishedPublicKeyBase64 }, format: 'jwk' });
  return verify(null, Buffer.from(signed.canonical, 'utf8'), key, Buffer.from(signed.signature.value, 'base64url'));
}
