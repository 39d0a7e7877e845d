// "View Contract": the contract's signed terms (in words, with the canonical JSON one click away, its
// SHA-256 and the platform's Ed25519 signature), the PDF of the terms, and where the deploy transaction stands, in
// plain words: a transaction that is only signed is "awaiting submission", never called on chain;
// a submitted one shows its hash and an explorer link.
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { z } from 'zod';
import type { Contract } from '../../../../../domain/contracts/royalties';
import { CONTRACT_TEMPLATES, DISTRIBUTION_SCHEDULES, TEMPLATE_LABELS } from '../../../../../domain/royalties/terms';
import { Fact } from '../../../components/ui/fact';
import { errorMessage } from '../../../lib/api-client';
import { formatCents, formatDateTime } from '../../../lib/format';
import { contractTermsPdfUrl, useContractDetail, type ContractDetail } from '../api/smart-contracts';
import { DEPLOYMENT_STATUS_SEVERITY, deployPriceText, deploymentReason, deploymentText, SCHEDULE_LABELS } from '../labels';

interface ContractViewDialogProps {
  contract: Contract;
  visible: boolean;
  onHide(): void;
}

export function ContractViewDialog({ contract, visible, onHide }: ContractViewDialogProps) {
  const detail = useContractDetail(contract.contractId, { enabled: visible });
  return (
    <Dialog header={`Contract: ${contract.contentTitle}`} visible={visible} onHide={onHide} className="contract-dialog contract-dialog--wide" draggable={false} modal>
      <Deployment contract={detail.data?.contract ?? contract} />
      {detail.isPending && <Skeleton height="10rem" aria-label="Loading the signed terms" />}
      {detail.isError && <Message severity="error" text={`The signed terms could not be loaded: ${errorMessage(detail.error, 'unknown error')}`} />}
      {detail.data && <SignedTerms contractId={contract.contractId} signed={detail.data.signedTerms} />}
    </Dialog>
  );
}

export function Deployment({ contract }: { contract: Contract }) {
  const { deployment } = contract;
  const reason = deploymentReason(deployment);
  return (
    <section className="contract-view__section" aria-label="Deployment">
      <h4>Deployment on the XRP Ledger</h4>
      <Tag value={deploymentText(deployment)} severity={DEPLOYMENT_STATUS_SEVERITY[deployment.status]} />
      <dl className="facts">
        <Fact term="Network">{deployment.network}</Fact>
        <Fact term="Deploy price">{deployPriceText(deployment)}</Fact>
        <Fact term="Paid from">{deployment.account ?? 'Your XRPL account'}</Fact>
        <Fact term="Created">{formatDateTime(contract.createdAt)}</Fact>
        {deployment.txHash && (
          <Fact term="Transaction" wide>
            {deployment.explorerUrl ? (
              <a href={deployment.explorerUrl} target="_blank" rel="noopener noreferrer">
                <code>{deployment.txHash}</code> <i className="pi pi-external-link" aria-hidden="true" />
              </a>
            ) : (
              <code>{deployment.txHash}</code>
            )}
          </Fact>
        )}
      </dl>
      {reason && <Message severity={deployment.status === 'failed' ? 'error' : 'warn'} text={reason} />}
    </section>
  );
}

export function SignedTerms({ contractId, signed }: { contractId: string; signed: ContractDetail['signedTerms'] }) {
  return (
    <section className="contract-view__section" aria-label="Signed terms">
      <h4>Signed terms</h4>
      <dl className="facts">
        <Fact term="SHA-256" wide>
          <code>{signed.sha256}</code>
        </Fact>
        <Fact term="Signature">
          {signed.signature.algorithm}, key {signed.signature.keyId}
        </Fact>
      </dl>
      <TermsFacts terms={signed.terms} />
      <details className="contract-view__json">
        <summary>Canonical JSON (what is signed)</summary>
        <pre className="contract-view__terms" role="region" aria-label="Canonical terms" tabIndex={0}>
          {JSON.stringify(signed.terms, null, 2)}
        </pre>
      </details>
      <a className="p-button p-button-outlined p-button-sm" href={contractTermsPdfUrl(contractId)} target="_blank" rel="noopener noreferrer">
        <i className="pi pi-file-pdf" aria-hidden="true" />
        <span>&nbsp;Terms PDF</span>
      </a>
    </section>
  );
}

/** The shape of goose-royalty-terms/1 that the dialog reads; terms of another shape show only as JSON. */
const readableTermsSchema = z.object({
  content: z.object({ title: z.string(), xrplRegistrationTx: z.string() }),
  creator: z.object({ name: z.string() }),
  template: z.enum(CONTRACT_TEMPLATES),
  split: z.object({ creatorPercent: z.number(), platformPercent: z.number(), receivers: z.string() }),
  payouts: z.object({ schedule: z.enum(DISTRIBUTION_SCHEDULES), minimumThresholdCents: z.number(), rounding: z.string(), consent: z.string() }),
  deployment: z.object({ network: z.string(), priceUsd: z.string(), paidFrom: z.string() }),
});

/** The signed terms in words: who, what, the split, when payouts run and how; the JSON stays one click away. */
export function TermsFacts({ terms }: { terms: Record<string, unknown> }) {
  const parsed = readableTermsSchema.safeParse(terms);
  if (!parsed.success) return <p className="muted small">These terms are in a format this page does not read; the signed JSON is below.</p>;
  const { content, creator, template, split, payouts, deployment } = parsed.data;
  return (
    <dl className="facts" aria-label="Terms">
      <Fact term="Work">{content.title}</Fact>
      <Fact term="Creator">{creator.name}</Fact>
      <Fact term="Template">{TEMPLATE_LABELS[template]}</Fact>
      <Fact term="Split">
        {split.creatorPercent}% creator · {split.platformPercent}% platform
      </Fact>
      <Fact term="Receivers" wide>
        {split.receivers}
      </Fact>
      <Fact term="Payouts">
        {SCHEDULE_LABELS[payouts.schedule]}, once at least {formatCents(payouts.minimumThresholdCents)} is pending
      </Fact>
      <Fact term="Rounding" wide>
        {payouts.rounding}
      </Fact>
      <Fact term="Consent" wide>
        {payouts.consent}
      </Fact>
      <Fact term="Deployment">
        {deployment.network}, ${deployment.priceUsd} paid from {deployment.paidFrom}
      </Fact>
      <Fact term="Registration transaction" wide>
        <code>{content.xrplRegistrationTx}</code>
      </Fact>
    </dl>
  );
}
