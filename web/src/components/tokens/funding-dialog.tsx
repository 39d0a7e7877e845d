// The XRP Funding Required dialog: opened when creating a contract is refused with
// WALLET_NOT_FUNDED:{xrp}:{usd}, since the deploy price is paid from the creator's own XRPL account.
// It shows that account's address with its ledger network (a warning off mainnet: no real XRP), the
// amounts, a direct funding link (a ripple: payment request a wallet app opens, with its QR code)
// and, where the server has a card on-ramp (the `card-onramp` capability), the provider's page to
// buy the XRP by card; elsewhere the capability's reason says card buying is not offered here.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useCapability } from '../../lib/capabilities';
import { useOpenCardOnramp, useXrpQrCode, useXrpWalletInfo } from '../../lib/tokens/api/xrp';
import { DepositNetwork } from './deposit-network';
import './funding-dialog.css';

export interface FundingNeeded {
  xrpAmount: string;
  usdAmount: string;
}

interface FundingDialogProps {
  funding: FundingNeeded | null;
  onHide(): void;
  /** Offered once the account is funded: tries the refused step again. */
  onRetry?(): void;
}

export function FundingDialog({ funding, onHide, onRetry }: FundingDialogProps) {
  return (
    <Dialog header="XRP Funding Required" visible={funding !== null} onHide={onHide} className="funding-dialog" draggable={false} modal>
      {funding && <FundingBody funding={funding} onHide={onHide} onRetry={onRetry} />}
    </Dialog>
  );
}


export function FundingBody({ funding, onHide, onRetry }: { funding: FundingNeeded; onHide(): void; onRetry?(): void }) {
  const wallet = useXrpWalletInfo(true);
  const qr = useXrpQrCode(true);

  return (
    <div className="funding">
      <p>
        Deploying a smart contract costs <strong>${funding.usdAmount}</strong> once, paid as <strong>{funding.xrpAmount} XRP</strong> from your own
        XRPL account. Your account cannot pay that yet: send at least {funding.xrpAmount} XRP to it (plus the ledger's reserve), then create the
        contract again.
      </p>
      <div className="funding__account inset-box">
        <span className="muted small">Your XRPL account</span>
        {wallet.isPending && <Skeleton height="1.4rem" width="70%" />}
        {wallet.isError && <Message severity="error" text={`Your XRPL address could not be loaded: ${errorMessage(wallet.error, 'unknown error')}`} />}
        {wallet.data && (
          <>
            <code className="funding__address">{wallet.data.walletAddress}</code>
            <DepositNetwork network={wallet.data.network} />
            {wallet.data.balanceXrp !== null && <span className="muted small">Balance: {wallet.data.balanceXrp} XRP</span>}
            {wallet.data.note && <span className="muted small">{wallet.data.note}</span>}
          </>
        )}
      </div>
      <div className="funding__options">
        <div className="funding__option">
          <h4>Send XRP</h4>
          {qr.data ? (
            <>
              <img src={qr.data.qrCodeDataUrl} alt="QR code of the payment request to your XRPL account" width={140} height={140} />
              <a className="p-button p-button-sm" href={qr.data.paymentUri} target="_blank" rel="noopener noreferrer">
                <i className="pi pi-external-link" aria-hidden="true" />
                <span>&nbsp;Fund my wallet</span>
              </a>
            </>
          ) : qr.isError ? (
            <p className="muted small">The payment request could not be made: {errorMessage(qr.error, 'unknown error')}</p>
          ) : (
            <Skeleton width="140px" height="140px" />
          )}
          <p className="muted small">Opens your XRP wallet app with a payment of the amount to your account.</p>
        </div>
        <CardOnrampOption xrpAmount={funding.xrpAmount} />
      </div>
      <div className="button-row">
        {onRetry && <Button label="I funded it, try again" icon="pi pi-refresh" onClick={onRetry} />}
        <Button label="Close" outlined onClick={onHide} />
      </div>
    </div>
  );
}

/** Buying the XRP by card through the on-ramp's page, where the server has one; its reason where not. */
function CardOnrampOption({ xrpAmount }: { xrpAmount: string }) {
  const onramp = useCapability('card-onramp');
  const purchase = useOpenCardOnramp();
  const amount = Number(xrpAmount);
  return (
    <div className="funding__option">
      <h4>Buy XRP by card</h4>
      {onramp.loading ? (
        <Skeleton height="2rem" />
      ) : onramp.available ? (
        <>
          <p className="muted small">Opens the card provider's page in a new window to buy {xrpAmount} XRP into your XRPL account; create the contract again once it arrives.</p>
          <Button label="Open the card provider" icon="pi pi-external-link" size="small" outlined loading={purchase.pending} onClick={() => purchase.open(Number.isFinite(amount) && amount > 0 ? amount : undefined)} />
          {purchase.refusal && <Message severity="error" text={purchase.refusal} />}
        </>
      ) : (
        <p className="muted small">{onramp.reason}</p>
      )}
    </div>
  );
}
