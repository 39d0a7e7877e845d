// The XRP purchase card (spec 2 §2, §7): buy XRP by card through the configured on-ramp, or send
// it to your own XRPL account (address, amount and a QR of the payment request). Each tab says
// plainly what the server has not been configured to do.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tag } from 'primereact/tag';
import { useToast } from '../../../components/ui/toast';
import { apiGet, apiRequest, errorMessage } from '../../../lib/api-client';

interface XrpPricing {
  pricing: { xrpAmount: number; usdAmount: number; rate: number; rateSource: string; rateAt: string } | null;
  error?: string;
}
interface WalletInfo {
  walletAddress: string;
  requiredAmount: number | null;
  funded: boolean | null;
  balanceXrp: number | null;
  note?: string | null;
}

const get = <T,>(url: string) => ({ queryKey: [url], queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<T>(url, { on401: 'throw', signal }), retry: false });

export function XrpPurchaseCard() {
  return (
    <section className="xrp-card" aria-label="Buy XRP">
      <h3>XRP for smart contracts</h3>
      <p className="muted small">A royalty contract's one-time deployment is paid in XRP from your own XRPL account.</p>
      <TabView>
        <TabPanel header="Credit Card">
          <CardTab />
        </TabPanel>
        <TabPanel header="XRP Transfer">
          <TransferTab />
        </TabPanel>
      </TabView>
    </section>
  );
}

function CardTab() {
  const toast = useToast();
  const pricing = useQuery(get<XrpPricing>('/api/xrp/pricing'));
  const purchase = useMutation({ mutationFn: () => apiRequest<{ success: boolean; purchaseUrl?: string; error?: string }>('POST', '/api/xrp/purchase', {}) });
  return (
    <div className="xrp-card__tab">
      {pricing.isPending && <Skeleton height="2rem" />}
      {pricing.data?.pricing && (
        <p>
          {pricing.data.pricing.xrpAmount.toFixed(2)} XRP ≈ ${pricing.data.pricing.usdAmount.toFixed(2)} at {pricing.data.pricing.rate} USD/XRP ({pricing.data.pricing.rateSource})
        </p>
      )}
      {pricing.data && !pricing.data.pricing && <Message severity="info" text={pricing.data.error ?? 'No XRP rate is available'} />}
      {pricing.isError && <Message severity="warn" text={errorMessage(pricing.error, 'The XRP price is not available')} />}
      {purchase.data && !purchase.data.success && <Message severity="info" text={purchase.data.error ?? 'Buying XRP by card is not available'} />}
      <Button
        label="Buy XRP by card"
        icon="pi pi-credit-card"
        loading={purchase.isPending}
        onClick={() =>
          purchase.mutate(undefined, {
            onSuccess: (answer) => {
              if (answer.success && answer.purchaseUrl) window.open(answer.purchaseUrl, 'goose-xrp-purchase', 'width=600,height=700,noopener');
            },
            onError: () => toast.show({ severity: 'error', summary: 'Purchase Error', detail: 'Failed to create XRP purchase. Please try again.' }),
          })
        }
      />
    </div>
  );
}

function TransferTab() {
  const toast = useToast();
  const info = useQuery(get<WalletInfo>('/api/xrp/wallet-info'));
  const qr = useQuery({ ...get<{ qrCodeDataUrl: string; paymentUri: string }>('/api/xrp/qr-code'), enabled: info.isSuccess });
  if (info.isPending) return <Skeleton height="6rem" />;
  if (info.isError) return <Message severity="info" text={errorMessage(info.error, 'Your XRPL account is not available')} />;
  const wallet = info.data!;
  const copy = () =>
    navigator.clipboard.writeText(wallet.walletAddress).then(
      () => toast.show({ severity: 'success', summary: 'Copied!', detail: 'XRPL address copied' }),
      () => toast.show({ severity: 'error', summary: 'Copy failed', detail: 'Could not copy to clipboard' }),
    );
  return (
    <div className="xrp-card__tab xrp-card__transfer">
      <div>
        <p className="small muted">Send XRP to your XRPL account:</p>
        <p className="mono break">{wallet.walletAddress}</p>
        <Button label="Copy address" icon="pi pi-copy" size="small" text onClick={() => void copy()} />
        <p>{wallet.requiredAmount !== null ? `Needed: ${wallet.requiredAmount.toFixed(2)} XRP` : 'The amount needed is not known: no XRP rate is configured.'}</p>
        {wallet.funded === true && <Tag value={`Funded: ${wallet.balanceXrp ?? 0} XRP`} severity="success" />}
        {wallet.funded === false && <Tag value={`Not funded yet: ${wallet.balanceXrp ?? 0} XRP`} severity="warning" />}
        {wallet.funded === null && <p className="small muted">{wallet.note ?? 'Funding cannot be checked: the XRP Ledger is not configured on this server.'}</p>}
      </div>
      {qr.data && <img className="xrp-card__qr" src={qr.data.qrCodeDataUrl} alt={`QR code of the payment request ${qr.data.paymentUri}`} width={160} height={160} />}
    </div>
  );
}
