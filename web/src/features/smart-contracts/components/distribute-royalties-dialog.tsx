// The Distribute Royalties dialog: choose a contract, an amount in
// dollars (at least 0.01, step 0.01, at most what is pending) and pay it out now — the platform's
// share, each accepted receiver's percentage, the rest to the creator. The split shown is the
// contract's own. A run is refused while a receiver's invitation is pending; the answer says so.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import { useId, useState, type FormEvent } from 'react';
import type { Contract } from '../../../../../domain/contracts/royalties';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
import { useDistributeRoyalties } from '../api/smart-contracts';
import { checkDistributeAmount } from '../labels';

interface DistributeRoyaltiesDialogProps {
  visible: boolean;
  onHide(): void;
  contracts: readonly Contract[];
}

export function DistributeRoyaltiesDialog({ visible, onHide, contracts }: DistributeRoyaltiesDialogProps) {
  return (
    <Dialog header="Distribute Royalties" visible={visible} onHide={onHide} className="contract-dialog" draggable={false} modal>
      {visible && <DistributeForm contracts={contracts} onDone={onHide} />}
    </Dialog>
  );
}

export function DistributeForm({ contracts, onDone }: { contracts: readonly Contract[]; onDone(): void }) {
  const toast = useToast();
  const distribute = useDistributeRoyalties();
  const ids = useId();
  const payable = contracts.filter((contract) => contract.contractStatus === 'active' && contract.pendingAmount > 0);
  const [contractId, setContractId] = useState<string | null>(() => payable[0]?.contractId ?? null);
  const [amount, setAmount] = useState<number | null>(null);
  const contract = payable.find((candidate) => candidate.contractId === contractId) ?? null;
  const check = checkDistributeAmount(amount, contract?.pendingAmount ?? 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!contract) return;
    if (!check.ok) {
      toast.show({ severity: 'error', summary: 'Distribution Failed', detail: check.reason });
      return;
    }
    distribute.mutate(
      { contractId: contract.contractId, amount: check.dollars },
      {
        onSuccess: (answer) => {
          if (answer.payout) {
            toast.show({ severity: 'success', summary: 'Royalties Distributed', detail: answer.message });
            onDone();
          } else {
            toast.show({ severity: 'warn', summary: 'No payout made', detail: answer.message });
          }
        },
        onError: (error) => toast.show({ severity: 'error', summary: 'Distribution Failed', detail: errorMessage(error, 'Failed to distribute royalties') }),
      },
    );
  };

  if (payable.length === 0) {
    return (
      <div className="distribute-form">
        <Message severity="info" text="No contract has pending earnings to distribute. Earnings arrive from the sales statements of your releases." />
        <div className="button-row">
          <Button label="Close" outlined onClick={onDone} />
        </div>
      </div>
    );
  }

  const busy = distribute.isPending;
  return (
    <form className="distribute-form" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="field">
        <label htmlFor={`${ids}-contract`}>Contract</label>
        <Dropdown
          inputId={`${ids}-contract`}
          value={contractId}
          options={payable.map((candidate) => ({ label: `${candidate.contentTitle} · ${formatCents(candidate.pendingAmount)} pending`, value: candidate.contractId }))}
          disabled={busy}
          onChange={(event) => setContractId(typeof event.value === 'string' ? event.value : null)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-amount`}>Amount (USD)</label>
        <InputNumber
          inputId={`${ids}-amount`}
          value={amount}
          mode="currency"
          currency="USD"
          locale="en-US"
          min={0.01}
          step={0.01}
          max={contract ? contract.pendingAmount / 100 : undefined}
          disabled={busy}
          onValueChange={(event) => setAmount(event.value ?? null)}
        />
        {contract && <small className="muted">Up to {formatCents(contract.pendingAmount)} pending on this contract.</small>}
      </div>
      {contract && (
        <p className="inset-box small distribute-form__split">
          The platform keeps {contract.platformShare}%; each receiver who accepted gets their percentage; you get the rest of your {contract.royaltySplit}%.
          Receivers whose invitation is still pending hold the payout until they answer.
        </p>
      )}
      <div className="button-row">
        <Button type="submit" label="Distribute" icon="pi pi-send" loading={busy} disabled={busy || !check.ok} />
        <Button type="button" label="Cancel" outlined disabled={busy} onClick={onDone} />
      </div>
    </form>
  );
}
