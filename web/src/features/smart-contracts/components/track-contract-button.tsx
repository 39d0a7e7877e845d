// A registered track's way into its royalty contract, offered on other screens' track cards (the
// Copyright Oracle's): Create Smart Contract opens the dialog for this track; once a contract
// covers it, Open Smart Contract leads to the Contracts tab instead.
import { Button } from 'primereact/button';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { useChangeTab } from '../../../lib/dashboard-tabs';
import { useContracts } from '../../../lib/track/api/create-contract';
import { smartContractTabAtom } from '../atoms';
import { CreateContractDialog } from './create-contract-dialog';

export function TrackContractButton({ item }: { item: VaultItem }) {
  const changeTab = useChangeTab();
  const contracts = useContracts({ enabled: true });
  const setContractTab = useSetAtom(smartContractTabAtom);
  const [open, setOpen] = useState(false);
  const list = contracts.data ?? [];
  const showContracts = () => {
    setContractTab('contracts');
    changeTab('smart-contracts');
  };
  if (list.some((contract) => contract.contentId === item.id)) {
    return <Button label="Open Smart Contract" icon="pi pi-file-edit" size="small" outlined onClick={showContracts} />;
  }
  return (
    <>
      <Button label="Create Smart Contract" icon="pi pi-file-edit" size="small" disabled={contracts.isPending} onClick={() => setOpen(true)} />
      <CreateContractDialog
        visible={open}
        onHide={() => setOpen(false)}
        items={[item]}
        contracts={list}
        initialContentId={item.id}
        onCreated={showContracts}
      />
    </>
  );
}
