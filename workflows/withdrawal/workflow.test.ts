// The withdrawal workflow against the Temporal dev server, PGlite in memory, the real token ledger
// and a real EVM (ganache, OpenZeppelin's ERC-20): a withdrawal debits and sends exactly the
// amount; one beyond the balance sends nothing; a refused transfer is credited back once; a sent
// transfer without a receipt keeps the debit; a second start of the same withdrawal id pays nothing more.
import { randomBytes, randomUUID } from 'node:crypto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { tokensToMicros } from '../../domain/shared/tokens';
import { availableMicros } from '../../domain/tokens/token-account.decider';
import { tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { findTemporalCli } from '../../infra/temporal/dev-server';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { keyBox } from '../../infra/wallets/key-box';
import { openPolygonTreasury, TransferUnconfirmedError, type PolygonTreasury } from '../../infra/wallets/polygon-treasury';
import { startTestChain, type TestChain } from '../../tests/support/evm';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../worker';
import { createWithdrawalActivities } from './activities';
import { temporalWithdrawalClient } from './client';
import { withdrawalWorkflowId, type WithdrawalInput } from './shared';

const cli = await findTemporalCli();
const ONE_TOKEN = 10n ** 18n;

(cli ? describe : describe.skip)(cli ? 'withdrawal workflow (Temporal dev server, ganache EVM)' : 'withdrawal workflow (skipped: no Temporal CLI found)', () => {
  let env: TestWorkflowEnvironment;
  let db: Db;
  let eventStore: PostgresEventStore;
  let tokenLedger: TokenLedger;
  let chain: TestChain;
  let treasury: PolygonTreasury;
  let worker: Worker;
  let workerRun: Promise<void>;
  /** The next transfer is sent but its receipt never comes (a node that stops answering after the send). */
  let withoutReceipt = false;
  const taskQueue = `withdrawal-test-${randomUUID()}`;

  beforeAll(async () => {
    installTemporalRuntime();
    env = await TestWorkflowEnvironment.createLocal({
      server: { executable: { type: 'existing-path', path: cli!.path }, extraArgs: ['--dynamic-config-value', 'frontend.enableServerVersionCheck=false'] },
    });
    chain = await startTestChain(1_000n * ONE_TOKEN);
    treasury = openPolygonTreasury({ rpcUrl: chain.rpcUrl, tokenContract: chain.tokenAddress, treasuryKey: chain.treasuryKey }, keyBox(randomBytes(32)));
    const flaky: PolygonTreasury = {
      tokenContract: treasury.tokenContract,
      async transfer(to, amountMicros) {
        if (!withoutReceipt) return treasury.transfer(to, amountMicros);
        withoutReceipt = false;
        const { txHash } = await treasury.transfer(to, amountMicros);
        throw new TransferUnconfirmedError(txHash, 'timeout');
      },
      close: () => treasury.close(),
    };
    db = await pgliteDb();
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    tokenLedger = new TokenLedger(eventStore);
    worker = await Worker.create({
      connection: env.nativeConnection,
      namespace: 'default',
      taskQueue,
      workflowBundle: await bundleTrackLifecycleWorkflows(),
      activities: createWithdrawalActivities({ tokenLedger, treasury: flaky }),
    });
    workerRun = worker.run();
  }, 180_000);

  afterAll(async () => {
    if (worker?.getState() === 'RUNNING') worker.shutdown();
    await workerRun;
    treasury?.close();
    await chain?.close();
    await eventStore?.close();
    await db?.close();
    await env?.teardown();
  });

  const context = { correlationId: 'test', actor: 'test' };
  const withdraw = (input: WithdrawalInput) => temporalWithdrawalClient(env.client, taskQueue).withdraw(input);
  const free = async (userId: string) => availableMicros(await tokenLedger.account(userId));
  const onChain = (address: string) => chain.token.getFunction('balanceOf')(address) as Promise<bigint>;

  async function account(tokens: number) {
    const userId = randomUUID();
    await tokenLedger.execute(userId, { type: 'OpenAccount', data: { userId, welcomeBonusMicros: tokensToMicros(tokens) } }, context);
    return { userId, toAddress: Wallet.createRandom().address };
  }
  const input = (user: { userId: string; toAddress: string }, tokens: number): WithdrawalInput => ({ withdrawalId: randomUUID(), ...user, amountMicros: tokensToMicros(tokens), ...context });
  const causes = async (userId: string) => (await eventStore.readStream(tokenAccountStreamId(userId))).map((e) => `${e.type}:${(e.data as { cause?: string }).cause}`);

  it('debits the amount and sends exactly it; the same withdrawal started again pays nothing more', async () => {
    const user = await account(10);
    const request = input(user, 3.25);
    const outcome = await withdraw(request);
    expect(outcome).toMatchObject({ kind: 'sent', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), position: expect.any(String) });
    expect(await onChain(user.toAddress)).toBe((325n * ONE_TOKEN) / 100n);
    expect(await free(user.userId)).toBe(tokensToMicros(6.75));
    // The same withdrawal id again (a retried request) answers the ended workflow's outcome and runs nothing.
    expect(await withdraw(request)).toEqual(outcome);
    expect((await env.client.workflow.getHandle(withdrawalWorkflowId(request.withdrawalId)).describe()).status.name).toBe('COMPLETED');
    expect(await onChain(user.toAddress)).toBe((325n * ONE_TOKEN) / 100n);
    expect(await causes(user.userId)).toEqual(['TokenAccountOpened:undefined', 'TokensCreditedToAccount:welcome_bonus', 'TokensDebitedFromAccount:withdrawal']);
  }, 60_000);

  it('refuses more than the balance, sending nothing', async () => {
    const user = await account(2);
    expect(await withdraw(input(user, 5))).toEqual({ kind: 'insufficient', availableMicros: tokensToMicros(2) });
    expect(await onChain(user.toAddress)).toBe(0n);
    expect(await free(user.userId)).toBe(tokensToMicros(2));
  }, 60_000);

  it('keeps the debit when the transfer was sent without a receipt', async () => {
    const user = await account(10);
    withoutReceipt = true;
    const outcome = await withdraw(input(user, 4));
    expect(outcome).toMatchObject({ kind: 'unconfirmed', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), reason: expect.stringMatching(/was sent but not confirmed/) });
    expect(await free(user.userId)).toBe(tokensToMicros(6));
    expect(await causes(user.userId)).not.toContain('TokensCreditedToAccount:refund');
  }, 60_000);

  it('credits the tokens back once when the transfer is refused (the treasury holds no tokens)', async () => {
    const user = await account(10);
    const treasuryAddress = new Wallet(chain.treasuryKey).address;
    await (await chain.token.getFunction('transfer')(Wallet.createRandom().address, await onChain(treasuryAddress))).wait();
    const outcome = await withdraw(input(user, 2));
    expect(outcome).toMatchObject({ kind: 'refunded', reason: expect.stringMatching(/^The ERC-20 transfer was refused/) });
    expect(await onChain(user.toAddress)).toBe(0n);
    expect(await free(user.userId)).toBe(tokensToMicros(10));
    expect(await causes(user.userId)).toEqual(['TokenAccountOpened:undefined', 'TokensCreditedToAccount:welcome_bonus', 'TokensDebitedFromAccount:withdrawal', 'TokensCreditedToAccount:refund']);
  }, 60_000);
});
