// The XRP purchase card. It sells the XRP package only where XRP arriving at a
// deposit address becomes tokens (the `xrp-deposits` capability); elsewhere it says plainly that
// XRP sent here is not turned into tokens, with no quote and no address to pay. Where it sells:
// XRP Transfer shows the deposit address, its ledger network (a warning off mainnet), the amount,
// its QR code and whether the address is funded (or why that cannot be checked); Credit Card, only
// where a card on-ramp is configured (`card-onramp`), asks the server for the provider's page and
// opens it in a 600x700 window: no provider confirms a payment to GOOSE, so tokens come when that
// XRP reaches the deposit address.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tag } from 'primereact/tag';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useCapability } from '../../../lib/capabilities';
import { formatDateTime } from '../../../lib/format';
import { useOpenCardOnramp, useXrpPricing, useXrpQrCode, useXrpWalletInfo } from '../../../lib/tokens/api/xrp';
import { DepositNetwork } from '../../../components/tokens/deposit-network';


export function XrpPurchaseCard() {
  const deposits = useCapability('xrp-deposits');
  const onramp = useCapability('card-onramp');
  if (deposits.loading) {
    return (
      <Card className="xrp-purchase" title="XRP">
        <Skeleton height="4rem" />
      </Card>
    );
  }
  if (!deposits.available) {
    return (
      <Card className="xrp-purchase" title="Tokens for XRP">
        <Message severity="warn" text={deposits.reason ?? undefined} className="xrp-purchase__message" aria-label="XRP deposits are not credited" />
      </Card>
    );
  }
  // TabView counts its children by index: a missing tab must be left out of the list, not rendered as false.
  const tabs = [
    onramp.available && (
      <TabPanel key="card" header="Credit Card" leftIcon="pi pi-credit-card">
        <CreditCardTab />
      </TabPanel>
    ),
    <TabPanel key="transfer" header="XRP Transfer" leftIcon="pi pi-send">
      <XrpTransferTab />
    </TabPanel>,
  ].filter(Boolean);
  return (
    <Card className="xrp-purchase" title="Buy with XRP">
      <TabView className="xrp-purchase__tabs">{tabs}</TabView>
      {!onramp.available && onramp.reason && <p className="muted small">{onramp.reason}</p>}
    </Card>
  );
}

function XrpQuote() {
  const pricing = useXrpPricing(true);
  if (pricing.isPending) return <Skeleton height="1.2rem" width="60%" />;
  if (pricing.isError) return <Message severity="warn" text={`The XRP price could not be loaded: ${errorMessage(pricing.error, 'unknown error')}`} />;
  const quote = pricing.data.pricing;
  if (!quote) return <Message severity="warn" text={pricing.data.error ?? 'No XRP price is available right now.'} />;
  return (
    <p className="xrp-purchase__quote">
      <strong>{quote.xrpAmount.toLocaleString('en-US', { maximumFractionDigits: 6 })} XRP</strong> for ${quote.usdAmount.toFixed(2)}
      <span className="muted small">
        {' '}
        · 1 XRP = ${quote.rate.toLocaleString('en-US', { maximumFractionDigits: 4 })} (this server's rate since {formatDateTime(quote.rateAt)})
      </span>
    </p>
  );
}

function CreditCardTab() {
  const onramp = useOpenCardOnramp();
  return (
    <div className="xrp-purchase__tab">
      <p className="muted small">
        This only opens the card provider's page, in a new window, to buy XRP into your deposit address. The provider does not tell GOOSE about
        your payment: tokens are credited only when the XRP arrives at your deposit address (see XRP Transfer).
      </p>
      <XrpQuote />
      <Button label="Open the card provider" icon="pi pi-external-link" loading={onramp.pending} onClick={() => onramp.open()} />
      {onramp.refusal && <Message severity="error" text={onramp.refusal} className="xrp-purchase__message" />}
    </div>
  );
}

export function XrpTransferTab() {
  const toast = useToast();
  const wallet = useXrpWalletInfo(true);
  const qr = useXrpQrCode(true);

  const copy = (address: string) =>
    navigator.clipboard.writeText(address).then(
      () => toast.show({ severity: 'success', summary: 'Address copied', detail: address }),
      () => toast.show({ severity: 'error', summary: 'Copy failed', detail: 'Select the address and copy it by hand.' }),
    );

  if (wallet.isPending) return <Skeleton height="6rem" />;
  if (wallet.isError) return <Message severity="error" text={`The wallet to pay could not be loaded: ${errorMessage(wallet.error, 'unknown error')}`} />;
  const info = wallet.data;
  return (
    <div className="xrp-purchase__tab xrp-transfer">
      <div className="xrp-transfer__details">
        <span className="field__label">Send XRP to</span>
        <div className="xrp-transfer__address">
          <code>{info.walletAddress}</code>
          <Button icon="pi pi-copy" rounded text size="small" aria-label="Copy wallet address" onClick={() => void copy(info.walletAddress)} />
        </div>
        <DepositNetwork network={info.network} />
        <p className="small">
          Required amount: <strong>{info.requiredAmount !== null ? `${info.requiredAmount} XRP` : 'not known right now'}</strong>
        </p>
        <div className="xrp-transfer__status">
          {info.funded === true && <Tag value="Funded" severity="success" icon="pi pi-check" />}
          {info.funded === false && <Tag value="Not funded yet" severity="warning" icon="pi pi-clock" />}
          {info.funded === null && <Tag value="Funding not checked" severity="secondary" icon="pi pi-question-circle" />}
          {info.balanceXrp !== null && <span className="muted small">Balance: {info.balanceXrp} XRP</span>}
        </div>
        {info.note && <p className="muted small">{info.note}</p>}
        <Message
          severity={info.deposits.credited ? 'info' : 'warn'}
          text={info.deposits.note}
          className="xrp-purchase__message"
          aria-label={info.deposits.credited ? 'XRP deposits are credited' : 'XRP deposits are not credited'}
        />
      </div>
      <div className="xrp-transfer__qr">
        {qr.isPending && <Skeleton width="160px" height="160px" />}
        {qr.isError && <p className="muted small">The QR code could not be made: {errorMessage(qr.error, 'unknown error')}</p>}
        {qr.data && <img src={qr.data.qrCodeDataUrl} alt={`QR code to pay ${info.walletAddress}`} width={160} height={160} />}
      </div>
    </div>
  );
}
