// The header's token balance (spec 1 §2, §8, §9): the spendable balance, a tooltip with what running
// steps hold, the ledger balance and the subscription; a warning look at 5 tokens or less; Generate
// Wallet in its place while the user has no Polygon wallet. Clicking it opens the history.
import { useSetAtom } from 'jotai';
import { Button } from 'primereact/button';
import { Tooltip } from 'primereact/tooltip';
import type { User } from '../../../../../domain/contracts/auth';
import type { BalanceResponse } from '../../../../../domain/contracts/tokens';
import { LOW_BALANCE_WARNING_TOKENS } from '../../../../../domain/tokens/catalogue';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatTokens } from '../../../lib/format';
import { useUser } from '../../dashboard/api/get-user';
import { useGenerateWallet, useTokenBalance } from '../api/tokens';
import { tokenHistoryOpenAtom } from '../atoms';

const NO_WALLET = 'does not have a Polygon wallet';

export function TokenWidget({ fallbackUser }: { fallbackUser: User }) {
  const { data: user } = useUser({ enabled: true });
  const balanceQuery = useTokenBalance({ enabled: true });
  const openHistory = useSetAtom(tokenHistoryOpenAtom);
  const noWallet = balanceQuery.isError && errorMessage(balanceQuery.error, '').includes(NO_WALLET);
  if (noWallet) return <GenerateWallet />;

  const details = balanceQuery.data ?? null;
  const balance = details?.balance ?? (user ?? fallbackUser).tokenBalance;
  const low = balance <= LOW_BALANCE_WARNING_TOKENS;
  return (
    <>
      <Tooltip target=".token-balance" position="bottom" />
      <button
        type="button"
        className={`token-balance${low ? ' token-balance--low' : ''}`}
        aria-label={`Token balance: ${formatTokens(balance)} tokens`}
        data-pr-tooltip={tooltipText(balance, low, details)}
        onClick={() => openHistory(true)}
      >
        <i className={`pi ${low ? 'pi-exclamation-triangle' : 'pi-wallet'}`} aria-hidden="true" />
        <span className="token-balance__amount" data-testid="token-balance-amount">
          {formatTokens(balance)}
        </span>
        <span className="token-balance__unit">tokens</span>
      </button>
    </>
  );
}

function tooltipText(balance: number, low: boolean, details: BalanceResponse | null): string {
  const lines = [low ? `Low balance: ${formatTokens(balance)} tokens to spend` : `${formatTokens(balance)} tokens to spend`];
  if (details) {
    if (details.held > 0) lines.push(`${formatTokens(details.held)} reserved by steps still running`);
    lines.push(`Ledger balance: ${formatTokens(details.ledgerBalance)}`);
    const subscription = details.subscription;
    if (subscription) {
      lines.push(
        subscription.endsAt
          ? `${capitalize(subscription.tierId)} subscription, ends ${formatDate(subscription.endsAt)}`
          : `${capitalize(subscription.tierId)} subscription, renews ${formatDate(subscription.periodEnd)}`,
      );
    }
    if (details.wallet) lines.push(`Polygon wallet ${details.wallet.slice(0, 6)}…${details.wallet.slice(-4)}`);
  }
  lines.push('1 token = 1 USD. Click for your history.');
  return lines.join(' · ');
}

function capitalize(text: string): string {
  return text.slice(0, 1).toUpperCase() + text.slice(1);
}

function GenerateWallet() {
  const generate = useGenerateWallet();
  const toast = useToast();
  return (
    <Button
      label="Generate Wallet"
      icon="pi pi-wallet"
      size="small"
      rounded
      outlined
      loading={generate.isPending}
      tooltip="Your tokens live in a Polygon wallet the platform generates for you"
      tooltipOptions={{ position: 'bottom' }}
      onClick={() =>
        generate.mutate(undefined, {
          onSuccess: ({ wallet }) => toast.show({ severity: 'success', summary: 'Wallet Generated Successfully', detail: `Your Polygon wallet is ${wallet.address}` }),
          onError: (error) => toast.show({ severity: 'error', summary: 'Wallet Generation Failed', detail: errorMessage(error, 'Could not generate a wallet') }),
        })
      }
    />
  );
}
