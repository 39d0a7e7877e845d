// The XRP Ledger network an address is on, beside the address: a user must know a testnet address
// takes no real XRP before sending any.
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import type { XrpWalletInfo } from '../../lib/tokens/api/xrp';
import { XRPL_NETWORK_LABELS, xrplNetworkWarning } from '../../lib/tokens/labels';
import './tokens.css';

export function DepositNetwork({ network }: { network: XrpWalletInfo['network'] }) {
  const warning = xrplNetworkWarning(network);
  return (
    <div className="deposit-network">
      <Tag value={XRPL_NETWORK_LABELS[network]} severity={warning ? 'warning' : 'info'} icon="pi pi-globe" />
      {warning && <Message severity="warn" text={warning} className="deposit-network__warning" aria-label="Not a mainnet address" />}
    </div>
  );
}
