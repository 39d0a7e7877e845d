// Fault test: a payout run's worker process is SIGKILLed after it credited the creator's line and
// before it recorded the lines paid; a new worker takes over and the run completes with the creator
// credited exactly once and each line marked paid once. The contract is funded the only way royalty
// money arrives: an operator's import of the partner's statement, then the partner's funds recorded.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { royaltyContractDecider } from '../../domain/royalties/royalty-contract.decider';
import { RoyaltyContractCreated, royaltyContractStreamId } from '../../domain/royalties/royalty-contract.events';
import { tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { payableStatementImporter } from '../../infra/distribution/statement-import';
import { contractIdFor } from '../../infra/royalties/contract-id';
import { royaltyEarningsSink } from '../../infra/royalties/earnings-sink';
import { recordPartnerFunds } from '../../infra/royalties/reconciliation';
import { openTokenAccount } from '../../infra/tokens/open-accounts';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { payoutUpdate, royaltyContractWorkflowId } from '../../workflows/royalty-contract/shared';
import { describeWithPostgresAndTemporal, useWorkerKillEnv } from '../support/worker-kill-env';

await describeWithPostgresAndTemporal('payout worker killed mid-run', () => {
  const env = useWorkerKillEnv({
    tmpPrefix: 'goose-payout-kill-',
    taskQueuePrefix: 'royalty-kill-',
    fixture: 'tests/support/royalty-worker.fixture.ts',
    // The activities read the creator's name from the users read model, which joins the others.
    projectionSchemas: true,
  });
  const spawnWorker = (pauseAfterPayMs: number) => env.spawnWorker({ PAUSE_AFTER_PAY_MS: String(pauseAfterPayMs) });

  it('pays the creator once and completes the run after the worker is SIGKILLed between paying and recording', { timeout: 240_000 }, async () => {
    const { eventStore, client, taskQueue } = env;
    const ownerId = randomUUID();
    await openTokenAccount(new TokenLedger(eventStore), ownerId, { correlationId: 'test', actor: 'test' });
    const contentId = randomUUID();
    // The earnings sink finds a content's contract by this id.
    const contractId = contractIdFor(contentId);
    const streamId = royaltyContractStreamId(contractId);
    const created = RoyaltyContractCreated.create({
      contractId, contentId, ownerId, contentTitle: 'Night Drive', templateType: 'standard_royalty', royaltySplit: 85,
      distributionSchedule: 'on_demand', minimumThreshold: 100, terms: { contractId }, canonical: '{}', termsSha256: 'a'.repeat(64),
      signature: { algorithm: 'Ed25519', keyId: 'goose-test', publicKey: 'pk', value: 'sig' }, network: 'testnet', xrpAmount: '99.900000', usdAmount: '49.95',
    });
    const context = { correlationId: 'test', actor: 'test' };
    await handleCommand(eventStore, streamId, royaltyContractDecider, { type: 'CreateContract', data: created.data }, context);
    const earnings = royaltyEarningsSink(eventStore);
    const releases = { find: async () => new Map([['QZKIL2600001', { distributionId: randomUUID(), contentId, ownerId, title: 'Night Drive' }]]) };
    const imported = await payableStatementImporter({ eventStore, releases, earnings })({
      source: { partnerId: 'kill-partner', channel: 'operator_import', fileName: 'october.csv', checksum: 'f'.repeat(64), importedBy: 'operator:test' },
      lines: [{ lineNumber: 2, period: '2026-10', store: 'spotify', country: 'US', identifier: 'QZKIL2600001', units: 100, amountCents: 2000 }],
      correlationId: 'test',
    });
    expect(imported.periods[0]).toMatchObject({ claimedCents: 2000, releasedCents: 0 });
    expect((await eventStore.readStream(streamId)).map((e) => e.type)).not.toContain('RoyaltyEarningsRecorded');
    const funded = await recordPartnerFunds({ eventStore, earnings }, { partnerId: 'kill-partner', period: '2026-10', amountCents: 2000, reference: 'WIRE-1', recordedBy: 'operator:test' }, context);
    expect(funded.reconciliation).toMatchObject({ releasedCents: 2000, deliveredCents: 2000 });
    expect((await eventStore.readStream(streamId)).filter((e) => e.type === 'RoyaltyEarningsRecorded')).toHaveLength(1);

    const first = await spawnWorker(120_000);
    const input = { contractId, createdAt: new Date().toISOString() };
    const handle = await client.workflow.start('royaltyContract', { taskQueue, workflowId: royaltyContractWorkflowId(contractId), args: [input] });
    const requestId = randomUUID();
    const update = await handle.startUpdate(payoutUpdate, { args: [{ requestId, trigger: 'manual', amountCents: null, correlationId: 'test', actor: 'user:test' }], waitForStage: 'ACCEPTED' });
    const runId = `${contractId}:${requestId}`;
    const creditReference = `payout-${runId}-1`;

    // Kill once the creator's line (index 1, after the platform's) is credited but not yet recorded paid.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const credited = (await eventStore.readStream(tokenAccountStreamId(ownerId))).some((e) => (e.data as { reference?: string }).reference === creditReference);
      if (credited) break;
      if (Date.now() > deadline) throw new Error(`The creator's line was never paid. Worker output:\n${first.output()}`);
      await sleep(20);
    }
    await first.kill('SIGKILL');
    const linesPaidAtKill = (await eventStore.readStream(streamId)).filter((e) => e.type === 'RoyaltyPayoutLinePaid').map((e) => (e.data as { lineIndex: number }).lineIndex);
    // A run's lines are recorded paid together, once all are paid: none is recorded yet.
    expect(linesPaidAtKill).toEqual([]);

    await spawnWorker(0);
    const answer = await update.result();
    expect(answer.runId).toBe(runId);

    const contractEvents = (await eventStore.readStream(streamId)).map((e) => e.type);
    expect(contractEvents.filter((type) => type === 'RoyaltyPayoutRunStarted')).toHaveLength(1);
    expect(contractEvents.filter((type) => type === 'RoyaltyPayoutLinePaid')).toHaveLength(2);
    expect(contractEvents.filter((type) => type === 'RoyaltyPayoutRunCompleted')).toHaveLength(1);
    const credits = (await eventStore.readStream(tokenAccountStreamId(ownerId))).filter((e) => (e.data as { reference?: string }).reference === creditReference);
    expect(credits).toHaveLength(1);
    expect((credits[0]!.data as { amountMicros: number }).amountMicros).toBe(1700 * 10_000);
  });
});
