// The contract anchor workflow against the Temporal dev server, PGlite in memory and the rippled
// stand-in: a funded creator's deploy payment is signed, recorded, sent and validated, once however
// often the anchor is asked for; a payment recorded by a run that stopped before sending it is the
// one sent (never a second one); without a ledger it is signed and kept, awaiting submission.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { royaltyContractDecider } from '../../domain/royalties/royalty-contract.decider';
import { RoyaltyContractCreated, royaltyContractStreamId } from '../../domain/royalties/royalty-contract.events';
import { UserWalletsGenerated, walletsStreamId } from '../../domain/wallets/wallet.events';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { contractAnchor, SIGNED_NOT_SENT, type ContractAnchor } from '../../infra/royalties/contract-anchor';
import { findTemporalCli } from '../../infra/temporal/dev-server';
import { parseWalletConfig } from '../../infra/wallets/config';
import { generateUserWallets } from '../../infra/wallets/generate';
import { openWalletServices, type WalletServices } from '../../infra/wallets/services';
import { startRippledStandIn, type RippledStandIn } from '../../tests/support/rippled-stand-in';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../worker';
import { createContractAnchorActivities } from './activities';
import { temporalContractAnchorClient } from './client';
import type { ContractAnchorInput } from './shared';

const cli = await findTemporalCli();
const PLATFORM = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

(cli ? describe : describe.skip)(cli ? 'contractAnchor workflow (Temporal dev server, rippled stand-in)' : 'contractAnchor workflow (skipped: no Temporal CLI found)', () => {
  let env: TestWorkflowEnvironment;
  let db: Db;
  let eventStore: PostgresEventStore;
  let rippled: RippledStandIn;
  let dataDir: string;
  let online: { wallets: WalletServices; anchor: ContractAnchor; taskQueue: string };
  let offline: { wallets: WalletServices; anchor: ContractAnchor; taskQueue: string };
  const workers: Array<{ worker: Worker; run: Promise<void> }> = [];

  async function serve(wallets: WalletServices) {
    const anchor = contractAnchor({ eventStore, wallets, platformAccount: PLATFORM, network: 'testnet' });
    const taskQueue = `contract-anchor-test-${randomUUID()}`;
    const worker = await Worker.create({
      connection: env.nativeConnection,
      namespace: 'default',
      taskQueue,
      workflowBundle: await bundleTrackLifecycleWorkflows(),
      activities: createContractAnchorActivities({ eventStore, anchor }),
    });
    workers.push({ worker, run: worker.run() });
    return { wallets, anchor, taskQueue };
  }

  beforeAll(async () => {
    installTemporalRuntime();
    env = await TestWorkflowEnvironment.createLocal({
      server: { executable: { type: 'existing-path', path: cli!.path }, extraArgs: ['--dynamic-config-value', 'frontend.enableServerVersionCheck=false'] },
    });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-contract-anchor-'));
    db = await pgliteDb();
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    rippled = await startRippledStandIn();
    online = await serve(await openWalletServices(path.join(dataDir, 'online'), parseWalletConfig({ XRP_USD_RATE: '0.5', XRPL_URL: rippled.url })));
    offline = await serve(await openWalletServices(path.join(dataDir, 'offline'), parseWalletConfig({ XRP_USD_RATE: '0.5' })));
  }, 180_000);

  afterAll(async () => {
    for (const { worker } of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
    await Promise.all(workers.map(({ run }) => run));
    await rippled?.close();
    await eventStore?.close();
    await db?.close();
    await env?.teardown();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A creator with generated wallets and a contract of theirs, created as the route creates it. */
  async function contractOf(wallets: WalletServices): Promise<{ input: ContractAnchorInput; address: string }> {
    const userId = randomUUID();
    const generated = generateUserWallets(wallets.keyBox);
    const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() };
    await eventStore.append(walletsStreamId(userId), [{ eventId: randomUUID(), ...UserWalletsGenerated.create({ userId, ...generated }), metadata }], 'no_stream');
    const contractId = randomUUID();
    const created = RoyaltyContractCreated.create({
      contractId,
      contentId: randomUUID(),
      ownerId: userId,
      contentTitle: 'Night Drive',
      templateType: 'standard_royalty',
      royaltySplit: 85,
      distributionSchedule: 'monthly',
      minimumThreshold: 100,
      terms: { contractId },
      canonical: '{}',
      termsSha256: 'a'.repeat(64),
      signature: { algorithm: 'Ed25519', keyId: 'goose-test', publicKey: 'pk', value: 'sig' },
      network: 'testnet',
      xrpAmount: '99.900000',
      usdAmount: '49.95',
    });
    await handleCommand(eventStore, royaltyContractStreamId(contractId), royaltyContractDecider, { type: 'CreateContract', data: created.data }, { correlationId: 'test', actor: 'test' });
    return { input: { contractId, correlationId: 'test', actor: 'test' }, address: generated.xrplAddress };
  }

  const types = async (contractId: string) => (await eventStore.readStream(royaltyContractStreamId(contractId))).map((e) => e.type);
  const signedHash = async (contractId: string) =>
    ((await eventStore.readStream(royaltyContractStreamId(contractId))).find((e) => e.type === 'RoyaltyContractAnchorSigned')?.data as { txHash: string } | undefined)?.txHash;

  it('signs, records, sends and validates the deploy payment once, however often the anchor is asked for', async () => {
    const { input, address } = await contractOf(online.wallets);
    rippled.setBalance(address, '200000000');
    const anchors = temporalContractAnchorClient(env.client, online.taskQueue);
    expect(await anchors.anchor(input)).toEqual({ status: 'validated', signed: true });
    expect(await anchors.anchor(input)).toEqual({ status: 'validated', signed: true });
    const hash = await signedHash(input.contractId);
    expect(rippled.received.filter((tx) => tx.Account === address)).toEqual([expect.objectContaining({ hash, TransactionType: 'Payment', Destination: PLATFORM, Amount: '99900000' })]);
    expect(await types(input.contractId)).toEqual(['RoyaltyContractCreated', 'RoyaltyContractAnchorSigned', 'RoyaltyContractAnchorStatusRecorded']);
  }, 60_000);

  it('sends the payment a stopped run recorded, not a newly signed one', async () => {
    const { input, address } = await contractOf(online.wallets);
    rippled.setBalance(address, '200000000');
    // A run that signed and recorded the payment, then stopped before sending it.
    const steps = createContractAnchorActivities({ eventStore, anchor: online.anchor });
    expect(await steps.signAnchor(input)).toEqual({ kind: 'submit' });
    const recorded = await signedHash(input.contractId);
    expect(rippled.received.filter((tx) => tx.Account === address)).toEqual([]);

    expect(await temporalContractAnchorClient(env.client, online.taskQueue).anchor(input)).toEqual({ status: 'validated', signed: true });
    expect(rippled.received.filter((tx) => tx.Account === address).map((tx) => tx.hash)).toEqual([recorded]);
  }, 60_000);

  it('without a ledger signs the payment and keeps it, awaiting submission', async () => {
    const { input } = await contractOf(offline.wallets);
    expect(await temporalContractAnchorClient(env.client, offline.taskQueue).anchor(input)).toEqual({ status: 'awaiting_submission', signed: true });
    const events = await eventStore.readStream(royaltyContractStreamId(input.contractId));
    expect(events.at(-1)?.data).toMatchObject({ status: 'awaiting_submission', reason: SIGNED_NOT_SENT });
  }, 60_000);
});
