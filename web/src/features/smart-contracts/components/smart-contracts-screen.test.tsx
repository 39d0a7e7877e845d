// What the Smart Contracts screen shows, read from its rendered HTML: the header dialogs' buttons,
// the five tabs, the Ready for Smart Contracts grid (registered content only), the Library's rows
// and its Go to Oracle empty state, the contract cards (6-card skeleton, empty state, figures,
// progress capped at 100 %, badges), receivers, history, analytics; the funding prompt is in funding-dialog.test.tsx.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { describeCapabilities } from '../../../../../domain/platform/capabilities';
import { CAPABILITIES_KEY, ROYALTY_HISTORY_KEY } from '../../../lib/query-keys';
import { smartContractTabAtom } from '../atoms';
import { vaultItem } from '../../../lib/track/vault-item.fixture';
import { contract, payoutRun, receiver } from '../../../lib/smart-contracts.fixture';
import { RoyaltyFigures } from './analytics-tab';
import { ContractsTab } from './contracts-tab';
import { Deployment } from './contract-view-dialog';
import { CreateContractForm, DeployPrice } from './create-contract-dialog';
import { DistributeForm } from './distribute-royalties-dialog';
import { PayoutHistory } from './history-tab';
import { InvitationBody } from './invitation-panel';
import { LibraryTab } from './library-tab';
import { ReceiverList } from './receivers-tab';
import { SmartContractsScreen } from './smart-contracts-panel';

function render(node: ReactNode, queryClient = new QueryClient(), store = createStore()): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <ToastProvider>{node}</ToastProvider>
      </JotaiProvider>
    </QueryClientProvider>,
  );
}

const registered = vaultItem({ id: 'track-1', title: 'First Light', xrplTxHash: 'A1B2C3D4E5F6A7B8C9D0', status: 'registered' });
const unregistered = vaultItem({ id: 'track-2', title: 'Draft Idea', xrplTxHash: null });
const noop = () => undefined;

describe('smart contracts screen', () => {
  it('offers both header dialogs and the five tabs, and lists only registered content as ready', () => {
    const html = render(<SmartContractsScreen items={[registered, unregistered]} contracts={[]} contractsStatus="success" />);
    expect(html).toContain('Create Smart Contract');
    expect(html).toContain('Distribute Royalties');
    for (const tab of ['Library', 'Smart Contracts', 'Royalty Receivers', 'Royalty History', 'Analytics']) expect(html).toContain(`>${tab}<`);
    const ready = /<section class="ready-grid"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(ready).toContain('First Light');
    expect(ready).not.toContain('Draft Idea');
    expect(ready).toContain('A1B2C3D4E5F6<');
  });

  it('opens on the tab another view asked for (navigate-to-tab)', () => {
    const store = createStore();
    store.set(smartContractTabAtom, 'history');
    const queryClient = new QueryClient();
    queryClient.setQueryData(ROYALTY_HISTORY_KEY, []);
    const html = render(<SmartContractsScreen items={[registered]} contracts={[]} contractsStatus="success" />, queryClient, store);
    expect(html).toContain('No Distribution History');
    expect(html).not.toContain('Go to Oracle');
  });

  it('waits for the vault list instead of saying nothing is registered', () => {
    const html = render(<SmartContractsScreen items={[]} itemsLoading contracts={[]} contractsStatus="pending" />);
    expect(html).toContain('Loading your content');
    expect(html).not.toContain('Go to Oracle');
  });

  it('marks ready content that already has a contract', () => {
    const html = render(<SmartContractsScreen items={[registered]} contracts={[contract({ contentId: 'track-1' })]} contractsStatus="success" />);
    expect(html).toContain('Contract: Active, not on the ledger yet');
    const paused = render(<SmartContractsScreen items={[registered]} contracts={[contract({ contentId: 'track-1', contractStatus: 'paused' })]} contractsStatus="success" />);
    expect(paused).toContain('Contract: Paused');
    expect(paused).not.toContain('Contract active');
  });
});

describe('library tab', () => {
  it('shows title, ID, file type and the first 12 characters of the XRPL hash, with Play, Certificate and Create Smart Contract', () => {
    const html = render(<LibraryTab items={[registered, unregistered]} contracted={new Set()} onCreateContract={noop} />);
    expect(html).toContain('First Light');
    expect(html).toContain('track-1');
    expect(html).toContain('WAV');
    expect(html).toMatch(/<code title="A1B2C3D4E5F6A7B8C9D0">A1B2C3D4E5F6<\/code>/);
    expect(html).toContain('>Play<');
    expect(html).toContain('>Certificate<');
    expect(html).toContain('>Create Smart Contract<');
    expect(html).not.toContain('Draft Idea');
  });

  it('offers Go to Oracle when nothing is registered', () => {
    const html = render(<LibraryTab items={[unregistered]} contracted={new Set()} onCreateContract={noop} />);
    expect(html).toContain('Go to Oracle');
  });
});

describe('smart contracts tab', () => {
  it('shows a skeleton of 6 cards while loading and an empty state without contracts', () => {
    const loading = render(<ContractsTab status="pending" contracts={[]} onCreate={noop} />);
    expect(loading.match(/contract-skeleton/g)).toHaveLength(6);
    expect(render(<ContractsTab status="success" contracts={[]} onCreate={noop} />)).toContain('No smart contracts yet');
  });

  it('shows status, earnings, distributed, pending, progress, next distribution and the ledger badges of an anchored contract', () => {
    const anchored = contract({ deployment: { ...contract().deployment, status: 'validated', reason: null, explorerUrl: 'https://testnet.xrpl.org/transactions/ABAB' } });
    const html = render(<ContractsTab status="success" contracts={[anchored]} onCreate={noop} />);
    expect(html).toContain('Contract status: Active"');
    expect(html).toMatch(/<dt>Total earnings<\/dt><dd>\$123.45<\/dd>/);
    expect(html).toMatch(/<dt>Distributed<\/dt><dd>\$100.00<\/dd>/);
    expect(html).toMatch(/<dt>Pending<\/dt><dd>\$23.45<\/dd>/);
    expect(html).toMatch(/<dt>Next distribution<\/dt><dd>Dec 1, 2026<\/dd>/);
    expect(html).toContain('Distributed 81%');
    expect(html).toContain('IMMUTABLE &amp; ACTIVE');
    expect(html).toContain('Validated on the XRP Ledger');
    expect(html).toContain('View Contract');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Blockchain Protected"|<button[^>]*aria-label="Blockchain Protected"[^>]*disabled=""/);
  });

  it('claims no lock or protection for a contract the ledger does not hold, and says what it is', () => {
    const html = render(<ContractsTab status="success" contracts={[contract()]} onCreate={noop} />);
    expect(html).toContain('Contract status: Active, not on the ledger yet');
    expect(html).toContain('Signed, awaiting submission to the XRP Ledger');
    expect(html).not.toContain('IMMUTABLE');
    expect(html).not.toContain('Blockchain Protected');
    const unsigned = render(<ContractsTab status="success" contracts={[contract({ deployment: { ...contract().deployment, txHash: null, account: null } })]} onCreate={noop} />);
    expect(unsigned).toContain('Not signed yet, not on the ledger');
    expect(unsigned).not.toContain('Signed, awaiting');
  });

  it('says a paused, completed or disputed contract is that, even when the ledger holds it', () => {
    const validated = { ...contract().deployment, status: 'validated' as const, reason: null };
    const standing = (contractStatus: 'paused' | 'completed' | 'disputed') => render(<ContractsTab status="success" contracts={[contract({ contractStatus, deployment: validated })]} onCreate={noop} />);
    expect(standing('paused')).toContain('Contract status: Paused');
    expect(standing('completed')).toContain('Contract status: Completed');
    expect(standing('disputed')).toContain('Contract status: Frozen by a dispute');
    for (const status of ['paused', 'completed', 'disputed'] as const) {
      expect(standing(status)).not.toContain('IMMUTABLE');
      expect(standing(status)).toContain('On the XRP Ledger');
    }
  });

  it('caps the progress at 100 % and says an on-demand contract has no date', () => {
    const html = render(
      <ContractsTab status="success" contracts={[contract({ distributedAmount: 20_000, totalEarnings: 10_000, pendingAmount: 0, nextDistribution: null, distributionSchedule: 'on_demand' })]} onCreate={noop} />,
    );
    expect(html).toContain('Distributed 100%');
    expect(html).toMatch(/<dt>Next distribution<\/dt><dd>On demand<\/dd>/);
  });
});

describe('view contract', () => {
  it('says a signed deploy is awaiting submission, with the reason and no transaction', () => {
    const html = render(<Deployment contract={contract()} />);
    expect(html).toContain('Signed, awaiting submission to the XRP Ledger');
    expect(html).toContain('it waits for a connection to the XRP Ledger');
    expect(html).toContain('<dt>Deploy price</dt><dd>16.9 XRP ($49.95)</dd>');
    expect(html).not.toContain('href=');
  });

  it('gives the dollar price of a deploy this server cannot price in XRP, never "unpriced XRP"', () => {
    const html = render(<Deployment contract={contract({ deployment: { ...contract().deployment, xrpAmount: 'unpriced', txHash: null, account: null } })} />);
    expect(html).toContain('<dt>Deploy price</dt><dd>$49.95, paid in XRP once this server has an XRP price</dd>');
    expect(html).not.toContain('unpriced');
    expect(html).toContain('Not signed yet, not on the ledger');
    expect(html).toContain('this server has no XRP price');
  });

  it('explains a waiting deployment stored with an older reason in plain words, without the setting or the hash', () => {
    const old = `No XRP Ledger server is configured (XRPL_URL is not set), so the deployment payment ${'AB'.repeat(32)} from rCreator is signed but has not been sent to the testnet ledger.`;
    const html = render(<Deployment contract={contract({ deployment: { ...contract().deployment, reason: old } })} />);
    expect(html).toContain('The deploy payment is signed; it waits for a connection to the XRP Ledger');
    expect(html).not.toContain('XRPL_URL');
    const walletless = render(<Deployment contract={contract({ deployment: { ...contract().deployment, txHash: null, account: null, reason: 'You have no XRPL wallet yet: generate your wallets, then the deployment can be signed from your account.' } })} />);
    expect(walletless).toContain('you had no XRPL wallet when this contract was created');
  });

  it('links a submitted deploy transaction to its explorer page', () => {
    const deployed = contract({
      deployment: { ...contract().deployment, status: 'validated', txHash: 'F'.repeat(64), reason: null, explorerUrl: 'https://testnet.xrpl.org/transactions/FFF' },
    });
    const html = render(<Deployment contract={deployed} />);
    expect(html).toContain('Validated on the XRP Ledger');
    expect(html).toContain('href="https://testnet.xrpl.org/transactions/FFF"');
  });
});

describe('royalty receivers', () => {
  it('shows a skeleton while loading and the empty state', () => {
    expect(render(<ReceiverList status="pending" receivers={[]} />)).toContain('aria-busy="true"');
    expect(render(<ReceiverList status="success" receivers={[]} />)).toContain('No royalty receivers added yet');
  });

  it('shows each receiver with the share, the invitation status and, when pending, the sent date', () => {
    const html = render(
      <ReceiverList status="success" receivers={[receiver(), receiver({ id: 'r2', receiverName: 'Cy', invitationStatus: 'accepted', acceptedAt: '2026-11-21T09:00:00.000Z', royaltyPercentage: 10 })]} />,
    );
    expect(html).toContain('Invitation pending');
    expect(html).toContain('Sent Nov 20, 2026');
    expect(html).toContain('Accepted Nov 21, 2026');
    expect(html).toContain('Receivers&#x27; total: 25%');
    expect(html).toContain('aria-label="Remove Bea"');
  });
});

describe('royalty history', () => {
  it('says No Distribution History without payouts', () => {
    expect(render(<PayoutHistory status="success" payouts={[]} />)).toContain('No Distribution History');
  });

  it('shows each run with its lines, amounts and how each was paid', () => {
    const html = render(<PayoutHistory status="success" payouts={[payoutRun()]} />);
    expect(html).toContain('Distributed by you');
    expect(html).toMatch(/<td>GOOSE platform<\/td><td>15%<\/td><td>\$1.50<\/td><td>Recorded<\/td>/);
    expect(html).toMatch(/<td>Bea<\/td><td>15%<\/td><td>\$1.50<\/td><td>Paid in XRP <code[^>]*>C0FFEEC0FFEE<\/code><\/td>/);
    expect(html).toMatch(/<td>ada<\/td><td>70%<\/td><td>\$7.00<\/td><td>Credited in tokens<\/td>/);
  });

  it('shows under a line the reason it was not paid the way it asked, and nothing under the others', () => {
    const reason = "XRP payouts are not offered on this server (it has no connection to the XRP Ledger), so no XRP was sent; credited in tokens to the receiver's GOOSE account instead";
    const run = payoutRun();
    run.lines[1] = { ...run.lines[1]!, method: 'token_credit', txHash: null, reason };
    const html = render(<PayoutHistory status="success" payouts={[run]} />);
    expect(html).toMatch(/<td>Bea<\/td><td>15%<\/td><td>\$1.50<\/td><td>Credited in tokens<\/td><\/tr><tr class="payout-lines__reason"><td colSpan="4" class="muted small">XRP payouts are not offered on this server \(it has no connection to the XRP Ledger\), so no XRP was sent; credited in tokens to the receiver&#x27;s GOOSE account instead<\/td><\/tr>/);
    expect(html.match(/payout-lines__reason"/g)).toHaveLength(1);
  });
});

describe('analytics', () => {
  it('shows the server figures: totals, by month, by source and by contract', () => {
    const html = render(
      <RoyaltyFigures
        analytics={{
          totals: { totalEarnings: 12_345, distributed: 10_000, pending: 2_345, contracts: 1, receivers: 2, payouts: 3 },
          byMonth: [{ month: '2026-11', earnings: 12_345, distributed: 10_000 }],
          bySource: [{ source: 'distribution_statement', amount: 12_345 }],
          byContract: [{ contractId: 'contract-1', contentTitle: 'First Light', totalEarnings: 12_345, distributedAmount: 10_000, pendingAmount: 2_345 }],
        }}
      />,
    );
    expect(html).toMatch(/<dt>Total earnings<\/dt><dd>\$123.45<\/dd>/);
    expect(html).toMatch(/<dt>Payouts<\/dt><dd>3<\/dd>/);
    expect(html).toMatch(/<td>Nov 2026<\/td><td>\$123.45<\/td><td>\$100.00<\/td>/);
    expect(html).toMatch(/<td>Store sales \(statements\)<\/td><td>\$123.45<\/td>/);
    expect(html).toMatch(/<td>First Light<\/td><td>\$123.45<\/td><td>\$100.00<\/td><td>\$23.45<\/td>/);
    expect(html).not.toContain('Coming Soon');
  });
});

describe('create smart contract', () => {
  it('offers only registered content without a contract, the standard template, a monthly schedule and the deploy price', () => {
    const html = render(
      <CreateContractForm items={[registered, unregistered]} contracts={[]} initialContentId="track-1" onDone={noop} />,
    );
    expect(html).toContain('First Light · A1B2C3D4E5F6');
    expect(html).toContain('Standard royalty (85% to the creator)');
    expect(html).toContain('Monthly');
    expect(html).toContain('$1.00');
    expect(html).toContain('$49.95');
  });

  it("says, from the server's capabilities, whether the contract will be recorded on the XRP Ledger", () => {
    const facts = { ledgerConnected: false, xrpPriced: false, cardPayments: false, xrpDepositsCredited: false, cardOnramp: false, withdrawals: false, workflowService: true, deliveryPartner: false, mailServer: false, xrpEscrow: false };
    const withReport = (report: ReturnType<typeof describeCapabilities>) => {
      const queryClient = new QueryClient();
      queryClient.setQueryData(CAPABILITIES_KEY, report);
      return render(<DeployPrice />, queryClient);
    };
    const bare = withReport(describeCapabilities(facts));
    expect(bare).toContain(describeCapabilities(facts)['contract-anchors'].reason!);
    expect(bare).toContain('its card says it is not on the ledger');
    const anchored = withReport(describeCapabilities({ ...facts, ledgerConnected: true, xrpPriced: true }));
    expect(anchored).toContain('records the signed terms on the XRP Ledger');
    expect(anchored).not.toContain('not on the ledger');
  });

  it('says when there is no registered content left to cover', () => {
    const html = render(<CreateContractForm items={[registered]} contracts={[contract({ contentId: 'track-1' })]} initialContentId="track-1" onDone={noop} />);
    expect(html).toContain('This track already has a smart contract');
    expect(html).toContain('No registered content without a contract');
  });
});

describe('distribute royalties', () => {
  it('offers contracts with pending earnings and states the contract\'s split', () => {
    const html = render(<DistributeForm contracts={[contract()]} onDone={noop} />);
    expect(html).toContain('First Light · $23.45 pending');
    expect(html).toContain('The platform keeps 15%');
    expect(html).toContain('rest of your 85%');
  });

  it('says when nothing is pending', () => {
    expect(render(<DistributeForm contracts={[contract({ pendingAmount: 0 })]} onDone={noop} />)).toContain('No contract has pending earnings');
  });
});

describe('royalty invitation', () => {
  const invitation = { receiverName: 'Bea', receiverEmail: 'bea@example.com', royaltyPercentage: 15, contentTitle: 'First Light', creatorName: 'ada', invitationStatus: 'pending' as const };
  const user = { id: 'u2', username: 'bea', tokenBalance: 0, xrplWallet: null, createdAt: '2026-01-01T00:00:00.000Z', termsAccepted: true };

  it('asks a visitor to sign up or log in to accept (declining needs no account), and offers a signed-in person Accept and Decline', () => {
    const signedOut = render(<InvitationBody token="t" invitation={invitation} user={null} />);
    expect(signedOut).toContain('<strong>15%</strong>');
    expect(signedOut).toContain('Sign Up');
    expect(signedOut).not.toContain('>Accept<');
    expect(signedOut).toContain('>Decline<');
    const signedIn = render(<InvitationBody token="t" invitation={invitation} user={user} />);
    expect(signedIn).toContain('>Accept<');
    expect(signedIn).toContain('>Decline<');
  });

  it('shows an answered invitation without buttons', () => {
    const html = render(<InvitationBody token="t" invitation={{ ...invitation, invitationStatus: 'accepted' }} user={user} />);
    expect(html).toContain('Accepted');
    expect(html).not.toContain('>Accept<');
  });
});
