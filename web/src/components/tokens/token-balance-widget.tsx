// The header's token balance: the spendable balance with 2
// decimals, a tooltip with what running steps hold, the ledger balance and the subscription, a
// warning look at 5 tokens or less; clicking it opens the token history. The balance shows from
// sign-up (the welcome bonus), which also opens the wallets; an account from before that, still
// without wallets, gets Generate Wallet beside it.
import { Button } from 'primereact/button';
import { Tooltip } from 'primereact/tooltip';
import type { User } from '../../../../domain/contracts/auth';
import { useToast } from '../ui/toast';
import { errorMessage } from '../../lib/api-client';
import { openTokenHistory } from '../../lib/app-events';
import { useGenerateWallet, usePricing, useTokenBalance } from '../../lib/tokens/api/tokens';
import { formatBalance, isLowBalance, subscriptionSummary } from '../../lib/tokens/labels';
import './tokens.css';

export function TokenBalanceWidget({ user }: { user: User }) {
  const toast = useToast();
  const balance = useTokenBalance({ enabled: true });
  const pricing = usePricing();
  const generate = useGenerateWallet({
    onSuccess: ({ wallet }) => toast.show({ severity: 'success', summary: 'Wallet Generated Successfully', detail: `Your Polygon wallet ${wallet.address} is ready.` }),
    onError: (error) => toast.show({ severity: 'error', summary: 'Wallet Generation Failed', detail: errorMessage(error, 'The wallet could not be generated') }),
  });
  const failure = balance.isError ? errorMessage(balance.error, 'The balance could not be read') : null;
  const account = balance.data ?? null;
  // Until the token account answers (or when it cannot), the user record's balance is shown.
  const spendable = account?.balance ?? user.tokenBalance;
  const low = isLowBalance(spendable, pricing.data);
  const subscription = subscriptionSummary(account?.subscription ?? null);

  return (
    <>
      <Tooltip target=".token-balance" position="bottom" className="token-balance-tooltip">
        <dl className="token-balance-tooltip__facts">
          <dt>Balance</dt>
          <dd>{formatBalance(spendable)} tokens</dd>
          {account && (
            <>
              <dt>Held by running steps</dt>
              <dd>{formatBalance(account.held)} tokens</dd>
              <dt>Ledger balance</dt>
              <dd>{formatBalance(account.ledgerBalance)} tokens</dd>
            </>
          )}
          <dt>Subscription</dt>
          <dd>{subscription ?? 'None'}</dd>
        </dl>
        {low && <p className="token-balance-tooltip__warning">Low balance: top up before your next paid step.</p>}
        {failure && <p className="token-balance-tooltip__warning">The token account could not be read: {failure}</p>}
        <p className="token-balance-tooltip__note">1 token = 1 USD · click for your token history</p>
      </Tooltip>
      <button
        type="button"
        className={`token-balance${low ? ' token-balance--low' : ''}`}
        aria-label={`Token balance: ${formatBalance(spendable)} tokens`}
        aria-describedby={low ? 'token-balance-low' : undefined}
        data-testid="token-balance"
        onClick={openTokenHistory}
      >
        <i className={`pi ${low ? 'pi-exclamation-triangle' : 'pi-wallet'}`} aria-hidden="true" />
        <span className="token-balance__amount" data-testid="token-balance-amount">
          {formatBalance(spendable)}
        </span>
        <span className="token-balance__unit">tokens</span>
        {low && (
          <span id="token-balance-low" className="visually-hidden">
            Low balance
          </span>
        )}
      </button>
      {(account?.wallet === null || generate.isPending) && (
        <Button label="Generate Wallet" icon="pi pi-wallet" className="generate-wallet-button" aria-label="Generate Wallet" size="small" rounded outlined loading={generate.isPending} onClick={() => generate.mutate()} />
      )}
    </>
  );
}
