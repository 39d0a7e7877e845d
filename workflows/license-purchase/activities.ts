// The license purchase's activities. Each reads the license's stream and writes through its
// decider (or the token ledger's), keyed by the license id, so a retried activity or a worker that
// died after an append changes nothing the second time. Revenue goes to the work's royalty
// contract through the earnings sink (source license_sale, reference license-<id>), which splits
// it at payout; a work without a contract has its price credited to the owner's tokens instead
// (reference license-sale-<id>), as the sink keeps nothing for content without a contract. An
// escrow purchase's EscrowCreate is recorded (LicenseEscrowPrepared) before it is submitted, so a
// retry sends that same transaction and never a second escrow. Just before a license is issued it is
// admitted on the work's freeze stream: a dispute that froze the work after the purchase was
// requested refuses it there, and the money is given back instead (refundPurchase). A certificate
// names its owner and buyer by their account names; one whose name cannot be found is refused the
// same way, so no certificate ever names a person by their id.
import { ApplicationFailure } from '@temporalio/common';
import type { RoyaltyEarningsSink } from '../../domain/royalties/ports';
import { licenseDecider, licenseStreamId, type LicenseCommand, type LicenseEvent, type LicenseState } from '../../domain/licensing/license.decider';
import type { LicensePurchaseRequested } from '../../domain/licensing/license.events';
import type { UserNames } from '../../domain/identity/ports';
import { InsufficientTokensError } from '../../domain/shared/errors';
import { trackStreamId } from '../../domain/track/track.events';
import type { CertificateSigningKey } from '../../infra/certificate/signing-key';
import type { Queryable } from '../../infra/db/db';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { EventStore } from '../../infra/eventstore/event-store';
import { ESCROW_NEEDS_LEDGER, EscrowNotPayableError, escrowOf, type LicenseEscrow, type PreparedEscrow } from '../../infra/licensing/license-escrow';
import { WalletNotFundedError } from '../../infra/royalties/contract-anchor';
import { storedUserNames } from '../../infra/identity/user-names';
import { licenseCertificateId, licensingProofId, signLicenseCertificate, LICENSE_CERTIFICATE_VERSION } from '../../infra/licensing/license-certificate';
import { logger } from '../../infra/logger/logger';
import type { TokenLedger } from '../../infra/tokens/token-ledger';
import { admitLicenseIssue, settleLicenseIssue } from '../../infra/disputes/work-freeze';
import { formatCents } from '../../domain/royalties/royalty-contract.decider';
import { FAILURE_KINDS } from '../failure-kinds';
import { LICENSE_PURCHASE_FAILURES, type IssueOutcome, type LicensePurchaseInput, type PaymentOutcome, type RefundOutcome, PURCHASE_FAILURE_KINDS } from './shared';
import { currentWorkflowIdOrNull, finalRefusal } from '../activity-context';

export interface LicensePurchaseActivityDeps {
  eventStore: EventStore;
  db: Queryable;
  tokenLedger: TokenLedger;
  signingKey: CertificateSigningKey;
  /** Where a sale's revenue goes; null: straight to the owner's tokens. */
  royaltyEarnings: RoyaltyEarningsSink | null;
  /** XRPL escrow (EscrowCreate/EscrowFinish); null without XRPL_URL. */
  escrow: LicenseEscrow | null;
  /** The names the certificate gives the owner and the buyer; the users read model, else their streams, when absent. */
  userNames?: UserNames;
}

type Requested = ReturnType<typeof LicensePurchaseRequested.create>['data'];

const CENTS_TO_MICROS = 10_000;
const log = logger.child({ module: 'license-purchase' });

/** The token hold of a license bought with tokens. */
export function licenseHoldId(licenseId: string): string {
  return `license-${licenseId}`;
}

export function createLicensePurchaseActivities(deps: LicensePurchaseActivityDeps) {
  const { eventStore, tokenLedger, signingKey } = deps;
  const names = deps.userNames ?? storedUserNames(deps.db, eventStore);

  async function load(licenseId: string): Promise<{ state: LicenseState; requested: Requested; events: LicenseEvent[] }> {
    const recorded = await eventStore.readStream(licenseStreamId(licenseId));
    const events = recorded.map((e) => ({ type: e.type, data: e.data }) as LicenseEvent);
    const first = events[0];
    if (!first || first.type !== 'LicensePurchaseRequested') throw ApplicationFailure.nonRetryable(`No purchase of license ${licenseId}`, FAILURE_KINDS.notFound);
    return { state: events.reduce(licenseDecider.evolve, licenseDecider.initialState), requested: first.data, events };
  }

  async function decide(input: LicensePurchaseInput, command: LicenseCommand): Promise<void> {
    try {
      await handleCommand(eventStore, licenseStreamId(input.licenseId), licenseDecider, command, { correlationId: input.correlationId, actor: input.actor, workflowId: currentWorkflowIdOrNull() });
    } catch (error) {
      finalRefusal(error);
    }
  }

  /** The license's EscrowCreate: the one recorded by an earlier attempt, else signed now and recorded BEFORE it is submitted. */
  async function preparedEscrow(input: LicensePurchaseInput, requested: Requested, events: LicenseEvent[]): Promise<{ kind: 'prepared'; escrow: PreparedEscrow } | Extract<PaymentOutcome, { kind: 'refused' }>> {
    const recorded = escrowOf(events);
    if (recorded) return { kind: 'prepared', escrow: recorded };
    let escrow: PreparedEscrow;
    try {
      escrow = await deps.escrow!.prepare({ licenseId: input.licenseId, buyerId: requested.buyerId, priceCents: requested.priceCents, currency: requested.currency });
    } catch (error) {
      if (error instanceof EscrowNotPayableError || error instanceof WalletNotFundedError) return { kind: 'refused', failure: PURCHASE_FAILURE_KINDS.paymentRefused, reason: error.message };
      throw error;
    }
    try {
      await decide(input, { type: 'PrepareEscrow', data: escrow });
    } catch (error) {
      // Another attempt recorded its escrow first: that one is the license's, this one is never sent.
      const again = escrowOf((await load(input.licenseId)).events);
      if (again) return { kind: 'prepared', escrow: again };
      throw error;
    }
    return { kind: 'prepared', escrow };
  }

  const ledgerContext = (input: LicensePurchaseInput) => ({ correlationId: input.correlationId, actor: input.actor, workflowId: currentWorkflowIdOrNull() });

  return {
    async securePayment(input: LicensePurchaseInput): Promise<PaymentOutcome> {
      const { state, requested, events } = await load(input.licenseId);
      if (state.paymentReference) return { kind: 'secured', reference: state.paymentReference };
      if (state.status !== 'requested') return { kind: 'refused', failure: PURCHASE_FAILURE_KINDS.paymentRefused, reason: `License ${input.licenseId} is ${state.status}` };
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
            if (error instanceof InsufficientTokensError) return { kind: 'refused', failure: PURCHASE_FAILURE_KINDS.insufficientTokens, reason: error.message };
            finalRefusal(error);
          }
          await decide(input, { type: 'SecurePayment', data: { paymentMethod: 'qxmp_tokens', reference: holdId, detail: { holdId } } });
          return { kind: 'secured', reference: holdId };
        }
        case 'stripe':
          // The Stripe webhook records the paid Checkout session before it starts this workflow.
          return events.some((e) => e.type === 'LicensePaymentSecured')
            ? { kind: 'secured', reference: state.paymentReference! }
            : { kind: 'refused', failure: PURCHASE_FAILURE_KINDS.paymentRefused, reason: 'The card payment has not been received' };
        case 'polygon_escrow': {
          if (!deps.escrow) return { kind: 'refused', failure: PURCHASE_FAILURE_KINDS.paymentRefused, reason: ESCROW_NEEDS_LEDGER };
          const prepared = await preparedEscrow(input, requested, events);
          if (prepared.kind === 'refused') return prepared;
          const created = await deps.escrow.create(prepared.escrow);
          if (created.kind === 'refused') return { kind: 'refused', failure: PURCHASE_FAILURE_KINDS.paymentRefused, reason: created.reason };
          const { account, destination, xrpAmount, txHash, sequence, condition, cancelAfter } = prepared.escrow;
          const detail = { account, destination, xrpAmount, txHash, sequence, condition, cancelAfter, ledgerIndex: created.ledgerIndex, status: 'created' };
          await decide(input, { type: 'SecurePayment', data: { paymentMethod: 'polygon_escrow', reference: txHash, detail } });
          return { kind: 'secured', reference: txHash };
        }
        default: {
          const unknown: never = requested.paymentMethod;
          throw new Error(`Unknown payment method ${String(unknown)}`);
        }
      }
    },

    async issueLicense(input: LicensePurchaseInput): Promise<IssueOutcome> {
      const { state, requested } = await load(input.licenseId);
      const gate = { workId: requested.workId, licenseId: input.licenseId };
      if (state.status === 'issued') {
        await settleLicenseIssue(eventStore, gate, ledgerContext(input));
        return { kind: 'issued' };
      }
      const admission = await admitLicenseIssue(eventStore, gate, ledgerContext(input));
      if (!admission.admitted) return { kind: 'refused', failure: PURCHASE_FAILURE_KINDS.licensingFrozen, reason: admission.reason };
      const track = await eventStore.readStream(trackStreamId(requested.workId));
      const certificateEvent = track.find((e) => e.type === 'TrackCertificateIssued');
      const workCertificate = certificateEvent?.data as { certificateId: string; certificate: { sha256: string } } | undefined;
      const [owner, buyer] = await Promise.all([names.nameOf(requested.ownerId), names.nameOf(requested.buyerId)]);
      if (!workCertificate) throw ApplicationFailure.nonRetryable(`Work ${requested.workId} has no copyright certificate`, LICENSE_PURCHASE_FAILURES.workNotRegistered);
      if (!owner) return { kind: 'refused', failure: PURCHASE_FAILURE_KINDS.issueRefused, reason: `The owner of "${requested.workTitle}" has no account on this server, so no certificate can name them` };
      if (!buyer) return { kind: 'refused', failure: PURCHASE_FAILURE_KINDS.issueRefused, reason: 'The buying account is not on this server, so no certificate can name it' };
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
          owner,
          buyer,
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
      await settleLicenseIssue(eventStore, gate, ledgerContext(input));
      log.info({ licenseId: input.licenseId, certificateId: signed.certificate.certificateId }, 'license issued');
      return { kind: 'issued' };
    },

    async settlePayment(input: LicensePurchaseInput): Promise<void> {
      const { requested } = await load(input.licenseId);
      if (requested.paymentMethod === 'qxmp_tokens') {
        await tokenLedger.execute(requested.buyerId, { type: 'Capture', data: { holdId: licenseHoldId(input.licenseId) } }, ledgerContext(input)).catch(finalRefusal);
      } else if (requested.paymentMethod === 'polygon_escrow') {
        if (!deps.escrow) throw ApplicationFailure.nonRetryable(ESCROW_NEEDS_LEDGER, LICENSE_PURCHASE_FAILURES.noLedger);
        const escrow = escrowOf((await load(input.licenseId)).events);
        if (!escrow) throw ApplicationFailure.nonRetryable(`License ${input.licenseId} has no escrow to finish`, LICENSE_PURCHASE_FAILURES.noEscrow);
        const finished = await deps.escrow.finish(escrow);
        log.info({ licenseId: input.licenseId, escrow: escrow.txHash, finish: finished.txHash }, 'license escrow finished');
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
        .catch(finalRefusal);
    },

    async failPurchase(input: LicensePurchaseInput, reason: string): Promise<void> {
      const { requested } = await load(input.licenseId);
      if (requested.paymentMethod === 'qxmp_tokens') {
        await tokenLedger.execute(requested.buyerId, { type: 'Release', data: { holdId: licenseHoldId(input.licenseId), reason: reason.slice(0, 500) } }, ledgerContext(input)).catch(finalRefusal);
      }
      await decide(input, { type: 'Fail', data: { reason, refunded: false } });
    },

    async refundPurchase(input: LicensePurchaseInput, reason: string): Promise<RefundOutcome> {
      const { requested } = await load(input.licenseId);
      const price = formatCents(requested.priceCents);
      let refund: { refunded: boolean; said: string };
      switch (requested.paymentMethod) {
        case 'qxmp_tokens':
          await tokenLedger.execute(requested.buyerId, { type: 'Release', data: { holdId: licenseHoldId(input.licenseId), reason: reason.slice(0, 500) } }, ledgerContext(input)).catch(finalRefusal);
          refund = { refunded: true, said: `the ${price} held from your tokens was released` };
          break;
        case 'stripe':
          // No card refund is made from here: the paid price comes back as tokens (1 token = 1 USD).
          await tokenLedger
            .execute(
              requested.buyerId,
              { type: 'Credit', data: { amountMicros: requested.priceCents * CENTS_TO_MICROS, cause: 'refund', reference: `license-refund-${input.licenseId}`, description: `License of "${requested.workTitle}" not issued: ${reason}`.slice(0, 300) } },
              ledgerContext(input),
            )
            .catch(finalRefusal);
          refund = { refunded: true, said: `your card payment of ${price} was returned to your token balance` };
          break;
        case 'polygon_escrow': {
          const escrow = escrowOf((await load(input.licenseId)).events);
          refund = { refunded: false, said: escrow ? `the XRPL escrow ${escrow.txHash} was not finished; it can be cancelled back to your account after ${escrow.cancelAfter}` : 'no escrow was created' };
          break;
        }
        default: {
          const unknown: never = requested.paymentMethod;
          throw new Error(`Unknown payment method ${String(unknown)}`);
        }
      }
      const message = `${reason}: the license was not issued and ${refund.said}`;
      await decide(input, { type: 'Fail', data: { reason: message, refunded: refund.refunded } });
      await settleLicenseIssue(eventStore, { workId: requested.workId, licenseId: input.licenseId }, ledgerContext(input));
      log.info({ licenseId: input.licenseId, workId: requested.workId, refunded: refund.refunded, reason }, 'license not issued');
      return { status: 'failed', message };
    },
  };
}

export type LicensePurchaseActivities = ReturnType<typeof createLicensePurchaseActivities>;
