// A contract, a payout run and a receiver as the royalty routes answer them, for the unit tests of
// the views that show contracts (the Smart Contracts screen, the track workflow card).
import type { Contract, PayoutRun, Receiver } from '../../../domain/contracts/royalties';

export function contract(overrides: Partial<Contract> = {}): Contract {
  return {
    contractId: 'contract-1',
    contentId: '00000000-0000-4000-8000-000000000001',
    contentTitle: 'First Light',
    templateType: 'standard_royalty',
    contractStatus: 'active',
    royaltySplit: 85,
    platformShare: 15,
    distributionSchedule: 'monthly',
    minimumThreshold: 100,
    totalEarnings: 12_345,
    distributedAmount: 10_000,
    pendingAmount: 2_345,
    nextDistribution: '2026-12-01T12:00:00.000Z',
    termsSha256: 'ab'.repeat(32),
    deployment: {
      status: 'awaiting_submission',
      network: 'testnet',
      account: 'rCreatorAccount1111111111111111111',
      txHash: 'AB'.repeat(32),
      xrpAmount: '16.9',
      usdAmount: '49.95',
      reason: 'The deploy payment is signed; it waits for a connection to the XRP Ledger, which this server does not have yet, so no ledger holds it.',
      explorerUrl: null,
    },
    createdAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

export function payoutRun(overrides: Partial<PayoutRun> = {}): PayoutRun {
  return {
    runId: 'run-1',
    contractId: 'contract-1',
    contentTitle: 'First Light',
    trigger: 'distribute',
    status: 'completed',
    amount: 1_000,
    lines: [
      { party: 'platform', receiverId: null, name: 'GOOSE platform', percentage: 15, amount: 150, method: 'recorded', txHash: null, reason: null },
      { party: 'receiver', receiverId: 'r1', name: 'Bea', percentage: 15, amount: 150, method: 'xrpl_payment', txHash: 'C0FFEE'.repeat(10), reason: null },
      { party: 'creator', receiverId: null, name: 'ada', percentage: 70, amount: 700, method: 'token_credit', txHash: null, reason: null },
    ],
    startedAt: '2026-11-25T10:00:00.000Z',
    completedAt: '2026-11-25T10:00:05.000Z',
    ...overrides,
  };
}

export function receiver(overrides: Partial<Receiver> = {}): Receiver {
  return {
    id: 'r1',
    contentId: '00000000-0000-4000-8000-000000000001',
    receiverName: 'Bea',
    receiverEmail: 'bea@example.com',
    royaltyPercentage: 15,
    receiverWallet: null,
    invitationStatus: 'pending',
    invitationSentAt: '2026-11-20T09:00:00.000Z',
    acceptedAt: null,
    ...overrides,
  };
}
