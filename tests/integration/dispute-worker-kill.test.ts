// Fault test with the platform's real dispute effects: a case's worker process is SIGKILLed in the
// middle of paying a resolution's compensation, after the deduction from the work's royalty contract
// was recorded and before the claimant's tokens were credited; a new worker takes over, and the
// resolution completes with the claimant credited exactly once, the contract's pending lowered
// exactly once, the compensation recorded once on the case and the work unfrozen.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { compensationReference } from '../../domain/disputes/dispute.decider';
import { disputeStreamId } from '../../domain/disputes/dispute.events';
import type { DisputeActor } from '../../domain/disputes/ports';
import { pendingCents, royaltyContractDecider, type RoyaltyContractCommand } from '../../domain/royalties/royalty-contract.decider';
import { RoyaltyContractCreated, royaltyContractStreamId, type RoyaltyContractEvent } from '../../domain/royalties/royalty-contract.events';
import { availableMicros } from '../../domain/tokens/token-account.decider';
import { tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { workFrozenOf } from '../../infra/disputes/work-freeze';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { contractIdFor } from '../../infra/royalties/contract-id';
import { openTokenAccount } from '../../infra/tokens/open-accounts';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { temporalDisputeCommands } from '../../workflows/dispute/client';
import { seedCreator, seedWork } from '../support/seed-work';
import { describeWithPostgresAndTemporal, useWorkerKillEnv } from '../support/worker-kill-env';

await describeWithPostgresAndTemporal('dispute worker killed mid-resolution', () => {
  const env = useWorkerKillEnv({
    tmpPrefix: 'goose-dispute-kill-',
    taskQueuePrefix: 'dispute-kill-',
    fixture: 'tests/support/dispute-worker.fixture.ts',
    // The effects' estimated value reads the work's issued licenses from the read models.
    projectionSchemas: true,
  });
  const spawnWorker = (pauseBeforeCreditMs: number) => env.spawnWorker({ PAUSE_BEFORE_CREDIT_MS: String(pauseBeforeCreditMs) });

  const context = { correlationId: 'test', actor: 'test' };
  const contract = (workId: string, command: RoyaltyContractCommand) => handleCommand(env.eventStore, royaltyContractStreamId(contractIdFor(workId)), royaltyContractDecider, command, context);
  const contractState = async (workId: string) =>
    (await env.eventStore.readStream(royaltyContractStreamId(contractIdFor(workId)))).reduce((s, e) => royaltyContractDecider.evolve(s, { type: e.type, data: e.data } as RoyaltyContractEvent), royaltyContractDecider.initialState);

  // The kill lands between the compensation's two writes: the worker's ledger waits before the
  // credit (tests/support/dispute-worker.fixture.ts), so the deduction is recorded on the contract and
  // the claimant not yet credited. The retry must credit what was deducted then, and deduct nothing again.
  it('pays the compensation once and completes the resolution after the worker is SIGKILLed between the deduction and the credit', { timeout: 240_000 }, async () => {
    const { eventStore, client, taskQueue } = env;
    const actor = async (name: string, roles: DisputeActor['roles']): Promise<DisputeActor> => ({ userId: (await seedCreator(eventStore, name)).userId, name, roles });
    const owner = await actor('olivia', ['creator']);
    const claimant = await actor('carl', ['creator']);
    const reviewer = await actor('rita', ['creator', 'reviewer']);
    const tokenLedger = new TokenLedger(eventStore);
    await openTokenAccount(tokenLedger, claimant.userId!, context);
    const { workId } = await seedWork(eventStore, owner.userId!, { title: 'Night Drive' });
    const contractId = contractIdFor(workId);
    const created = RoyaltyContractCreated.create({
      contractId, contentId: workId, ownerId: owner.userId!, contentTitle: 'Night Drive', templateType: 'standard_royalty', royaltySplit: 85, distributionSchedule: 'weekly', minimumThreshold: 100,
      terms: { contractId }, canonical: '{}', termsSha256: 'a'.repeat(64), signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', value: 'sig' }, network: 'testnet', xrpAmount: '1', usdAmount: '1',
    });
    await contract(workId, { type: 'CreateContract', data: created.data });
    await contract(workId, { type: 'RecordEarnings', data: { amountCents: 2000, source: 'distribution_statement', reference: 's1', description: 'Statement' } });
    const balanceBefore = availableMicros(await tokenLedger.account(claimant.userId!));

    const first = await spawnWorker(120_000);
    const commands = temporalDisputeCommands(client, taskQueue);
    const { disputeId } = await commands.file({ kind: 'dispute', workId, disputeType: 'copyright_infringement', priority: 'high', subject: 'Mine', description: 'The hook is mine', claimedRights: [] }, claimant);
    expect(await workFrozenOf(eventStore)(workId)).toBe(true);
    expect((await contractState(workId)).status).toBe('disputed');
    await commands.act(disputeId, { action: 'respond', message: 'It is mine' }, owner);
    await commands.act(disputeId, { action: 'assign', reviewer }, reviewer);
    const resolving = commands.act(disputeId, { action: 'resolve', outcome: 'upheld', details: 'Copied', compensationCents: 700 }, reviewer);
    resolving.catch(() => undefined);
    const reference = compensationReference(disputeId, 1);
    const credits = async () => (await eventStore.readStream(tokenAccountStreamId(claimant.userId!))).filter((e) => (e.data as { reference?: string }).reference === reference);
    const deductions = async () =>
      (await eventStore.readStream(royaltyContractStreamId(contractId))).filter((e) => e.type === 'RoyaltyCompensationDeducted' && (e.data as { reference: string }).reference === reference);

    const deadline = Date.now() + 60_000;
    while ((await deductions()).length === 0) {
      if (Date.now() > deadline) throw new Error(`The compensation was never deducted. Worker output:\n${first.output()}`);
      await sleep(20);
    }
    await first.kill('SIGKILL');
    const caseTypes = async () => (await eventStore.readStream(disputeStreamId(disputeId))).map((e) => e.type);
    expect(await credits()).toHaveLength(0);
    expect(await caseTypes()).not.toContain('DisputeCompensationPaid');
    expect(pendingCents(await contractState(workId))).toBe(1300);

    await spawnWorker(0);
    await resolving;
    const types = await caseTypes();
    expect(types.filter((type) => type === 'DisputeCompensationPaid')).toHaveLength(1);
    expect(types.slice(-3)).toEqual(['DisputeResolved', 'DisputeCompensationPaid', 'DisputeAssetsUnfrozen']);
    const paid = (await eventStore.readStream(disputeStreamId(disputeId))).find((e) => e.type === 'DisputeCompensationPaid')!.data;
    expect(paid).toMatchObject({ decidedCents: 700, paidCents: 700, contractId, note: null });

    expect(await credits()).toHaveLength(1);
    expect(availableMicros(await new TokenLedger(eventStore).account(claimant.userId!)) - balanceBefore).toBe(700 * 10_000);
    expect(await deductions()).toHaveLength(1);
    const after = await contractState(workId);
    expect(pendingCents(after)).toBe(2000 - 700);
    expect(after.status).toBe('active');
    expect(await workFrozenOf(eventStore)(workId)).toBe(false);
  });
});
