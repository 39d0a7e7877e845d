// The header's token balance (spec 1 §2 "Header widgets"): 1 token = 1 USD, a warning look at
// 5 tokens or less (spec 1 §9).
import { Tooltip } from 'primereact/tooltip';
import type { User } from '../../../../../domain/contracts/auth';
import { formatTokens } from '../../../lib/format';
import { useUser } from '../api/get-user';

export const LOW_BALANCE_TOKENS = 5;

export function TokenBalance({ fallbackUser }: { fallbackUser: User }) {
  const { data } = useUser({ enabled: true });
  const balance = (data ?? fallbackUser).tokenBalance;
  const low = balance <= LOW_BALANCE_TOKENS;
  const tooltip = low
    ? `Low balance: ${formatTokens(balance)} GOOSE tokens. Services are paid in tokens (1 token = 1 USD).`
    : `${formatTokens(balance)} GOOSE tokens. Services are paid in tokens (1 token = 1 USD).`;
  return (
    <>
      <Tooltip target=".token-balance" position="bottom" />
      <div
        className={`token-balance${low ? ' token-balance--low' : ''}`}
        role="status"
        aria-label={`Token balance: ${formatTokens(balance)} tokens`}
        data-pr-tooltip={tooltip}
        tabIndex={0}
      >
        <i className={`pi ${low ? 'pi-exclamation-triangle' : 'pi-wallet'}`} aria-hidden="true" />
        <span className="token-balance__amount">{formatTokens(balance)}</span>
        <span className="token-balance__unit">tokens</span>
      </div>
    </>
  );
}
