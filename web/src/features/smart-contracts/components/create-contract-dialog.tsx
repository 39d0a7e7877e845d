// The Create Smart Contract dialog: registered content only (an XRPL
// hash), one of the three templates (the creator's share is the template's), and the custom terms
// the contract keeps — payout schedule and minimum threshold (never below 1 USD). Creating pays the
// one-time deploy price in XRP from the creator's XRPL account; an account that cannot pay is
// answered WALLET_NOT_FUNDED and opens the XRP Funding Required dialog instead of a toast.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import { useId, useState, type FormEvent } from 'react';
import type { Contract } from '../../../../../domain/contracts/royalties';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import {
  CONTRACT_DEPLOY_PRICE_USD,
  CONTRACT_TEMPLATES,
  DEFAULT_CONTRACT_TEMPLATE,
  DEFAULT_DISTRIBUTION_SCHEDULE,
  DEFAULT_MINIMUM_THRESHOLD_CENTS,
  DISTRIBUTION_SCHEDULES,
  MINIMUM_DISTRIBUTION_CENTS,
  TEMPLATE_CREATOR_SHARE,
  TEMPLATE_LABELS,
  type ContractTemplate,
  type DistributionSchedule,
} from '../../../../../domain/royalties/terms';
import { useToast } from '../../../components/ui/toast';
import { useCapability } from '../../../lib/capabilities';
import { contractCreatedToast, contractFailure } from '../../../lib/track/outcome-toasts';
import { useCreateContract } from '../api/smart-contracts';
import { registeredContent, SCHEDULE_LABELS, shortHash } from '../labels';
import { FundingDialog, type FundingNeeded } from '../../../components/tokens/funding-dialog';
import '../smart-contracts.css';

interface CreateContractDialogProps {
  visible: boolean;
  onHide(): void;
  /** The creator's vault items; only registered ones without a contract are offered. */
  items: readonly VaultItem[];
  contracts: readonly Contract[];
  /** The content to preselect (a Library row's or a workflow card's track). */
  initialContentId?: string | null;
  onCreated?(contract: Contract): void;
}

export function CreateContractDialog({ visible, onHide, items, contracts, initialContentId = null, onCreated }: CreateContractDialogProps) {
  return (
    <Dialog header="Create Smart Contract" visible={visible} onHide={onHide} className="contract-dialog" draggable={false} modal>
      {visible && <CreateContractForm items={items} contracts={contracts} initialContentId={initialContentId} onDone={onHide} onCreated={onCreated} />}
    </Dialog>
  );
}

interface CreateContractFormProps {
  items: readonly VaultItem[];
  contracts: readonly Contract[];
  initialContentId: string | null;
  onDone(): void;
  onCreated?(contract: Contract): void;
}

/** Mounted each time the dialog opens, so the form starts from its defaults. */
export function CreateContractForm({ items, contracts, initialContentId, onDone, onCreated }: CreateContractFormProps) {
  const toast = useToast();
  const create = useCreateContract();
  const ids = useId();
  const covered = new Set(contracts.map((contract) => contract.contentId));
  const eligible = registeredContent(items).filter((item) => !covered.has(item.id));
  const [contentId, setContentId] = useState<string | null>(() => (initialContentId && eligible.some((item) => item.id === initialContentId) ? initialContentId : null));
  const [templateType, setTemplateType] = useState<ContractTemplate>(DEFAULT_CONTRACT_TEMPLATE);
  const [schedule, setSchedule] = useState<DistributionSchedule>(DEFAULT_DISTRIBUTION_SCHEDULE);
  const [minimumDollars, setMinimumDollars] = useState<number | null>(DEFAULT_MINIMUM_THRESHOLD_CENTS / 100);
  const [funding, setFunding] = useState<FundingNeeded | null>(null);
  const share = TEMPLATE_CREATOR_SHARE[templateType];
  const initialCovered = initialContentId !== null && covered.has(initialContentId);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!contentId) {
      toast.show({ severity: 'error', summary: 'Contract Creation Failed', detail: 'Please select content for the contract' });
      return;
    }
    const minimumThreshold = Math.round((minimumDollars ?? 0) * 100);
    if (minimumThreshold < MINIMUM_DISTRIBUTION_CENTS) {
      toast.show({ severity: 'error', summary: 'Contract Creation Failed', detail: `The minimum threshold is at least $${(MINIMUM_DISTRIBUTION_CENTS / 100).toFixed(2)}` });
      return;
    }
    setFunding(null);
    create.mutate(
      { contentId, templateType, customTerms: { royaltySplit: share, distributionSchedule: schedule, minimumThreshold } },
      {
        onSuccess: (answer) => {
          toast.show(contractCreatedToast(answer));
          onCreated?.(answer.contract);
          onDone();
        },
        onError: (error) => {
          const failure = contractFailure(error);
          if (failure.kind === 'wallet_not_funded') setFunding({ xrpAmount: failure.xrpAmount, usdAmount: failure.usdAmount });
          else toast.show(failure.toast);
        },
      },
    );
  };

  const busy = create.isPending;
  const contentOptions = eligible.map((item) => ({ label: `${item.title} · ${shortHash(item.xrplTxHash ?? '')}`, value: item.id }));

  return (
    <form className="contract-form" onSubmit={submit} noValidate aria-busy={busy}>
      {initialCovered && <Message severity="info" text="This track already has a smart contract: it is listed in the Smart Contracts tab." />}
      {eligible.length === 0 ? (
        <Message
          severity="warn"
          text="No registered content without a contract. Contracts are made for content registered on the XRP Ledger: register a track in the Copyright Oracle first."
        />
      ) : null}
      <div className="field">
        <label htmlFor={`${ids}-content`}>Content</label>
        <Dropdown
          inputId={`${ids}-content`}
          value={contentId}
          options={contentOptions}
          placeholder="Choose registered content"
          disabled={busy || eligible.length === 0}
          filter={contentOptions.length > 8}
          onChange={(event) => setContentId(typeof event.value === 'string' ? event.value : null)}
        />
        <small className="muted">Only content with an XRPL registration is listed.</small>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-template`}>Template</label>
        <Dropdown
          inputId={`${ids}-template`}
          value={templateType}
          options={CONTRACT_TEMPLATES.map((template) => ({ label: TEMPLATE_LABELS[template], value: template }))}
          disabled={busy}
          onChange={(event) => setTemplateType(event.value as ContractTemplate)}
        />
        <small className="muted">
          You receive {share}% of the royalties and the platform {100 - share}%; your receivers' shares come out of your {share}%.
        </small>
      </div>
      <div className="contract-form__row">
        <div className="field">
          <label htmlFor={`${ids}-schedule`}>Payout schedule</label>
          <Dropdown
            inputId={`${ids}-schedule`}
            value={schedule}
            options={DISTRIBUTION_SCHEDULES.map((value) => ({ label: SCHEDULE_LABELS[value], value }))}
            disabled={busy}
            onChange={(event) => setSchedule(event.value as DistributionSchedule)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-minimum`}>Minimum threshold (USD)</label>
          <InputNumber
            inputId={`${ids}-minimum`}
            value={minimumDollars}
            mode="currency"
            currency="USD"
            locale="en-US"
            min={MINIMUM_DISTRIBUTION_CENTS / 100}
            disabled={busy}
            onValueChange={(event) => setMinimumDollars(event.value ?? null)}
          />
          <small className="muted">A scheduled payout runs only once this much is pending.</small>
        </div>
      </div>
      <DeployPrice />
      <div className="button-row">
        <Button type="submit" label="Create Smart Contract" icon="pi pi-file-edit" loading={busy} disabled={busy || eligible.length === 0} />
        <Button type="button" label="Cancel" outlined disabled={busy} onClick={onDone} />
      </div>
      <FundingDialog
        funding={funding}
        onHide={() => setFunding(null)}
        onRetry={() => {
          setFunding(null);
          submit();
        }}
      />
    </form>
  );
}

/** The deploy price, and whether this server can record the contract on the XRP Ledger now (GET /api/capabilities). */
export function DeployPrice() {
  const anchors = useCapability('contract-anchors');
  return (
    <p className="contract-form__price inset-box small">
      Deploying costs <strong>${CONTRACT_DEPLOY_PRICE_USD.toFixed(2)}</strong> once, paid in XRP from your own XRPL account; that payment
      records the signed terms on the XRP Ledger.
      {!anchors.loading && !anchors.available && <> {anchors.reason} The contract still works here, and its card says it is not on the ledger.</>}
    </p>
  );
}
