// The license purchase's activities. Each reads the license's stream and writes through its
// decider (or the token ledger's), keyed by the license id, so a retried activity or a worker that
// died after an append changes nothing the second time. Revenue goes to the work's royalty
// contract through the earnings sink (source license_sale, reference license-<id>), which splits
// it at payout; a work without a contract has its price credited to the owner's tokens instead
// (reference license-sale-<id>), as the sink keeps nothing for content without a contract.
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { RoyaltyEarningsSink } from '../../domain/royalties/ports';
import { licenseDecider, licenseStreamId, type LicenseCommand, type LicenseEvent, type LicenseState } from '../../domain/licensing/license.decider';
import type { LicensePurchaseRequested } from '../../domain/licensing/license.events';
import { DomainError, InsufficientTokensError } from '../../domain/shared/errors';
import { trackStreamId } from '../../domain/track/track.events';
import type { CertificateSigningKey } from '../../infra/certificate/signing-key';
import type { Queryable } from '../../infra/db/db';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { EventStore } from '../../infra/eventstore/event-store';
import type { LicenseEscrow } from '../../infra/licensing/license-escrow';
import { licenseCertificateId, licensingProofId, signLicenseCertificate, LICENSE_CERTIFICATE_VERSION } from '../../infra/licensing/license-certificate';
import { logger } from '../../infra/logger/logger';
import type { TokenLedger } from '../../infra/tokens/token-ledger';
import { findUserById } from '../../projections/users/queries';
import type { LicensePurchaseInput, PaymentOutcome } from './shared';

export interface LicensePurchaseActivityDeps {
  eventStore: EventStore;
  db: Queryable;
  tokenLedger: TokenLedger;
  signingKey: CertificateSigningKey;
  /** Where a sale's revenue goes; null: straight to the owner's tokens. */
  royaltyEarnings: RoyaltyEarningsSink | null;
  /** XRPL escrow (EscrowCreate/EscrowFinish); null without XRPL_URL. */
  escrow: LicenseEscrow | null;
}

type Requested = ReturnType<typeof LicensePurchaseRequested.create>['data'];

const CENTS_TO_MICROS = 10_000;
const log = logger.child({ module: 'license-purchase' });

/** The token hold of a license bought with tokens. */
export function licenseHoldId(licenseId: string): string {
  return `license-${licenseId}`;
}

function workflowId(): string | null {
  try {
    return Context.current().info.workflowExecution?.workflowId ?? null;
  } catch {
    return null;
  }
}

/** A domain refusal is final: Temporal must not retry it. Outside an activity it is thrown as it is. */
function final(error: unknown): never {
  if (error instanceof DomainError) {
    try {
      Context.current();
    } catch {
      throw error;
    }
    throw ApplicationFailure.nonRetryable(error.message, error.constructor.name);
  }
  throw error;
}

export function createLicensePurchaseActivities(deps: LicensePurchaseActivityDeps) {
  const { eventStore, db, tokenLedger, signingKey } = deps;

  async function load(licenseId: string): Promise<{ state: LicenseState; requested: Requested; events: LicenseEvent[] }> {
    const recorded = await eventStore.readStream(licenseStreamId(licenseId));
    const events = recorded.map((e) => ({ type: e.type, data: e.data }) as LicenseEvent);
    const first = events[0];
    if (!first || first.type !== 'LicensePurchaseRequested') throw ApplicationFailure.nonRetryable(`No purchase of license ${licenseId}`, 'NotFound');
    return { state: events.reduce(licenseDecider.evolve, licenseDecider.initialState), requested: first.data, events };
  }

  async function decide(input: LicensePurchaseInput, command: LicenseCommand): Promise<void> {
    try {
      await handleCommand(eventStore, licenseStreamId(input.licenseId), licenseDecider, command, { correlationId: input.correlationId, actor: input.actor, workflowId: workflowId() });
    } catch (error) {
      final(error);
    }
  }

  const ledgerContext = (input: LicensePurchaseInput) => ({ correlationId: input.correlationId, actor: input.actor, workflowId: workflowId() });

  return {
    async securePayment(input: LicensePurchaseInput): Promise<PaymentOutcome> {
      const { state, requested, events } = await load(input.licenseId);
      if (state.paymentReference) return { kind: 'secured', reference: state.paymentReference };
      if (state.status !== 'requested') return { kind: 'refused', reason: `License ${input.licenseId} is ${state.status}` };
      switch (requested.paymentMethod) {
        case 'qxmp_tokens': {
          const holdId = licenseHoldId(input.licenseId);
          try {
            await tokenLedger.execute(
              requested.buyerId,
              {
                type: 'Hold',
                data: {
                  holdId,
                  service: 'license-purchase',
                  priceMicros: requested.priceCents * CENTS_TO_MICROS,
                  subjectId: requested.workId,
                  description: `License of "${requested.workTitle}"`,
                  at: new Date().toISOString(),
                },
              },
              ledgerContext(input),
            );
          } catch (error) {
            if (error instanceof InsufficientTokensError) return { kind: 'refused', reason: error.message };
            final(error);
          }
          await decide(input, { type: 'SecurePayment', data: { paymentMethod: 'qxmp_tokens', reference: holdId, detail: { holdId } } });
          return { kind: 'secured', reference: holdId };
        }
        case 'stripe':
          // The Stripe webhook records the paid Checkout session before it starts this workflow.
          return events.some((e) => e.type === 'LicensePaymentSecured')
            ? { kind: 'secured', reference: state.paymentReference! }
            : { kind: 'refused', reason: 'The card payment has not been received' };
        case 'polygon_escrow': {
          if (!deps.escrow) return { kind: 'refused', reason: 'XRPL escrow needs a ledger: XRPL_URL is not set' };
          const created = await deps.escrow.create({ licenseId: input.licenseId, buyerId: requested.buyerId, priceCents: requested.priceCents });
          await decide(input, { type: 'SecurePayment', data: { paymentMethod: 'polygon_escrow', reference: created.txHash, detail: { ...created } } });
          return { kind: 'secured', reference: created.txHash };
        }
        default: {
          const unknown: never = requested.paymentMethod;
          throw new Error(`Unknown payment method ${String(unknown)}`);
        }
      }
    },

    async issueLicense(input: LicensePurchaseInput): Promise<void> {
      const { state, requested } = await load(input.licenseId);
      if (state.status === 'issued') return;
      const track = await eventStore.readStream(trackStreamId(requested.workId));
      const certificateEvent = track.find((e) => e.type === 'TrackCertificateIssued');
      const workCertificate = certificateEvent?.data as { certificateId: string; certificate: { sha256: string } } | undefined;
      const [owner, buyer] = await Promise.all([findUserById(db, requested.ownerId), findUserById(db, requested.buyerId)]);
      if (!workCertificate) throw ApplicationFailure.nonRetryable(`Work ${requested.workId} has no copyright certificate`, 'NotRegistered');
      const proofId = licensingProofId(input.licenseId);
      const issuedAt = new Date().toISOString();
      const { offer } = requested;
      const signed = signLicenseCertificate(
        {
          certificateId: licenseCertificateId(input.licenseId),
          licenseId: input.licenseId,
          proofId,
          workId: requested.workId,
          workTitle: requested.workTitle,
          owner: owner?.username ?? requested.ownerId,
          buyer: buyer?.username ?? requested.buyerId,
          type: offer.type,
          scope: offer.scope,
          territory: offer.territory,
          duration: offer.duration,
          terms: offer.terms,
          priceCents: requested.priceCents,
          currency: requested.currency,
          paymentMethod: requested.paymentMethod,
          issuedAt,
          workCertificateId: workCertificate.certificateId,
          workSha256: workCertificate.certificate.sha256,
          verificationUrl: `${input.publicOrigin}/proof-explorer?proof=${encodeURIComponent(proofId)}`,
          version: LICENSE_CERTIFICATE_VERSION,
        },
        signingKey,
      );
      await decide(input, {
        type: 'Issue',
        data: { certificateId: signed.certificate.certificateId, certificate: signed.certificate, signature: signed.signature, proofId, settlementReference: state.paymentReference!, issuedAt },
      });
      log.info({ licenseId: input.licenseId, certificateId: signed.certificate.certificateId }, 'license issued');
    },

    async settlePayment(input: LicensePurchaseInput): Promise<void> {
      const { requested } = await load(input.licenseId);
      if (requested.paymentMethod === 'qxmp_tokens') {
        await tokenLedger.execute(requested.buyerId, { type: 'Capture', data: { holdId: licenseHoldId(input.licenseId) } }, ledgerContext(input)).catch(final);
      } else if (requested.paymentMethod === 'polygon_escrow') {
        if (!deps.escrow) throw ApplicationFailure.nonRetryable('XRPL escrow needs a ledger: XRPL_URL is not set', 'NoLedger');
        await deps.escrow.finish({ licenseId: input.licenseId });
      }
    },

    async recordRevenue(input: LicensePurchaseInput): Promise<void> {
      const { requested } = await load(input.licenseId);
      const description = `License of "${requested.workTitle}"`;
      const context = { correlationId: input.correlationId, actor: input.actor };
      const recorded = deps.royaltyEarnings
        ? await deps.royaltyEarnings.record(
            { contentId: requested.workId, ownerId: requested.ownerId, amountCents: requested.priceCents, source: 'license_sale', reference: `license-${input.licenseId}`, description },
            context,
          )
        : { contractId: null };
      if (recorded.contractId) return;
      await tokenLedger
        .execute(
          requested.ownerId,
          { type: 'Credit', data: { amountMicros: requested.priceCents * CENTS_TO_MICROS, cause: 'license_sale', reference: `license-sale-${input.licenseId}`, description } },
          ledgerContext(input),
        )
        .catch(final);
    },

    async failPurchase(input: LicensePurchaseInput, reason: string): Promise<void> {
      const { requested } = await load(input.licenseId);
      if (requested.paymentMethod === 'qxmp_tokens') {
        await tokenLedger.execute(requested.buyerId, { type: 'Release', data: { holdId: licenseHoldId(input.licenseId), reason: reason.slice(0, 500) } }, ledgerContext(input)).catch(final);
      }
      await decide(input, { type: 'Fail', data: { reason, refunded: false } });
    },
  };
}

export type LicensePurchaseActivities = ReturnType<typeof createLicensePurchaseActivities>;
